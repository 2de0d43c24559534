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


def wait_until(predicate: Callable[[], Any], timeout: float = 180.0) -> Any:
    """``predicate``'s first true value: a bound for a starved machine, not
    a measure (every assertion here is on what the processes did)."""
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


def niceness_of_workers(master: int) -> list[int] | None:
    """Each worker's niceness, or None while the master has not forked them
    all (or one just exited: gunicorn forks another)."""
    try:
        return [niceness(w) for w in children(master)] or None
    except (ProcessLookupError, FileNotFoundError):
        return None


# A niceness is at most 19, so a suite run under ``nice`` sees 19.
MAX_NICENESS = 19


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
        _, err = runner.communicate(timeout=120)
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
            # A worker still loading Django when the (default 30 s) timeout
            # runs out is killed and forked again: on a starved machine the
            # workers seen would not be the ones asked about.
            "--timeout",
            "0",
        ],
        cwd=ROOT,
        env=subprocess_env(ARBITRO_WEB_NICE="7"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    lowered = min(niceness(0) + 7, MAX_NICENESS)
    try:
        # Each worker lowers itself right after the fork, before it loads
        # the application; the master stays as it was.
        seen = wait_until(
            lambda: (
                (found := niceness_of_workers(server.pid)) is not None
                and len(found) == 2
                and set(found) == {lowered}
                and found
            )
        )
        assert seen == [lowered, lowered]
        assert niceness(server.pid) == niceness(0)
    finally:
        server.terminate()
        server.wait(timeout=120)
