"""Chaos over real HTTP (issue 28, decision 0216): a results evening while
every process is killed and the database cuts every connection.

A bounded load (four pairs events of tests/support/pairs_event, 72 results)
is POSTed over real HTTP by four clients, each result under its own
``Idempotency-Key`` and retried until acknowledged, as a table device does.
Meanwhile, at fixed points of the load, the web workers (gunicorn's, by
SIGKILL), the projection runner, the Celery worker and beat (on Redis) are
killed and restarted, and the database ends every session
(``pg_terminate_backend``). At the end: every acknowledged result stored
once, each retry answered with the first answer, no answer but 201 or a
503 with ``Retry-After``, the read model equal to a rebuild, the process
managers at the head (the worker and beat came back), ``verify_store``
green and health ``ok``.
"""

from __future__ import annotations

import contextlib
import http.client
import itertools
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from access.models import RoleGrant
from eventstore.models import Checkpoint, Event
from eventstore.processes import configured_processes
from eventstore.projections import configured_projections, lock_holder
from eventstore.store import event_store
from tests.http.e2e.test_database_goes_away_over_http import (
    UNAVAILABLE,
    event_over_http,
    post_result,
)
from tests.projections.integration.test_rebuild_equals_the_runner import every_row
from tests.support.celery_worker import redis_up, start_worker, stop_worker
from tests.support.eventstore import subprocess_env
from tests.support.http import HttpClient
from tests.support.outage import cut_connections, hold_appends, waiting_append
from tests.support.server import start_server, stop_server
from tournaments.projections import TournamentResults

pytestmark = [
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not redis_up(), reason="needs Redis on 127.0.0.1:6379"),
]
ROOT = Path(__file__).parents[3]
BROKER = "redis://127.0.0.1:6379/12"
EVENTS, CLIENTS = 4, 4
SEATS = [(board, table) for board in range(1, 7) for table in range(1, 4)]
CONTRACTS = [("4SN", 10), ("3NTS", 9), ("4HE", 11), ("2SN", 8), ("5DW", 11)]
PACE = 1.0  # seconds a client waits between two results: the load spans the chaos
DEADLINE = 75.0  # the load, whatever happens, ends within this


