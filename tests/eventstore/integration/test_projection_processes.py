"""Runner processes: single active runner, and SIGKILL mid-batch (PostgreSQL)."""

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
from eventstore.store import event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR, subprocess_env
from tests.support.models import Tally
from tests.support.projections import StreamTally

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]
NAME = StreamTally.name


def _runner(**env: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "run_projections",
            NAME,
            "--poll",
            "0.2",
            "--batch-size",
            "50",
        ],
        cwd=ROOT,
        env=subprocess_env(**env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _checkpoint() -> int:
    row = Checkpoint.objects.filter(name=NAME).first()
    return row.last_position if row else 0


def _wait(predicate, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("condition not reached in time")


def _write(streams: int, per_stream: int) -> None:
    store = event_store()
    for _ in range(streams):
        stream = uuid.uuid4()
        store.append(
            stream,
            [Pinged(n=i) for i in range(per_stream)],
            stream_type="test",
            expected_version=0,
            metadata=ACTOR,
        )


def test_runner_killed_mid_batch_resumes_to_exactly_the_rebuilt_state() -> None:
    _write(20, 10)
    head = event_store().head_position()
    first = _runner(ARBITRO_TEST_PROJECTION_DELAY="0.01")
    try:
        _wait(lambda: _checkpoint() >= 50)  # at least one batch committed
        time.sleep(0.2)  # now inside a later batch
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
    assert 0 < _checkpoint() < head, "the kill must land mid-run"
    second = _runner()
    try:
        _wait(lambda: _checkpoint() == head)
        _write(3, 5)  # NOTIFY wakes the runner for new events
        head = event_store().head_position()
        _wait(lambda: _checkpoint() == head)
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(timeout=10)
    incremental = list(Tally.objects.order_by("stream_id").values_list())
    ProjectionRunner(StreamTally()).rebuild()
    assert list(Tally.objects.order_by("stream_id").values_list()) == incremental
    assert sum(row[1] for row in incremental) == 20 * 10 + 3 * 5


def test_only_one_runner_is_active_per_projection() -> None:
    first = _runner()
    second = None
    try:
        _wait(lambda: Checkpoint.objects.filter(name=NAME).exists())
        second = _runner()
        _, err = second.communicate(timeout=60)
        assert second.returncode != 0
        assert b"run by another process" in err
    finally:
        # Neither runner may outlive the test, holding the lock the next
        # tests' runners need (a slow machine once timed the second out).
        for runner in (first, second):
            if runner is not None and runner.poll() is None:
                runner.send_signal(signal.SIGTERM)
                try:
                    runner.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    runner.kill()
                    runner.wait()
    connection.close()
