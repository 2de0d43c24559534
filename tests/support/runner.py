"""The results projection's runner as the deployment runs it: a
``run_projections`` process on the test database, holding the projection's
lock, so a page that waits for its own write (``?min_position=``, decision
0073) waits for a real runner, as it does in production.

A test that uses it lets the runner apply the events (``caught_up``) rather
than applying them itself: two appliers of one checkpoint would race.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import connection

from eventstore.projections import lock_holder, read_position
from eventstore.store import event_store
from tests.support.eventstore import subprocess_env
from tournaments.projections import TournamentResults

__all__ = ["caught_up", "start_runner"]

ROOT = Path(__file__).parents[2]
NAME = TournamentResults.name


@pytest.fixture
def start_runner() -> Iterator[Callable[[], None]]:
    """Start the results projection's runner process when called (after the
    test applied its set-up's events itself), holding its lock; stopped at
    the end of the test."""
    started: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        started.append(
            subprocess.Popen(
                [sys.executable, "manage.py", "run_projections", NAME, "--poll", "0.2"],
                cwd=ROOT,
                env=subprocess_env(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        _until(lambda: lock_holder(NAME) is not None, "the runner's lock")

    try:
        yield start
    finally:
        for process in started:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
        connection.close()


def caught_up(timeout: float = 30.0) -> None:
    """Wait until the runner has applied every event stored so far."""
    head = event_store().head_position()
    _until(lambda: read_position([NAME]) >= head, f"position {head}", timeout)


def _until(predicate: object, what: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"{what} not reached in {timeout} s")