@dataclass
class Load:
    """The results to send and what the clients were answered."""

    todo: list[tuple[HttpClient, str, int, int, str]]
    acked: dict[str, tuple[int, bytes]] = field(default_factory=dict)
    unavailable: int = 0
    dropped: int = 0  # the connection ended with no answer: a worker killed
    wrong: list[tuple[str, int, bytes, dict[str, str]]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def client(self, jobs: Iterator[tuple[HttpClient, str, int, int, str]]) -> None:
        end = time.monotonic() + DEADLINE
        for director, tid, board, table, key in jobs:
            contract = CONTRACTS[(board * 7 + table * 3) % len(CONTRACTS)]
            while time.monotonic() < end:
                try:
                    answer = post_result(director, tid, board, table, key, contract)
                except (OSError, http.client.HTTPException):
                    with self.lock:
                        self.dropped += 1
                    time.sleep(0.1)
                    continue
                if answer.status_code == 201:
                    with self.lock:
                        self.acked[key] = (201, answer.content)
                    break
                if (
                    answer.status_code == 503
                    and answer.headers.get("Retry-After") == "1"
                    and answer.json() == UNAVAILABLE
                ):
                    with self.lock:
                        self.unavailable += 1
                    time.sleep(1)  # as Retry-After says
                    continue
                with self.lock:  # a 500, say: recorded, and retried as a client would
                    self.wrong.append(
                        (key, answer.status_code, answer.content, answer.headers)
                    )
                time.sleep(0.1)
            time.sleep(PACE)

    def progress(self) -> float:
        with self.lock:
            return len(self.acked) / len(self.todo)


class Processes:
    """The processes of a deployment, started, killed and started again."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.count = itertools.count()
        self.server, self.url = start_server(
            "--workers", "2", "--preload", LOG_LEVEL="WARNING"
        )
        self.runner = self._runner()
        self.worker = start_worker(BROKER, "--pool", "solo", LOG_LEVEL="ERROR")
        self.beat = self._beat()

    def _log(self, name: str) -> Any:
        return open(self.logs / f"{name}-{next(self.count)}.log", "wb")

    def _runner(self) -> subprocess.Popen[bytes]:
        with self._log("runner") as log:  # the child keeps its own copy
            return subprocess.Popen(
                [sys.executable, "manage.py", "run_projections", "--poll", "0.2"],
                cwd=ROOT,
                env=subprocess_env(LOG_LEVEL="WARNING"),
                stdout=subprocess.DEVNULL,
                stderr=log,
            )

    def _beat(self) -> subprocess.Popen[bytes]:
        command = ["-m", "celery", "-A", "config", "beat", "--loglevel", "WARNING"]
        with self._log("beat") as log:
            return subprocess.Popen(
                [sys.executable, *command, "--schedule", str(self.logs / "schedule")],
                cwd=ROOT,
                env=subprocess_env(CELERY_BROKER_URL=BROKER, LOG_LEVEL="WARNING"),
                stdout=subprocess.DEVNULL,
                stderr=log,
            )

    def web_workers(self) -> list[int]:
        """The pids of the gunicorn master's workers."""
        workers = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == self.server.pid:
                    workers.append(int(entry))
        return workers

    def kill_a_web_worker(self) -> None:
        workers = self.web_workers()
        assert workers, "gunicorn has no worker"
        os.kill(workers[0], signal.SIGKILL)  # its master forks another

    def kill_web_workers_mid_append(self) -> None:
        """SIGKILL every web worker while a request waits in its append's
        transaction: that backend commits when the lock is let go, and its
        client, answered nothing, retries."""
        with hold_appends():
            waiting_append()
            for worker in self.web_workers():
                os.kill(worker, signal.SIGKILL)

    def restart_runner(self) -> None:
        self.runner.kill()
        self.runner.wait()
        names = [p.name for p in configured_projections()]
        _wait(lambda: all(lock_holder(name) is None for name in names))
        self.runner = self._runner()

    def restart_worker(self) -> None:
        stop_worker(self.worker, kill=True)
        self.worker = start_worker(BROKER, "--pool", "solo", LOG_LEVEL="ERROR")

    def restart_beat(self) -> None:
        self.beat.kill()
        self.beat.wait()
        self.beat = self._beat()

    def stop(self) -> None:
        stop_server(self.server)
        for process in (self.runner, self.beat):
            process.kill()
            process.wait()
        stop_worker(self.worker, kill=True)


def cut_mid_append() -> None:
    """End every session while a request waits in its append's transaction."""
    with hold_appends():
        waiting_append()
        cut_connections()


def _wait(predicate: Callable[[], bool], timeout: float = 45.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "not reached in time"
        time.sleep(0.1)


def _staff(url: str) -> HttpClient:
    user = get_user_model().objects.create_user(f"ops-{uuid.uuid4().hex[:6]}")
    RoleGrant.objects.create(user=user, role=RoleGrant.Role.FEDERATION_STAFF)
    return HttpClient(url, user)


def test_a_results_evening_survives_every_process_killed_and_the_database_cut(
    tmp_path: Path,
) -> None:
    processes = Processes(tmp_path)
    try:
        todo = []
        for _ in range(EVENTS):
            _, director, tid = event_over_http(processes.url)
            todo += [(director, tid, b, t, str(uuid.uuid4())) for b, t in SEATS]
        load = Load(todo)
        jobs = iter(todo)
        lock = threading.Lock()

        def next_job() -> Iterator[tuple[HttpClient, str, int, int, str]]:
            while True:
                with lock:
                    job = next(jobs, None)
                if job is None:
                    return
                yield job

        clients = [
            threading.Thread(target=load.client, args=(next_job(),), daemon=True)
            for _ in range(CLIENTS)
        ]
        chaos: list[Callable[[], object]] = [
            cut_connections,
            processes.kill_web_workers_mid_append,
            processes.restart_runner,
            cut_mid_append,
            processes.restart_worker,
            processes.restart_beat,
            processes.kill_a_web_worker,
            cut_mid_append,
            processes.restart_runner,
            cut_connections,  # during the new runner's start
            processes.restart_worker,
            processes.kill_web_workers_mid_append,
            cut_mid_append,
        ]
        for client in clients:
            client.start()
        for step, act in enumerate(chaos, start=1):
            _wait(lambda s=step: load.progress() >= s / (len(chaos) + 2))
            act()
        for client in clients:
            client.join(timeout=DEADLINE)
        assert [w[:3] for w in load.wrong] == []  # never a 500, nor but 201 or 503
        assert len(load.acked) == len(todo), "some result was never acknowledged"
        # Each cut mid-append answered at least one 503; each kill of the
        # workers mid-append left at least one client without an answer.
        assert load.unavailable >= 3
        assert load.dropped >= 2
        # A retry after the acknowledgement is answered with it, byte for byte.
        for director, tid, board, table, key in todo[::5]:
            contract = CONTRACTS[(board * 7 + table * 3) % len(CONTRACTS)]
            again = post_result(director, tid, board, table, key, contract)
            assert (again.status_code, again.content) == load.acked[key]
        # Every acknowledged result stored, and stored once.
        entered = Event.objects.filter(event_type="board_result.entered")
        assert entered.count() == len(todo)
        assert entered.values("stream_id").distinct().count() == len(todo)

        head = event_store().head_position()
        _wait(
            lambda: Checkpoint.objects.filter(
                name=TournamentResults.name, last_position__gte=head
            ).exists()
        )
        for manager in configured_processes():  # run by the worker, sent by beat
            _wait(
                lambda m=manager.name: Checkpoint.objects.filter(
                    name=m, last_position__gte=head
                ).exists()
            )
        health = _staff(processes.url).get("/api/health/")
        assert health.status_code == 200
        assert {
            name: p["state"] for name, p in health.json()["projections"].items()
        } == {p.name: "ok" for p in configured_projections()}
    finally:
        processes.stop()
    live = every_row()
    assert len(live["ResultRow"]) == len(todo)
    call_command("rebuild_projections", TournamentResults.name, "--no-progress")
    assert every_row() == live
    call_command("verify_store")  # CommandError on any hole, edit or bad chain
