"""Results site benchmark (issue 17): the live path end to end, from a client.

gunicorn (the event-night settings: ``config/gunicorn_conf.py``, gthread
workers niced) and one ``run_projections`` serve a 200-pair, 2-session event
on PostgreSQL (Mitchell, 100 tables, 2 boards a round). One client per table
enters its session-1 results as the director (``POST .../results/``), the
rounds back to back, while ``BENCH_VIEWERS`` (default 100) open standings
pages poll as the browser's htmx does (decision 0135): ``HX-Request`` with the
ETag they hold, every ``POLL_SECONDS`` after the last answer, signed in as the
session's director (before publication the public sees no result, Law 79C
and decision 0105). The viewers run in a process of their own (in the
tables' process a hundred threads hold the GIL and would wake them late).

A result is on an open page when the page receives a 200 whose ETag's
position (the session's, read before the page) is at or past the result's
``last_position``. Printed: the p50/p95/max of 201 -> shown over every
(result, open page), the share of polls answered 304; then, on the quiet
server after the entry, the standings page of 200 pairs (the full page and
the live fragment) and a 304 poll, each p50/p95 beside the trivial endpoint
(``/api/v1/ping/``) timed in the same run, one request at a time.

``BENCH_ROUNDS`` (default 4), ``BENCH_SCALE`` (tables, default 1.0 = 100),
``BENCH_VIEWERS``, ``BENCH_PORT`` and ``BENCH_DB_SUFFIX`` as in the other
benchmarks. The machine is shared: the ratios to the anchor are what compare.
"""

from __future__ import annotations

import bisect
import http.client
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg

from bench.api_play import HOST, PORT, Client, _run_threads
from bench.common import (
    create_pairs_event,
    db_name,
    register_players,
    server_env,
    start_gunicorn,
)
from bench.event_night import BOARDS_PER_ROUND, ROOT, THREADS, WORKERS, _enter, _p

DB = db_name("arbitro_bench_results_site")
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
TABLES = max(3, int(100 * SCALE))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "4"))
VIEWERS = int(os.environ.get("BENCH_VIEWERS", "100"))
POLL_SECONDS = 1.0  # results_site.views.POLL_SECONDS
SAMPLES = int(os.environ.get("BENCH_PAGE_SAMPLES", "200"))
PROJECTION = "tournaments.results.v1"
GOAL_SECONDS = 2.0
TIMEOUT = float(os.environ.get("BENCH_HTTP_TIMEOUT", "120"))
GOAL_RATIO = 5.0


def _env() -> dict[str, str]:
    return server_env(DB)


def _admin(sql: str) -> None:
    with psycopg.connect(
        "host=127.0.0.1 user=postgres dbname=postgres", autocommit=True
    ) as c:
        c.execute(sql)


