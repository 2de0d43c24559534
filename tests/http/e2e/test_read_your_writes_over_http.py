"""``?min_position=`` over real HTTP with a real runner process (decision 0073).

A command's ``last_position`` read back with ``?min_position=`` is waited
for while the runner applies it; with the runner dead the same read answers
at once with the data it has and ``Arbitro-Behind: true``, never a 503.
"""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from access.models import RoleGrant
from eventstore.projections import lock_holder
from eventstore.store import event_store
from tests.support.eventstore import subprocess_env
from tests.support.http import HttpClient
from tests.support.server import Server
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]
NAME = TournamentResults.name


@pytest.fixture
def runner() -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(
        [sys.executable, "manage.py", "run_projections", NAME, "--poll", "0.2"],
        cwd=ROOT,
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    yield process
    if process.poll() is None:
        process.kill()
    process.wait(timeout=10)
    connection.close()


def wait_until(predicate: object, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError("condition not reached in time")


def create(client: HttpClient, name: str) -> tuple[str, int]:
    tid = str(uuid.uuid4())
    response = client.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": name,
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": event_store().now().isoformat(),
            "windows": {},
        },
    )
    assert response.status_code == 201
    return tid, response.json()["last_position"]


def test_a_read_waits_for_its_write_and_says_when_it_is_behind(
    server: Server, runner: subprocess.Popen[bytes]
) -> None:
    user = get_user_model().objects.create_user("federation")
    RoleGrant.objects.create(user=user, role=RoleGrant.Role.FEDERATION_STAFF)
    client = HttpClient(server.url, user)
    wait_until(lambda: lock_holder(NAME) is not None)

    tid, position = create(client, "Coppa del Nord")
    read = client.get(f"/api/v1/tournaments/{tid}/", {"min_position": position})
    assert read.status_code == 200
    assert read.json()["name"] == "Coppa del Nord"
    assert read.headers["Arbitro-Behind"] == "false"
    # Nothing was appended after the tournament: the read model is at its head.
    assert int(read.headers["Arbitro-Read-Position"]) == position

    runner.kill()  # the runner dies: nothing projects any more
    runner.wait(timeout=10)
    wait_until(lambda: lock_holder(NAME) is None)
    later, late_position = create(client, "Coppa del Sud")
    stale = client.get(f"/api/v1/tournaments/{later}/", {"min_position": late_position})
    assert stale.status_code == 404  # not projected, and the answer says why
    assert stale.headers["Arbitro-Behind"] == "true"
    assert int(stale.headers["Arbitro-Read-Position"]) == late_position - 1
    listing = client.get("/api/v1/tournaments/", {"min_position": late_position})
    assert listing.status_code == 200
    assert listing.json()["count"] == 1
    assert [t["name"] for t in listing.json()["results"]] == ["Coppa del Nord"]
    assert listing.headers["Arbitro-Behind"] == "true"

    refused = client.get("/api/v1/tournaments/", {"min_position": "soon"})
    assert refused.status_code == 400
    assert refused.json()["detail"] == {
        "min_position": ["'soon' is not a whole number of 0 or more"]
    }
