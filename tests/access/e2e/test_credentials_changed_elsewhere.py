"""Issue 28: a token is refused at its next request once the password or a
grant it was issued under changes, wherever that change is made (decision
0215). The API is gunicorn in another process (``tests/support/server.py``);
each change is made by yet another process, ``manage.py changepassword`` or
``manage.py shell -c``, which shares nothing with the server but the
database. After each, the old token is refused at once, on ``/me/`` and on
the result POST with the server's caches warm, and a new login works.
"""

from __future__ import annotations

import subprocess
import sys
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.store import event_store
from tests.support.auth import PASSWORD
from tests.support.eventstore import subprocess_env
from tests.support.http import HttpClient
from tests.support.pairs_event import make_tournament, seat_pairs
from tests.support.server import Server
from tournaments.domain import board_result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]
NEW_PASSWORD = "another-long-secret-28"
REVOKED = {
    "type": "https://arbitro.invalid/problems/authentication_failed",
    "title": "AuthenticationFailed",
    "status": 403,
    "detail": "Token revoked: the account changed since the login.",
    "code": "authentication_failed",
}


def _manage(*arguments: str, stdin: str = "") -> None:
    """``manage.py`` in a process of its own, on the test database; no
    terminal (a session of its own), so ``changepassword`` reads stdin."""
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=subprocess_env(),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        start_new_session=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _shell(code: str) -> None:
    _manage("shell", "-c", code)


USERS = "from django.contrib.auth import get_user_model as U; "
GRANTS = "from access.models import RoleGrant as G; "

# name -> (the change, made by another process, for the user's pk and
# username; the password a new login gives)
CHANGES = {
    "changepassword": (
        lambda pk, name: _manage(
            "changepassword", name, stdin=f"{NEW_PASSWORD}\n{NEW_PASSWORD}\n"
        ),
        NEW_PASSWORD,
    ),
    "shell set_password": (
        lambda pk, name: _shell(
            f"{USERS}u = U().objects.get(pk={pk}); "
            f"u.set_password({NEW_PASSWORD!r}); u.save()"
        ),
        NEW_PASSWORD,
    ),
    "shell update() of the password": (
        lambda pk, name: _shell(
            "from django.contrib.auth.hashers import make_password; "
            f"{USERS}U().objects.filter(pk={pk})"
            f".update(password=make_password({NEW_PASSWORD!r}))"
        ),
        NEW_PASSWORD,
    ),
    "shell queryset delete of a grant": (
        lambda pk, name: _shell(f"{GRANTS}G.objects.filter(user_id={pk}).delete()"),
        PASSWORD,
    ),
    "shell update() of a grant": (
        lambda pk, name: _shell(
            f"{GRANTS}G.objects.filter(user_id={pk}).update(role='director')"
        ),
        PASSWORD,
    ),
}


def _user(**grant: dict[str, Any]) -> Any:
    user = get_user_model().objects.create_user(f"c-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return user


def _login(url: str, username: str, password: str) -> HttpClient:
    client = HttpClient(url)
    response = client.post(
        "/api/v1/auth/token/", {"username": username, "password": password}
    )
    assert response.status_code == 200, response.content
    client.headers["Authorization"] = f"Token {response.json()['token']}"
    return client


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_change_made_in_another_process_revokes_the_token_at_once(
    server: Server, change: str
) -> None:
    tid = uuid.uuid4()
    user = _user(chief_director={"tournament_id": tid})
    old = HttpClient(server.url, user)  # logs in with tests.support.auth's password
    for _ in range(3):  # whatever a process keeps, it has read it by now
        assert old.get("/api/v1/me/").status_code == 200
    make, password = CHANGES[change]
    make(user.pk, user.username)
    refused = old.get("/api/v1/me/")
    assert (refused.status_code, refused.json()) == (403, REVOKED)
    me = _login(server.url, user.username, password).get("/api/v1/me/")
    assert me.status_code == 200
    held = [(g["role"], g["tournament_id"]) for g in me.json()["grants"]]
    assert held == {
        "shell queryset delete of a grant": [],
        "shell update() of a grant": [("director", str(tid))],
    }.get(change, [("chief_director", str(tid))])


def _result(board: int) -> dict[str, Any]:
    return {"board_number": board, "table": 1, "contract": "3NTS", "tricks": 9}


def _stored(tid: str, board: int) -> list[str]:
    stream = board_result.stream_id(uuid.UUID(tid), 1, board, 1)
    return [e.event_type for e in event_store().read_stream(stream).events]


@pytest.mark.parametrize(
    "change", ["changepassword", "shell queryset delete of a grant"]
)
def test_the_result_post_refuses_the_old_token_at_once(
    server: Server, change: str
) -> None:
    staff = HttpClient(server.url, _user(federation_staff={}))
    tid = make_tournament(staff, timedelta(hours=1))  # type: ignore[arg-type]
    seat_pairs(staff, tid, {}, timedelta(hours=1))  # type: ignore[arg-type]
    director = _user(chief_director={"tournament_id": uuid.UUID(tid)})
    old = HttpClient(server.url, director)
    results = f"/api/v1/tournaments/{tid}/sessions/1/results/"
    # The first result warms the server's caches (the tournament): the next
    # ones are decided on it, and the token is still read each time.
    for board in (1, 2):
        assert old.post(results, _result(board)).status_code == 201
    make, password = CHANGES[change]
    make(director.pk, director.username)
    refused = old.post(results, _result(3))
    assert (refused.status_code, refused.json()) == (403, REVOKED)
    assert _stored(tid, 3) == []
    new = _login(server.url, director.username, password)
    if change == "changepassword":
        assert new.post(results, _result(3)).status_code == 201
        assert _stored(tid, 3) == ["board_result.entered"]
    else:  # relieved: signed in, and no longer a director of the event
        assert new.get("/api/v1/me/").json()["grants"] == []
        stranger = new.post(results, _result(3))
        # Neither a director nor a player of the event: refused before the
        # table is looked at (decision 0214).
        assert (stranger.status_code, stranger.json()["code"]) == (
            403,
            "permission_denied",
        )
        assert _stored(tid, 3) == []
