"""Liveness is real (decision 0071): a dead runner is reported down, a
restarted one catches up, and a runner whose connection is cut keeps running.

Issue 11 (8): after a database restart the runner process died, its
checkpoint still said ``running``, and ``/api/health/`` stayed ``ok``.
"""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from eventstore.models import Checkpoint, ProjectionFailure
from eventstore.projections import lock_holder
from eventstore.store import Metadata, event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR, subprocess_env
from tests.support.models import TournamentTally as TallyRow
from tests.support.projections import StreamTally, TournamentTally
from tests.support.staff import operator_client

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]
NAME = StreamTally.name


def start_runner(*names: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "manage.py", "run_projections", *names, "--poll", "0.2"],
        cwd=ROOT,
        env=subprocess_env(ARBITRO_PROJECTION_HEARTBEAT_SECONDS="1"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


@pytest.fixture
def runners() -> Iterator[list[subprocess.Popen[bytes]]]:
    """Runner processes started by a test, stopped (SIGKILL) whatever happens."""
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
    connection.close()


def wait_until(predicate: Callable[[], Any], timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("condition not reached in time")


def write(events: int) -> int:
    store = event_store()
    for n in range(events):
        store.append(
            uuid.uuid4(),
            [Pinged(n=n)],
            stream_type="test",
            expected_version=0,
            metadata=ACTOR,
        )
    return store.head_position()


def checkpoint() -> int:
    row = Checkpoint.objects.filter(name=NAME).first()
    return row.last_position if row else 0


def health() -> tuple[int, dict[str, Any]]:
    response = operator_client().get("/api/health/")
    return response.status_code, response.json()


def running() -> tuple[int, dict[str, Any]] | None:
    """Health once every runner has taken its lock and beaten, else None."""
    code, body = health()
    states = {p["state"] for p in body["projections"].values()}
    return (code, body) if states == {"ok"} else None


def test_health_says_down_when_the_runner_dies_and_the_new_one_catches_up(
    runners: list[subprocess.Popen[bytes]],
) -> None:
    runners.append(start_runner())  # every configured projection
    code, body = wait_until(running, timeout=60)
    assert code == 200
    # Every projection is ok: only an unreachable broker makes it degraded.
    assert body["status"] == ("ok" if body["broker"]["ok"] else "degraded")
    mine = body["projections"][NAME]
    assert (mine["state"], mine["status"]) == ("ok", "running")
    assert mine["runner"]["alive"] is True
    assert mine["runner"]["process"].endswith(f":{runners[0].pid}")
    assert 0 <= mine["heartbeat_age"] < 30

    runners[0].send_signal(signal.SIGKILL)
    runners[0].wait(timeout=10)
    # The server drops the dead client's session, and its lock with it.
    wait_until(lambda: lock_holder(NAME) is None)
    code, body = health()
    assert code == 503
    assert body["status"] == "down"
    assert body["ok"] is False
    mine = body["projections"][NAME]
    assert mine["state"] == "down"
    assert mine["status"] == "running"  # what the dead runner last wrote
    assert mine["runner"]["alive"] is False

    head = write(25)
    behind = health()[1]["projections"][NAME]
    assert behind["lag"] == 25
    assert behind["lag_seconds"] > 0  # the first of the 25 has waited since written
    runners.append(start_runner())
    wait_until(lambda: checkpoint() == head)
    code, body = wait_until(running, timeout=60)
    assert code == 200
    assert body["projections"][NAME]["lag"] == 0
    assert body["projections"][NAME]["lag_seconds"] == 0.0


def test_a_runner_whose_connections_are_terminated_reconnects_and_keeps_going(
    runners: list[subprocess.Popen[bytes]],
) -> None:
    runners.append(start_runner(NAME))
    first = wait_until(lambda: lock_holder(NAME))
    head = write(5)
    wait_until(lambda: checkpoint() == head)
    for _ in range(2):  # twice: the second cut lands during its recovery
        with connection.cursor() as cursor:
            # What a database restart does to every client: its sessions end.
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        time.sleep(0.3)
    head = write(7)
    wait_until(lambda: checkpoint() == head)
    second = wait_until(lambda: lock_holder(NAME))
    assert second != first  # a new session took the lock again
    assert runners[0].poll() is None  # the same process, still running
    beat = Checkpoint.objects.get(name=NAME).heartbeat_at
    wait_until(lambda: Checkpoint.objects.get(name=NAME).heartbeat_at != beat)
    runners[0].send_signal(signal.SIGTERM)
    assert runners[0].wait(timeout=10) == 0
    assert Checkpoint.objects.get(name=NAME).status == Checkpoint.Status.STOPPED
    assert lock_holder(NAME) is None


def test_the_runner_parks_a_tournament_and_brings_it_back_on_a_corrective_event(
    runners: list[subprocess.Popen[bytes]],
) -> None:
    """Decision 0070 in the runner process: an operator's retry while the
    runner runs is done by the runner; the corrective event resolves it."""
    name = TournamentTally.name
    runners.append(
        subprocess.Popen(
            [sys.executable, "manage.py", "run_projections", name, "--poll", "0.2"],
            cwd=ROOT,
            env=subprocess_env(ARBITRO_PROJECTION_RETRY_SECONDS="0"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    )
    a, b = uuid.uuid4(), uuid.uuid4()
    store = event_store()

    def ping(tournament: uuid.UUID, n: int) -> int:
        return store.append(
            uuid.uuid4(),
            [Pinged(n=n)],
            stream_type="test",
            expected_version=0,
            metadata=Metadata(actor="user:test", tournament_id=tournament),
        ).last_position

    ping(a, 5)
    failing = ping(a, -10)
    head = ping(b, 1)
    wait_until(
        lambda: Checkpoint.objects.filter(name=name, last_position=head).exists()
    )
    failure = ProjectionFailure.objects.get(projection=name, resolved_at=None)
    assert (failure.partition, failure.position) == (f"tournament:{a}", failing)
    assert health()[1]["projections"][name]["state"] == "parked"

    out = io.StringIO()
    call_command("projections", "retry", name, f"tournament:{a}", stdout=out)
    assert out.getvalue().splitlines() == [
        f"{name}: asked its runner to retry 1 partition(s)",
        f"tournament:{a}: still fails, stays parked: ValueError: tournament {a} "
        "would total -5 (retry, at flush)",
    ]

    ping(a, 20)  # the corrective event
    wait_until(
        lambda: ProjectionFailure.objects.filter(
            pk=failure.pk, resolved_at__isnull=False
        ).exists()
    )
    tallies = {t.tournament_id: (t.events, t.total) for t in TallyRow.objects.all()}
    assert tallies == {a: (3, 15), b: (1, 1)}
    assert health()[1]["projections"][name]["state"] == "ok"
