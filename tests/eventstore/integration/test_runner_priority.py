"""The projection runner takes the CPU before the web workers (decision 0111).

Real processes: ``run_projections`` sets its niceness to
``ARBITRO_RUNNER_NICE`` where the system allows it (a negative value needs
CAP_SYS_NICE, which root has) and says so where it does not; gunicorn
started with ``config/gunicorn_conf.py`` lowers each worker's priority by
``ARBITRO_WEB_NICE``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bench.common import free_port
from eventstore.projections import lock_holder
from tests.support.eventstore import subprocess_env
from tests.support.projections import StreamTally

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]
PRIVILEGED = os.geteuid() == 0


def wait_until(predicate: Callable[[], Any], timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("condition not reached in time")


def niceness(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


def children(pid: int) -> list[int]:
    return [
        int(child)
        for task in Path(f"/proc/{pid}/task").iterdir()
        for child in (task / "children").read_text().split()
    ]


def test_the_runner_sets_its_own_priority() -> None:
    runner = subprocess.Popen(
        [sys.executable, "manage.py", "run_projections", StreamTally.name],
        cwd=ROOT,
        env=subprocess_env(ARBITRO_RUNNER_NICE="-3"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_until(lambda: lock_holder(StreamTally.name))
        if PRIVILEGED:
            assert niceness(runner.pid) == -3
        else:
            assert niceness(runner.pid) == niceness(0)
    finally:
        runner.terminate()
        _, err = runner.communicate(timeout=30)
    if not PRIVILEGED:
        assert b"may not set its niceness to -3" in err


def test_gunicorn_workers_give_way() -> None:
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--config",
            "config/gunicorn_conf.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
        ],
        cwd=ROOT,
        env=subprocess_env(ARBITRO_WEB_NICE="7"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        workers = wait_until(
            lambda: len(children(server.pid)) == 2 and children(server.pid)
        )
        # Each worker lowers itself after the fork; the master stays as it was.
        wait_until(lambda: all(niceness(w) == niceness(0) + 7 for w in workers))
        assert niceness(server.pid) == niceness(0)
    finally:
        server.terminate()
        server.wait(timeout=30)
