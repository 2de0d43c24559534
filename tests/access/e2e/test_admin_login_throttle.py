"""The admin login is throttled like the API's (issue 16, item 4), over real
HTTP against the live server: a browser's form post with its CSRF token."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from tests.support.forms import Browser

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-enough-secret-17"


def admin_login(browser: Browser, username: str, password: str) -> Any:
    return browser.submit(
        "/admin/login/",
        {"username": username, "password": password, "next": "/admin/"},
        action="/admin/login/?next=/admin/",
    )


@pytest.fixture(autouse=True)
def _fresh_cache() -> Any:
    cache.clear()
    yield
    cache.clear()


def test_the_admin_login_locks_a_username_after_five_attempts(
    live_server: Any, settings: Any
) -> None:
    settings.ARBITRO_THROTTLE_RATES = {"anon": None, "user": None, "login": "5/min"}
    staff = get_user_model().objects.create_user(
        f"admin-{uuid.uuid4().hex[:6]}", password=PASSWORD, is_staff=True
    )
    browser = Browser(live_server.url)
    wrong = [admin_login(browser, staff.username, "guess").status for _ in range(5)]
    assert wrong == [200] * 5  # the form again, with its error
    locked = admin_login(browser, staff.username, PASSWORD)
    assert locked.status == 429
    assert 0 < int(locked.headers["Retry-After"]) <= 60
    assert locked.body == "Too many login attempts: try again in a minute."
    # Another user from the same address is not locked out.
    other = get_user_model().objects.create_user(
        f"admin-{uuid.uuid4().hex[:6]}", password=PASSWORD, is_staff=True
    )
    landed = admin_login(Browser(live_server.url), other.username, PASSWORD)
    assert (landed.status, landed.url) == (200, f"{live_server.url}/admin/")