def _setup() -> tuple[str, str, str, dict[int, list[tuple[int, int]]]]:
    """A fresh database: the event, 200 pairs, two sessions scheduled.

    Returns the tournament id, the director's API token, his site session
    cookie and each table's session-1 (round, board) in order."""
    _admin(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    _admin(f"CREATE DATABASE {DB}")
    os.environ.update(_env())
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connections
    from django.test import Client as DjangoClient
    from rest_framework.authtoken.models import Token

    from access.models import RoleGrant
    from eventstore.store import Metadata
    from tournaments import handlers
    from tournaments.domain import tournament
    from tournaments.domain.movements.seating import mitchell_assignments

    call_command("migrate", verbosity=0)
    tid = uuid.uuid4()
    director = get_user_model().objects.create_user("bench-director")
    RoleGrant.objects.create(
        user=director, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=tid
    )
    meta = Metadata(actor="system:bench", tournament_id=tid)
    players = register_players(4 * TABLES, meta)
    now = datetime.now(UTC)
    create_pairs_event(tid, "results site", players, meta)
    assignments = mitchell_assignments(2 * TABLES, BOARDS_PER_ROUND, ROUNDS)
    for number, starts in (
        (1, now - timedelta(hours=1)),
        (2, now + timedelta(hours=5)),
    ):
        handlers.handle_tournament(
            tid,
            tournament.ScheduleSession(
                session=number,
                movement="mitchell",
                starts_at=starts,
                ends_at=starts + timedelta(hours=4),
                assignments=assignments,
            ),
            metadata=meta,
        )
    plan: dict[int, list[tuple[int, int]]] = {}
    for a in sorted(assignments, key=lambda a: (a.round, a.table)):
        if a.ns and a.ew:
            plan.setdefault(a.table, []).extend((a.round, b) for b in a.boards)
    token = Token.objects.create(user=director).key
    browser = DjangoClient()
    browser.force_login(director)
    cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
    connections.close_all()
    return str(tid), token, cookie, plan


class TableClient(Client):
    """A table's keep-alive connection that opens a new one when the server
    closed the idle one (gunicorn's keep-alive ends while a table waits for
    the round's slowest): the request never reached it, so it is sent again.
    It waits ``TIMEOUT`` for an answer: on a shared machine at a load of 30
    an answer took longer than the other benchmarks' 30 s."""

    def __init__(self) -> None:
        super().__init__()
        self.conn = http.client.HTTPConnection(HOST, PORT, timeout=TIMEOUT)

    def post(
        self, path: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int, float]:
        try:
            return super().post(path, body, headers)
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            self.conn.close()
            self.conn = http.client.HTTPConnection(HOST, PORT, timeout=TIMEOUT)
            return super().post(path, body, headers)


def _enter_or_stop(*args: Any) -> None:
    """A table's client (``event_night._enter``); a failure (a timeout on a
    starved machine) is an error of the run and breaks the rounds' barriers,
    so the other tables stop rather than wait for it forever."""
    barriers, errors = args[5], args[7]
    try:
        _enter(*args)
    except (OSError, threading.BrokenBarrierError) as error:
        errors.append(f"table {args[3]}: {error!r}")
        for barrier in barriers.values():
            barrier.abort()


def _caught_up(timeout: float = 600) -> None:
    with psycopg.connect(
        f"host=127.0.0.1 user=postgres dbname={DB}", autocommit=True
    ) as c:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            row = c.execute(
                "SELECT (SELECT coalesce(max(global_position), 0) FROM es_event) "
                "- coalesce((SELECT last_position FROM es_checkpoint "
                "WHERE name = %s), 0)",
                [PROJECTION],
            ).fetchone()
            if row is not None and row[0] == 0:
                return
            time.sleep(0.1)
    raise TimeoutError("the projection runner did not catch up")


def _tag_position(tag: str) -> int:
    """The session's position an ETag was made of (``W/"<position>-..."``)."""
    return int(tag[3:].split("-", 1)[0])


Seen = list[tuple[float, int]]  # (200 received at, the tag's position)


def _view(path: str, cookie: str, stop: Any, out: Seen, counts: list[int]) -> None:
    """One open page: htmx's poll, the ETag it holds sent back each time."""
    conn = http.client.HTTPConnection(HOST, PORT, timeout=TIMEOUT)
    headers = {"HX-Request": "true", "Cookie": cookie, "Accept-Language": "it"}
    tag = ""
    while not stop.is_set():
        if tag:
            headers["If-None-Match"] = tag
        try:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
        except OSError:  # a timeout on a starved machine: the browser retries
            counts[2] += 1
            conn.close()
            conn = http.client.HTTPConnection(HOST, PORT, timeout=TIMEOUT)
            continue
        at = time.perf_counter()
        if response.status == 200:
            tag = response.getheader("ETag") or ""
            out.append((at, _tag_position(tag)))
            counts[0] += 1
        elif response.status == 304:
            counts[1] += 1
        else:
            counts[2] += 1
        time.sleep(POLL_SECONDS)


def _viewers(path: str, cookie: str, stop: Any, ready: Any, send: Any) -> None:
    """The viewers' process: ``VIEWERS`` threads, each an open page."""
    seen: list[Seen] = [[] for _ in range(VIEWERS)]
    counts = [[0, 0, 0] for _ in range(VIEWERS)]
    threads = [
        threading.Thread(target=_view, args=(path, cookie, stop, seen[i], counts[i]))
        for i in range(VIEWERS)
    ]
    for t in threads:
        t.start()
    ready.set()
    for t in threads:
        t.join()
    send.send((seen, [sum(c[i] for c in counts) for i in range(3)]))


def _shown_lags(entered: list[tuple[int, float, int]], seen: list[Seen]) -> list[float]:
    """For every (result, open page): when the page first showed it."""
    lags: list[float] = []
    for page in seen:
        positions = [p for _, p in page]  # only grow
        for _, at, position in entered:
            i = bisect.bisect_left(positions, position)
            if i == len(page):
                lags.append(float("inf"))
            else:
                lags.append(max(page[i][0] - at, 0.0))
    return lags


def _timed(path: str, headers: dict[str, str], samples: int) -> list[float]:
    conn = http.client.HTTPConnection(HOST, PORT, timeout=TIMEOUT)
    times: list[float] = []
    for _ in range(samples):
        start = time.perf_counter()
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        times.append(time.perf_counter() - start)
        if response.status not in (200, 304):
            raise RuntimeError(f"{path}: {response.status}")
    conn.close()
    return times


def _pages(path: str, cookie: str) -> None:
    """The standings page of 200 pairs beside the ping, one request at a
    time, alternated in rounds so a machine that slows down weighs on all."""
    ping: list[float] = []
    page: list[float] = []
    fragment: list[float] = []
    poll: list[float] = []
    who = {"Cookie": cookie, "Accept-Language": "it"}
    hx = {**who, "HX-Request": "true"}
    _timed("/api/v1/ping/", {}, 20)  # warm
    _timed(path, who, 5)
    conn = http.client.HTTPConnection(HOST, PORT, timeout=TIMEOUT)
    conn.request("GET", path, headers=hx)
    first = conn.getresponse()
    first.read()
    tag = first.getheader("ETag") or ""
    per_round = max(1, SAMPLES // 10)
    for _ in range(10):
        ping += _timed("/api/v1/ping/", {}, per_round)
        page += _timed(path, who, per_round)
        fragment += _timed(path, hx, per_round)
        poll += _timed(path, {**hx, "If-None-Match": tag}, per_round)
    anchor = statistics.median(ping)
    print(
        f"anchor: trivial DRF GET /api/v1/ping/ p50 {anchor * 1000:.1f} ms, "
        f"p95 {_p(ping, 95) * 1000:.1f} ms ({len(ping)} requests, one at a time)"
    )
    for label, values in (
        (f"standings page, {2 * TABLES} pairs (full page)", page),
        ("standings live fragment (a poll that finds news)", fragment),
        ("standings poll answered 304", poll),
    ):
        ratio = statistics.median(values) / anchor
        print(
            f"{label}: p50 {statistics.median(values) * 1000:.1f} ms, "
            f"p95 {_p(values, 95) * 1000:.1f} ms | ratio to the ping p50 "
            f"{ratio:.2f}" + (f" (goal <= {GOAL_RATIO:.0f})" if "full" in label else "")
        )


def main() -> int:
    try:
        psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres").close()
    except psycopg.OperationalError:
        print("results site benchmark: no PostgreSQL on 127.0.0.1:5432, skipped")
        return 0
    tid, token, cookie, plan = _setup()
    env = _env()
    server = start_gunicorn(f"{HOST}:{PORT}", WORKERS, THREADS, env, ROOT)
    runner = subprocess.Popen(
        [sys.executable, "manage.py", "run_projections"], cwd=ROOT, env=env
    )
    path = f"/events/{tid}/sessions/1/"
    context = multiprocessing.get_context("spawn")
    stop, ready = context.Event(), context.Event()
    receive, send = context.Pipe(duplex=False)
    viewers = context.Process(
        target=_viewers, args=(path, cookie, stop, ready, send), daemon=True
    )
    try:
        for _ in range(300):
            try:
                if Client().get("/api/v1/ping/")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        _caught_up()
        viewers.start()
        if not ready.wait(60):
            raise TimeoutError("the viewers did not start")
        time.sleep(2 * POLL_SECONDS)  # every page open and holding its tag
        tables = sorted(plan)
        rounds = sorted({r for p in plan.values() for r, _ in p})
        barriers = {r: threading.Barrier(len(tables)) for r in rounds}
        entered: list[tuple[int, float, int]] = []
        errors: list[str] = []
        seconds = _run_threads(
            _enter_or_stop,
            [
                (TableClient(), tid, token, t, plan[t], barriers, entered, errors)
                for t in tables
            ],
        )
        if errors:
            print(f"results site benchmark: {len(errors)} errors, first: {errors[0]}")
            return 1
        _caught_up(120)
        time.sleep(2 * POLL_SECONDS + 0.5)  # every page's next poll
        stop.set()
        seen, counts = receive.recv() if receive.poll(60) else ([], [0, 0, 0])
        viewers.join(10)
        lags = _shown_lags(entered, seen)
        print(
            f"{TABLES} tables, {2 * TABLES}-pair Mitchell, 2 sessions, "
            f"{len(entered)} session-1 results by {len(tables)} table clients in "
            f"{seconds:.1f} s; {VIEWERS} open standings pages polling every "
            f"{POLL_SECONDS:.0f} s ({counts[0]} answers 200, {counts[1]} 304, "
            f"{counts[2]} other); gunicorn {WORKERS} workers x {THREADS} threads, "
            "one run_projections, PostgreSQL"
        )
        p95 = _p(lags, 95)
        print(
            f"201 -> shown on an open standings page: p50 "
            f"{_p(lags, 50) * 1000:,.0f} ms, p95 {p95 * 1000:,.0f} ms, max "
            f"{max(lags) * 1000:,.0f} ms over {len(lags):,} (result, page) | goal "
            f"p95 <= {GOAL_SECONDS * 1000:,.0f} ms: "
            f"{'met' if p95 <= GOAL_SECONDS else 'NOT met'}"
        )
        _pages(path, cookie)
    finally:
        stop.set()
        if viewers.is_alive():
            viewers.join(10)
        for process in (server, runner):
            process.send_signal(signal.SIGTERM)
        for process in (server, runner):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        from django.db import connections

        connections.close_all()
        if os.environ.get("BENCH_KEEP_DB") != "1":
            _admin(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
