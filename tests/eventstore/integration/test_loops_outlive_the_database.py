"""The long-running loops outlive the database going away (decision 0216).

``run_projections`` and ``run_processes --loop`` serve no requests, so
Django's health check never runs for them: each checks its connection once
a turn and replaces one the database dropped before using it, and backs off
and goes on when one is cut in the middle of a turn. Issue 28.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from eventstore.models import Checkpoint
from eventstore.projections import lock_holder
from tests.eventstore.integration.test_process_managers import echoes, ping
from tests.eventstore.integration.test_runner_liveness import (
    NAME,
    checkpoint,
    wait_until,
    write,
)
from tests.support.eventstore import subprocess_env
from tests.support.outage import cut_connections
from tests.support.processes import PingEcho

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).parents[3]


def test_the_runner_replaces_a_dropped_connection_before_using_it() -> None:
    """Cut while it waits: its next turn opens a new session and takes its
    lock again, instead of failing on the dead one and backing off."""
    runner = subprocess.Popen(
        # A long poll: between NOTIFYs the runner waits, it does not turn.
        [sys.executable, "manage.py", "run_projections", NAME, "--poll", "5"],
        cwd=ROOT,
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        first = wait_until(lambda: lock_holder(NAME))
        head = write(3)
        wait_until(lambda: checkpoint() == head)
        time.sleep(1.0)  # the runner is back in its wait
        assert cut_connections() >= 2  # its own session and its LISTEN one
        head = write(4)
        wait_until(lambda: checkpoint() == head)
        assert wait_until(lambda: lock_holder(NAME)) != first
        assert runner.poll() is None
    finally:
        runner.send_signal(signal.SIGTERM)
        _, err = runner.communicate(timeout=30)
    log = err.decode()
    assert "the database dropped this process's connection; replacing it" in log
    assert "projection runner lost its database" not in log, log
    assert runner.returncode == 0
    assert Checkpoint.objects.get(name=NAME).status == Checkpoint.Status.STOPPED


def test_run_processes_goes_on_when_its_connection_is_cut() -> None:
    """Cut between runs and in the middle of them: the loop goes on, and
    every ping is echoed once."""
    loop = subprocess.Popen(
        [sys.executable, "manage.py", "run_processes", "--loop", "--interval", "0.05"],
        cwd=ROOT,
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    streams = [uuid.uuid4() for _ in range(4)]
    try:
        for stream in streams:
            ping(stream, *range(1, 11))
            wait_until(lambda s=stream: len(echoes(s)) == 10)
            assert cut_connections() >= 1
            time.sleep(0.2)
        assert loop.poll() is None
    finally:
        loop.send_signal(signal.SIGKILL)
        _, err = loop.communicate(timeout=30)
    for stream in streams:
        assert echoes(stream) == list(range(1, 11)), err.decode()[-2000:]
    row = Checkpoint.objects.get(name=PingEcho.name)
    assert (row.status, row.last_error) == (Checkpoint.Status.RUNNING, "")
