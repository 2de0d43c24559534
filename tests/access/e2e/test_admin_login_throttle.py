"""The admin login is throttled like the API's (issue 16, item 4), over real
HTTP against the live server: a browser's form post with its CSRF token."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-enough-secret-17"


class Browser:
    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar)
        )

    def login(self, username: str, password: str) -> tuple[int, dict[str, str], str]:
        form = self.opener.open(f"{self.base}/admin/login/", timeout=30).read()
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        token = found.group(1).decode() if found else ""
        assert len(token) == 64  # Django's masked CSRF token
        body = urllib.parse.urlencode(
            {
                "csrfmiddlewaretoken": token,
                "username": username,
                "password": password,
                "next": "/admin/",
            }
        ).encode()
        request = urllib.request.Request(
            f"{self.base}/admin/login/?next=/admin/",
            data=body,
            headers={"Referer": f"{self.base}/admin/login/"},
        )
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, dict(response.headers), response.geturl()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()


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
    wrong = [browser.login(staff.username, "guess")[0] for _ in range(5)]
    assert wrong == [200] * 5  # the form again, with its error
    status, headers, body = browser.login(staff.username, PASSWORD)
    assert status == 429
    assert 0 < int(headers["Retry-After"]) <= 60
    assert body == "Too many login attempts: try again in a minute."
    # Another user from the same address is not locked out.
    other = get_user_model().objects.create_user(
        f"admin-{uuid.uuid4().hex[:6]}", password=PASSWORD, is_staff=True
    )
    status, _, landed = Browser(live_server.url).login(other.username, PASSWORD)
    assert (status, landed) == (200, f"{live_server.url}/admin/")
