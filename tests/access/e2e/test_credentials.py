"""Issue 16, items 2 and 4: throttles, bounded reads and tokens.

Throttles count in the cache with rates set per test (decision 0106); tokens
expire, change on each login, are revoked on logout, password change and
relief, and a grant's change is seen by every process at its next request
(decision 0107). Over real HTTP where a server is involved.
"""

from __future__ import annotations

import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from access.models import RoleGrant
from access.tokens import issue
from eventstore.store import event_store
from tests.support.http import HttpClient

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-enough-secret-17"
PROBLEM = "application/problem+json"


@pytest.fixture(autouse=True)
def _fresh_cache() -> Any:
    cache.clear()
    yield
    cache.clear()


def _user(name: str) -> Any:
    return get_user_model().objects.create_user(
        f"{name}-{uuid.uuid4().hex[:6]}", password=PASSWORD
    )


def _login(client: Any, username: str, password: str = PASSWORD, **extra: Any) -> Any:
    return client.post(
        "/api/v1/auth/token/",
        {"username": username, "password": password},
        format="json",
        **extra,
    )


def _bearer(url: str, key: str) -> HttpClient:
    client = HttpClient(url)
    client.headers["Authorization"] = f"Token {key}"
    return client


def test_the_login_throttle_locks_a_username_from_one_address(
    live_server: Any, settings: Any
) -> None:
    settings.ARBITRO_THROTTLE_RATES = {"anon": None, "user": None, "login": "5/min"}
    user = _user("brute")
    client = HttpClient(live_server.url)
    wrong = [_login(client, user.username, "guess").status_code for _ in range(5)]
    assert wrong == [400] * 5
    locked = _login(client, user.username)  # the right password, locked out
    assert locked.status_code == 429, locked.json()
    assert locked.headers["Content-Type"] == PROBLEM
    assert 0 < int(locked.headers["Retry-After"]) <= 60
    # Another username from the same address is not locked...
    assert _login(client, _user("other").username).status_code == 200
    # ...nor the same username from another address.
    elsewhere = _login(APIClient(), user.username, REMOTE_ADDR="192.0.2.7")
    assert elsewhere.status_code == 200


def test_anonymous_callers_are_throttled_before_authenticated_ones(
    live_server: Any, settings: Any
) -> None:
    settings.ARBITRO_THROTTLE_RATES = {"anon": "2/min", "user": "4/min", "login": None}
    anonymous = HttpClient(live_server.url)
    assert [anonymous.get("/api/v1/ping/").status_code for _ in range(3)] == [
        200,
        200,
        429,
    ]
    member = HttpClient(live_server.url, _user("member"))
    assert [member.get("/api/v1/me/").status_code for _ in range(5)] == [
        200,
        200,
        200,
        200,
        429,
    ]


def test_a_min_position_beyond_the_head_is_refused_at_once(live_server: Any) -> None:
    head = event_store().head_position()
    reader = _user("reader")
    RoleGrant.objects.create(user=reader, role=RoleGrant.Role.FEDERATION_STAFF)
    client = HttpClient(live_server.url, reader)
    assert client.get("/api/v1/registry/players/").status_code == 200  # warm
    started = time.monotonic()
    refused = client.get("/api/v1/registry/players/", {"min_position": head + 1})
    assert time.monotonic() - started < 1.0, "not the 5 s wait"
    assert refused.status_code == 400
    assert refused.json()["detail"] == {
        "min_position": [f"{head + 1} is beyond the last recorded position ({head})"]
    }


@pytest.mark.parametrize(
    ("query", "field", "bound"),
    [
        ({"pairs": 2000, "boards_per_round": 2}, "pairs", 200),
        ({"pairs": 10, "boards_per_round": 100000}, "boards_per_round", 36),
    ],
)
def test_a_movement_preview_is_bounded(
    live_server: Any, query: dict[str, int], field: str, bound: int
) -> None:
    refused = HttpClient(live_server.url).get("/api/v1/movements/mitchell/", query)
    assert refused.status_code == 400
    assert refused.json()["detail"] == {
        field: [f"Ensure this value is less than or equal to {bound}."]
    }


