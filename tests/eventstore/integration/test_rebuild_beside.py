"""A rebuild beside the live tables (decision 0109), with real processes.

``manage.py rebuild_projections`` killed with SIGKILL mid-way leaves the live
read model and checkpoint exactly as they were (only its schema of copies,
which the next rebuild drops); a runner process keeps applying new events to
the live tables while a rebuild runs, and after the swap it goes on from the
rebuilt read model to exactly what a rebuild gives.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from eventstore.models import Checkpoint
from eventstore.projections import ProjectionRunner
from eventstore.projections.shadow import Shadow
from eventstore.store import event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR, subprocess_env
from tests.support.models import Tally
from tests.support.projections import StreamTally

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]
NAME = StreamTally.name
SCHEMA = Shadow(NAME, StreamTally.read_models or ()).schema


def _manage(*args: str, **env: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=subprocess_env(**env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _write(streams: int, per_stream: int) -> None:
    for _ in range(streams):
        event_store().append(
            uuid.uuid4(),
            [Pinged(n=i + 1) for i in range(per_stream)],
            stream_type="test",
            expected_version=0,
            metadata=ACTOR,
        )


def _tallies() -> list[tuple[object, ...]]:
    return list(Tally.objects.order_by("stream_id").values_list())


def _checkpoint() -> tuple[int, str]:
    row = Checkpoint.objects.get(name=NAME)
    return row.last_position, row.status


def _shadow_position() -> int | None:
    """The copies' checkpoint, None while the rebuild has no schema."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s)", [f"{SCHEMA}.es_checkpoint"])
        if cursor.fetchone()[0] is None:
            return None
        cursor.execute(
            f"SELECT last_position FROM {SCHEMA}.es_checkpoint WHERE name = %s",
            [NAME],
        )
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def _wait(predicate, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def test_a_rebuild_killed_mid_way_leaves_the_live_tables_untouched() -> None:
    _write(20, 10)
    ProjectionRunner(StreamTally()).catch_up()
    live = _tallies()
    checkpoint = _checkpoint()
    assert len(live) == 20
    assert checkpoint[0] == event_store().head_position()
    rebuild = _manage(
        "rebuild_projections",
        NAME,
        "--no-progress",
        "--batch-size",
        "20",
        ARBITRO_TEST_PROJECTION_DELAY="0.01",
    )
    try:
        # Some batches committed in the copies, the rebuild far from done.
        _wait(lambda: (_shadow_position() or 0) >= 40)
    finally:
        os.kill(rebuild.pid, signal.SIGKILL)
        rebuild.wait()
    assert rebuild.returncode == -signal.SIGKILL
    position = _shadow_position()
    # Killed mid-way: past the 40 events waited for, short of the head.
    assert 40 <= (position if position is not None else -1) < checkpoint[0]
    assert _tallies() == live
    assert _checkpoint()[0] == checkpoint[0]
    # The next rebuild drops what the dead one left, and swaps in the same.
    assert ProjectionRunner(StreamTally()).rebuild() == checkpoint[0]
    assert _shadow_position() is None
    assert _tallies() == live
    assert _checkpoint() == (checkpoint[0], Checkpoint.Status.STOPPED)


def test_the_runner_goes_on_while_a_rebuild_builds_beside_it() -> None:
    _write(10, 10)
    runner = _manage("run_projections", NAME, "--poll", "0.1", "--batch-size", "10")
    try:
        _wait(
            lambda: Checkpoint.objects.filter(
                name=NAME, last_position=event_store().head_position()
            ).exists()
        )
        rebuild = _manage(
            "rebuild_projections",
            NAME,
            "--batch-size",
            "10",
            ARBITRO_TEST_PROJECTION_DELAY="0.005",
        )
        _wait(lambda: _shadow_position() is not None)
        _write(5, 4)  # applied by the runner to the live tables meanwhile
        head = event_store().head_position()
        _wait(lambda: _checkpoint()[0] == head)
        assert len(_tallies()) == 15
        out, err = rebuild.communicate(timeout=120)
        assert rebuild.returncode == 0, err.decode()
        assert f"{NAME}: rebuilt from " in out.decode()
        assert "events/s), built beside the live tables, swapped in" in out.decode()
        assert "ev/s" in err.decode()  # the progress bar shows its rate
        _write(2, 3)  # after the swap, the runner applies to the new tables
        head = event_store().head_position()
        _wait(lambda: _checkpoint() == (head, Checkpoint.Status.RUNNING))
    finally:
        runner.send_signal(signal.SIGTERM)
        runner.wait(timeout=20)
    incremental = _tallies()
    assert len(incremental) == 17
    assert sum(row[2] for row in incremental) == 10 * 55 + 5 * 10 + 2 * 6
    assert _shadow_position() is None
    ProjectionRunner(StreamTally()).rebuild()
    assert _tallies() == incremental


def _reloptions(table: str) -> list[str] | None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT reloptions FROM pg_class WHERE oid = %s::regclass", [table]
        )
        return cursor.fetchone()[0]


def test_the_swapped_in_tables_keep_the_live_tables_storage_parameters() -> None:
    """A fillfactor left for updates in place (decision 0205) is not lost to
    the rebuild: ``CREATE TABLE ... LIKE`` does not copy it, the shadow does."""
    table = Tally._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f'ALTER TABLE "{table}" SET (fillfactor = 60, autovacuum_enabled = false)'
        )
    _write(3, 2)
    assert ProjectionRunner(StreamTally()).rebuild() == event_store().head_position()
    assert _reloptions(table) == ["fillfactor=60", "autovacuum_enabled=false"]
    assert len(_tallies()) == 3
