"""The API served by gunicorn in another process, on the test database.

The tests "over real HTTP" talk to this server through a socket, as a
client would: nothing is shared with the test process but the database
(committed transactions, so those tests use ``transaction=True``) and,
for tests that pin time, a clock file (``tests/support/wsgi.py``). One
server per test session (per xdist worker, each on its own database).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.support.eventstore import subprocess_env

ROOT = Path(__file__).parents[2]


class Server:
    def __init__(self, url: str, clock_file: Path) -> None:
        self.url = url
        self.clock_file = clock_file

    def pin(self, instant: datetime | None) -> None:
        """Make ``instant`` the server's clock (``None``: real time again)."""
        self.clock_file.write_text("" if instant is None else instant.isoformat())


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _gunicorn(port: int, *, threads: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "tests.support.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "1",
        "--threads",
        str(threads),
        "--log-level",
        "warning",
    ]


def _wait_for(process: subprocess.Popen[bytes], port: int) -> None:
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"the test server exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the test server did not listen within 60 s")


@pytest.fixture(scope="session")
def server(
    django_db_setup: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Server]:
    """gunicorn serving ``tests.support.wsgi`` on the session's test database."""
    clock_file = tmp_path_factory.mktemp("server") / "clock"
    clock_file.write_text("")
    port = _free_port()
    env = subprocess_env(
        ARBITRO_TEST_CLOCK_FILE=str(clock_file), TIME_ZONE=settings.TIME_ZONE
    )
    process = subprocess.Popen(
        _gunicorn(port, threads=4),
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        _wait_for(process, port)
        yield Server(f"http://127.0.0.1:{port}", clock_file)
    finally:
        process.terminate()
        process.wait(timeout=20)
        connection.close()


def start_server(
    *arguments: str, **environment: str
) -> tuple[subprocess.Popen[bytes], str]:
    """Another gunicorn on the test database, with ``environment`` added (a
    test that needs its own broker, say) and gunicorn's ``arguments`` after
    the defaults (``"--workers", "2"``); the process and its URL. Stop it
    with ``stop_server``."""
    port = _free_port()
    process = subprocess.Popen(
        [*_gunicorn(port, threads=2), *arguments],
        cwd=ROOT,
        env=subprocess_env(TIME_ZONE=settings.TIME_ZONE, **environment),
        stdout=subprocess.DEVNULL,
    )
    try:
        _wait_for(process, port)
    except RuntimeError:
        process.kill()
        process.wait()
        raise
    return process, f"http://127.0.0.1:{port}"


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