def test_a_request_body_past_the_limit_is_refused(
    live_server: Any, settings: Any
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    staff = _user("big")
    RoleGrant.objects.create(user=staff, role=RoleGrant.Role.FEDERATION_STAFF)
    client = HttpClient(live_server.url, staff)
    refused = client.post("/api/v1/tournaments/", {"name": "x" * 4096, "form": "pairs"})
    assert refused.status_code == 413
    assert refused.headers["Content-Type"] == PROBLEM
    assert (refused.json()["code"], refused.json()["limit"]) == ("body_too_large", 1024)


def test_each_login_gives_a_new_key_and_the_old_one_is_refused(
    live_server: Any,
) -> None:
    user = _user("rotate")
    client = HttpClient(live_server.url)
    first = _login(client, user.username).json()
    second = _login(client, user.username).json()
    assert first["token"] != second["token"]
    assert (
        _bearer(live_server.url, first["token"]).get("/api/v1/me/").status_code == 403
    )
    assert (
        _bearer(live_server.url, second["token"]).get("/api/v1/me/").status_code == 200
    )
    expires = timezone.now() + timedelta(seconds=12 * 3600)
    assert abs(
        timezone.datetime.fromisoformat(second["expires_at"]) - expires
    ) < timedelta(seconds=30)


def test_a_token_expires(live_server: Any, settings: Any) -> None:
    user = _user("old")
    key = _login(HttpClient(live_server.url), user.username).json()["token"]
    me = _bearer(live_server.url, key)
    assert me.get("/api/v1/me/").status_code == 200
    Token.objects.filter(key=key).update(
        created=timezone.now() - timedelta(seconds=settings.ARBITRO_TOKEN_TTL_SECONDS)
    )
    expired = me.get("/api/v1/me/")
    assert expired.status_code == 403
    assert expired.json()["detail"] == "Token has expired."


def test_logout_revokes_the_callers_token(live_server: Any) -> None:
    user = _user("bye")
    key = _login(HttpClient(live_server.url), user.username).json()["token"]
    me = _bearer(live_server.url, key)
    assert me.get("/api/v1/me/").status_code == 200
    assert me.post("/api/v1/auth/logout/").status_code == 204
    assert me.get("/api/v1/me/").status_code == 403
    assert not Token.objects.filter(user=user).exists()


def test_a_password_change_revokes_every_token(live_server: Any) -> None:
    user = _user("pw")
    key = _login(HttpClient(live_server.url), user.username).json()["token"]
    me = _bearer(live_server.url, key)
    assert me.get("/api/v1/me/").status_code == 200
    user.set_password("another-long-secret-42")
    user.save()
    assert me.get("/api/v1/me/").status_code == 403
    user.first_name = "Ada"  # a save without a new password keeps new tokens
    key = _login(
        HttpClient(live_server.url), user.username, "another-long-secret-42"
    ).json()["token"]
    user.save()
    assert _bearer(live_server.url, key).get("/api/v1/me/").status_code == 200


def test_a_relieved_directors_token_is_revoked_at_once(live_server: Any) -> None:
    user = _user("relieved")
    tid = uuid.uuid4()
    grant = RoleGrant.objects.create(
        user=user, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=tid
    )
    key = _login(HttpClient(live_server.url), user.username).json()["token"]
    me = _bearer(live_server.url, key)
    assert me.get("/api/v1/me/").json()["grants"][0]["tournament_id"] == str(tid)
    grant.delete()
    assert me.get("/api/v1/me/").status_code == 403


def test_a_change_without_a_signal_is_seen_at_the_next_request() -> None:
    """Nothing read with a token is kept between requests: a grant written
    as another process would (no signal here) counts at once (decision
    0215)."""
    user = _user("shared")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue(user.pk).key}")
    assert client.get("/api/v1/me/").json()["grants"] == []
    tid = uuid.uuid4()
    RoleGrant.objects.bulk_create(  # sends no signal, as another process's write
        [RoleGrant(user=user, role=RoleGrant.Role.DIRECTOR, tournament_id=tid)]
    )
    grants = client.get("/api/v1/me/").json()["grants"]
    assert [g["tournament_id"] for g in grants] == [str(tid)]
