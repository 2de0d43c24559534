"""A real Celery worker in another process, on a real broker, for the tests.

The worker runs on the test database (``subprocess_env``) and listens on the
broker it is given (a Redis database of its own per test module, so that no
other test's messages reach it), under this run's key prefix
(``BROKER_KEY_PREFIX``), so that no other run's reach it either: a task sent
from this process goes through ``broker_connection``. It is started in its
own process group and stopped with its pool: nothing outlives the test.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from kombu import Connection

from config.celery import app
from tests.support.eventstore import BROKER_KEY_PREFIX, subprocess_env

__all__ = ["broker_connection", "redis_up", "start_worker", "stop_worker"]

ROOT = Path(__file__).parents[2]


def redis_up() -> bool:
    """Whether Redis answers on 127.0.0.1:6379."""
    try:
        socket.create_connection(("127.0.0.1", 6379), 1).close()
        return True
    except OSError:
        return False


def broker_connection(broker: str) -> Connection:
    """A connection to send on ``broker`` under this run's key prefix, where
    the workers ``start_worker`` starts listen."""
    return app.connection_for_write(
        broker, transport_options={"global_keyprefix": BROKER_KEY_PREFIX}
    )


def start_worker(
    broker: str, *arguments: str, **environment: str
) -> subprocess.Popen[bytes]:
    """``celery -A config worker`` on ``broker`` with ``arguments`` (by
    default the solo pool) and ``environment`` added to the test database's."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--loglevel",
            "WARNING",
            *(arguments or ("--pool", "solo")),
        ],
        cwd=ROOT,
        env=subprocess_env(CELERY_BROKER_URL=broker, **environment),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: killed with its pool
    )


def stop_worker(worker: subprocess.Popen[bytes], *, kill: bool = False) -> None:
    """Stop the worker (warm shutdown, or SIGKILL to the group with ``kill``)."""
    if not kill:
        worker.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            worker.wait(timeout=20)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(worker.pid, signal.SIGKILL)  # the pool's children too
    worker.wait()
