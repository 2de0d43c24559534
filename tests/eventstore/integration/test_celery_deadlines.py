"""A real Celery worker with beat and a real broker closes windows exactly once.

The worker is SIGKILLed and restarted: windows that fell due while it was dead
close after the restart, once, and late commands were refused all along.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
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
from tests.support.events import WindowClosed
from tests.support.eventstore import subprocess_env

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.django_db(transaction=True),
]
ROOT = Path(__file__).parents[3]


def _redis_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), 1).close()
        return True
    except OSError:
        return False


def _worker(schedule_dir: str) -> subprocess.Popen[bytes]:
    env = subprocess_env(
        CELERY_BROKER_URL="redis://127.0.0.1:6379/15",
        ARBITRO_SWEEP_SECONDS="1",
        ARBITRO_VAR_DIR=schedule_dir,
    )
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--beat",
            "--concurrency",
            "1",
            "--loglevel",
            "WARNING",
            "--schedule",
            os.path.join(schedule_dir, "beat-schedule"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: killed with its pool
    )


def _wait_fired(stream, timeout: float = 45.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if Deadline.objects.filter(stream_id=stream, status="fired").exists():
            return
        time.sleep(0.2)
    raise AssertionError("the window was not closed by the worker")


@pytest.mark.skipif(not _redis_up(), reason="needs Redis on 127.0.0.1:6379")
def test_worker_with_beat_closes_windows_once_across_a_kill_and_restart() -> None:
    with tempfile.TemporaryDirectory() as var:
        worker = _worker(var)
        try:
            first, _ = open_window(timedelta(seconds=-1))
            _wait_fired(first)
        finally:
            os.killpg(worker.pid, signal.SIGKILL)  # the worker and its pool child
            worker.wait()
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
            worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(timeout=20)
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(worker.pid, signal.SIGKILL)  # nothing outlives the test
    assert closed_events(first) == [WindowClosed(kind="correction")]
    assert closed_events(second) == [WindowClosed(kind="correction")]
