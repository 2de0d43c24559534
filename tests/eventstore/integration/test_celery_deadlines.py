"""A real Celery worker with beat and a real broker closes windows exactly once.

The worker is SIGKILLed and restarted: windows that fell due while it was dead
close after the restart, once, and late commands were refused all along.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pytest

from eventstore.models import Deadline
from tests.eventstore.integration.test_deadlines import (
    closed_events,
    late_command_allowed,
    open_window,
)
from tests.support.celery_worker import redis_up, start_worker, stop_worker
from tests.support.events import WindowClosed

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.django_db(transaction=True),
]
ROOT = Path(__file__).parents[3]


def _worker(schedule_dir: str) -> subprocess.Popen[bytes]:
    return start_worker(
        "redis://127.0.0.1:6379/15",
        "--beat",
        "--concurrency",
        "1",
        "--schedule",
        os.path.join(schedule_dir, "beat-schedule"),
        ARBITRO_SWEEP_SECONDS="1",
        ARBITRO_VAR_DIR=schedule_dir,
    )


def _wait_fired(stream, timeout: float = 45.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if Deadline.objects.filter(stream_id=stream, status="fired").exists():
            return
        time.sleep(0.2)
    raise AssertionError("the window was not closed by the worker")


@pytest.mark.skipif(not redis_up(), reason="needs Redis on 127.0.0.1:6379")
def test_worker_with_beat_closes_windows_once_across_a_kill_and_restart() -> None:
    with tempfile.TemporaryDirectory() as var:
        worker = _worker(var)
        try:
            first, _ = open_window(timedelta(seconds=-1))
            _wait_fired(first)
        finally:
            stop_worker(worker, kill=True)
        second, _ = open_window(timedelta(seconds=1))
        time.sleep(2)
        # No worker: the window is still pending, but commands are refused.
        assert Deadline.objects.get(stream_id=second).status == "pending"
        assert late_command_allowed(second) is False
        worker = _worker(var)
        try:
            _wait_fired(second)
            time.sleep(2.5)  # more beats: nothing fires twice
        finally:
            stop_worker(worker)
    assert closed_events(first) == [WindowClosed(kind="correction")]
    assert closed_events(second) == [WindowClosed(kind="correction")]
