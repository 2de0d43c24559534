"""Results site benchmark (issue 17): the live path end to end, from a client.

gunicorn (the event-night settings: ``config/gunicorn_conf.py``, gthread
workers niced) and one ``run_projections`` serve a 200-pair, 2-session event
on PostgreSQL (Mitchell, 100 tables, 2 boards a round). One client per table
enters its session-1 results as the director (``POST .../results/``), the
rounds back to back, while ``BENCH_VIEWERS`` (default 100) open standings
pages poll as the browser's htmx does (decision 0135): ``HX-Request`` with the
ETag they hold, every ``POLL_SECONDS`` after the last answer, signed in as the
session's director (before publication the public sees no result, Law 79C
and decision 0105). The viewers run in processes of their own
(``BENCH_VIEWER_PROCESSES``, default 4: in the tables' process, or in one
process of a hundred threads, the GIL wakes a thread late, and the client's
wait would be counted as the server's; the phones are a hundred devices).

Deployed as production runs it (decision 0167): the render cache in Redis
(``ARBITRO_CACHE_URL``: ``BENCH_CACHE_URL``, default
``redis://127.0.0.1:6379/0``, a key prefix of the run's own; without Redis,
each process's memory, and the run says so), and the results site's pages
served by a gunicorn pool of their own (``BENCH_SITE_WORKERS`` x
``BENCH_SITE_THREADS``, default 2 x 4, on a free port), as nginx routes
``/events/`` to it and ``/api/`` to the writes' pool (8 x 2): the polls never
queue behind the tables' writes. ``BENCH_SITE_POOL=0`` serves both from the
one pool, as before, for comparison.

A result is on an open page when the page receives a 200 whose ETag's
position (the session's, read before the page) is at or past the result's
``last_position``. Printed: the p50/p95/max of 201 -> shown over every
(result, open page), the share of polls answered 304; then, on the quiet
server after the entry, the standings page of 200 pairs (the full page and
the live fragment) and a 304 poll, each p50/p95 beside the trivial endpoint
(``/api/v1/ping/``) of the same server (the site's pool) timed in the same
run, one request at a time.

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
from typing import Any

import psycopg

from bench.api_play import HOST, PORT, Client, _run_threads
from bench.common import (
    admin,
    db_name,
    free_port,
    fresh_mitchell,
    server_env,
    start_gunicorn,
)
from bench.event_night import (
    BOARDS_PER_ROUND,
    ROOT,
    THREADS,
    WORKERS,
    Entered,
    _enter,
    _p,
    _watch,
)

DB = db_name("arbitro_bench_results_site")
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
TABLES = max(3, int(100 * SCALE))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "4"))
VIEWERS = int(os.environ.get("BENCH_VIEWERS", "100"))
VIEWER_PROCESSES = max(1, int(os.environ.get("BENCH_VIEWER_PROCESSES", "4")))
POLL_SECONDS = 1.0  # results_site.views.POLL_SECONDS
SAMPLES = int(os.environ.get("BENCH_PAGE_SAMPLES", "200"))
PROJECTION = "tournaments.results.v1"
GOAL_SECONDS = 2.0
TIMEOUT = float(os.environ.get("BENCH_HTTP_TIMEOUT", "120"))
GOAL_RATIO = 5.0
SITE_POOL = os.environ.get("BENCH_SITE_POOL", "1") != "0"
SITE_WORKERS = int(os.environ.get("BENCH_SITE_WORKERS", "2"))
SITE_THREADS = int(os.environ.get("BENCH_SITE_THREADS", "4"))
# The pages' pool is not niced below the writes' (decision 0167): a poll is a
# few milliseconds of CPU, and the runner (-5) still goes first.
SITE_NICE = int(os.environ.get("BENCH_SITE_NICE", "0"))
CACHE_URL = os.environ.get("BENCH_CACHE_URL", "redis://127.0.0.1:6379/0")
RUN = uuid.uuid4().hex[:8]


def _redis_up() -> bool:
    import socket
    from urllib.parse import urlsplit

    where = urlsplit(CACHE_URL)
    try:
        socket.create_connection((where.hostname, where.port or 6379), 1).close()
        return True
    except OSError:
        return False


def _env() -> dict[str, str]:
    env = server_env(DB)
    if CACHE_URL and _redis_up():
        env["ARBITRO_CACHE_URL"] = CACHE_URL
        env["ARBITRO_CACHE_PREFIX"] = f"bench-{RUN}"
    return env


def _setup() -> tuple[str, str, str, dict[int, list[tuple[int, int]]]]:
    """A fresh database: the event, 200 pairs, two sessions scheduled.

    Returns the tournament id, the director's API token, his site session
    cookie and each table's session-1 (round, board) in order."""
    tid, director, plan = fresh_mitchell(
        DB, _env(), "results site", TABLES, BOARDS_PER_ROUND, ROUNDS, [(-1, 4), (5, 4)]
    )
    from django.conf import settings
    from django.db import connections
    from django.test import Client as DjangoClient

    from access.tokens import issue

    token = issue(director.pk).key
    browser = DjangoClient()
    browser.force_login(director)
    name = settings.SESSION_COOKIE_NAME
    cookie = f"{name}={browser.cookies[name].value}"
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
Waits = list[float]  # each poll's answer time


def _view(
    port: int,
    path: str,
    cookie: str,
    stop: Any,
    out: Seen,
    counts: list[int],
    waits: Waits,
) -> None:
    """One open page: htmx's poll, the ETag it holds sent back each time."""
    conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    headers = {"HX-Request": "true", "Cookie": cookie, "Accept-Language": "it"}
    tag = ""
    while not stop.is_set():
        if tag:
            headers["If-None-Match"] = tag
        try:
            sent = time.perf_counter()
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
            waits.append(time.perf_counter() - sent)
        except OSError:  # a timeout on a starved machine: the browser retries
            counts[2] += 1
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
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


def _viewers(
    pages: int, port: int, path: str, cookie: str, stop: Any, ready: Any, send: Any
) -> None:
    """A viewers' process: ``pages`` threads, each an open page."""
    seen: list[Seen] = [[] for _ in range(pages)]
    counts = [[0, 0, 0] for _ in range(pages)]
    waits: list[Waits] = [[] for _ in range(pages)]
    threads = [
        threading.Thread(
            target=_view,
            args=(port, path, cookie, stop, seen[i], counts[i], waits[i]),
        )
        for i in range(pages)
    ]
    for t in threads:
        t.start()
    ready.set()
    for t in threads:
        t.join()
    send.send(
        (
            seen,
            [sum(c[i] for c in counts) for i in range(3)],
            [w for page in waits for w in page],
        )
    )


def _shown_lags(entered: Entered, seen: list[Seen]) -> list[float]:
    """For every (result, open page): when the page first showed it."""
    lags: list[float] = []
    for page in seen:
        positions = [p for _, p in page]  # only grow
        for _, at, position, _elapsed in entered:
            i = bisect.bisect_left(positions, position)
            if i == len(page):
                lags.append(float("inf"))
            else:
                lags.append(max(page[i][0] - at, 0.0))
    return lags


def _applied_lags(
    entered: Entered, applied: tuple[list[float], list[int]]
) -> list[float]:
    """For every result: when the projection's checkpoint passed it."""
    times, positions = applied
    lags: list[float] = []
    for _, at, position, _elapsed in entered:
        i = bisect.bisect_left(positions, position)
        lags.append(float("inf") if i == len(times) else max(times[i] - at, 0.0))
    return lags or [0.0]


def _timed(port: int, path: str, headers: dict[str, str], samples: int) -> list[float]:
    conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
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


def _pages(port: int, path: str, cookie: str) -> None:
    """The standings page of 200 pairs beside the ping, one request at a
    time, alternated in rounds so a machine that slows down weighs on all."""
    ping: list[float] = []
    page: list[float] = []
    fragment: list[float] = []
    poll: list[float] = []
    who = {"Cookie": cookie, "Accept-Language": "it"}
    hx = {**who, "HX-Request": "true"}
    _timed(port, "/api/v1/ping/", {}, 20)  # warm
    _timed(port, path, who, 5)
    conn = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    conn.request("GET", path, headers=hx)
    first = conn.getresponse()
    size = len(first.read())
    tag = first.getheader("ETag") or ""
    per_round = max(1, SAMPLES // 10)
    for _ in range(10):
        ping += _timed(port, "/api/v1/ping/", {}, per_round)
        page += _timed(port, path, who, per_round)
        fragment += _timed(port, path, hx, per_round)
        poll += _timed(port, path, {**hx, "If-None-Match": tag}, per_round)
    anchor = statistics.median(ping)
    print(
        f"anchor: trivial DRF GET /api/v1/ping/ p50 {anchor * 1000:.1f} ms, "
        f"p95 {_p(ping, 95) * 1000:.1f} ms ({len(ping)} requests, one at a time)"
    )
    for label, values in (
        (f"standings page, {2 * TABLES} pairs (full page)", page),
        (
            f"standings live fragment ({size / 1024:,.0f} KiB, a poll that finds news)",
            fragment,
        ),
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
    site_port = free_port() if SITE_POOL else PORT
    servers = [server]
    if SITE_POOL:
        servers.append(
            start_gunicorn(
                f"{HOST}:{site_port}",
                SITE_WORKERS,
                SITE_THREADS,
                {**env, "ARBITRO_WEB_NICE": str(SITE_NICE)},
                ROOT,
            )
        )
    runner = subprocess.Popen(
        [sys.executable, "manage.py", "run_projections"], cwd=ROOT, env=env
    )
    path = f"/events/{tid}/sessions/1/"
    context = multiprocessing.get_context("spawn")
    # When the projection applied each position (event_night's watcher): the
    # runner's share of 201 -> shown, apart from the pages'.
    watch_stop, watch_ready = context.Event(), context.Event()
    watch_receive, watch_send = context.Pipe(duplex=False)
    watcher = context.Process(
        target=_watch, args=(DB, watch_stop, watch_ready, watch_send), daemon=True
    )
    stop = context.Event()
    groups = [
        len(range(i, VIEWERS, VIEWER_PROCESSES))
        for i in range(min(VIEWER_PROCESSES, VIEWERS))
    ]
    readies = [context.Event() for _ in groups]
    pipes = [context.Pipe(duplex=False) for _ in groups]
    viewers = [
        context.Process(
            target=_viewers,
            args=(pages, site_port, path, cookie, stop, ready, send),
            daemon=True,
        )
        for pages, ready, (_, send) in zip(groups, readies, pipes, strict=True)
    ]
    try:
        for port in {PORT, site_port}:
            for _ in range(300):
                try:
                    conn = http.client.HTTPConnection(HOST, port, timeout=5)
                    conn.request("GET", "/api/v1/ping/")
                    if conn.getresponse().status == 200:
                        break
                except OSError:
                    pass
                time.sleep(0.1)
        _caught_up()
        watcher.start()
        if not watch_ready.wait(60):
            raise TimeoutError("the watcher did not start")
        for process in viewers:
            process.start()
        for ready in readies:
            if not ready.wait(60):
                raise TimeoutError("the viewers did not start")
        time.sleep(2 * POLL_SECONDS)  # every page open and holding its tag
        tables = sorted(plan)
        rounds = sorted({r for p in plan.values() for r, _ in p})
        barriers = {r: threading.Barrier(len(tables)) for r in rounds}
        entered: Entered = []
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
        watch_stop.set()
        seen: list[Seen] = []
        counts = [0, 0, 0]
        waits: Waits = []
        for receive, _ in pipes:
            if receive.poll(60):
                their_seen, their_counts, their_waits = receive.recv()
                seen += their_seen
                counts = [a + b for a, b in zip(counts, their_counts, strict=True)]
                waits += their_waits
        for process in viewers:
            process.join(10)
        applied: tuple[list[float], list[int]] = (
            watch_receive.recv() if watch_receive.poll(30) else ([], [])
        )
        watcher.join(10)
        lags = _shown_lags(entered, seen)
        projected = _applied_lags(entered, applied)
        print(
            f"{TABLES} tables, {2 * TABLES}-pair Mitchell, 2 sessions, "
            f"{len(entered)} session-1 results by {len(tables)} table clients in "
            f"{seconds:.1f} s; {VIEWERS} open standings pages polling every "
            f"{POLL_SECONDS:.0f} s ({counts[0]} answers 200, {counts[1]} 304, "
            f"{counts[2]} other); gunicorn {WORKERS} workers x {THREADS} threads"
            + (
                f" for the API and {SITE_WORKERS} x {SITE_THREADS} for the pages"
                f" (nice {SITE_NICE})"
                if SITE_POOL
                else " for both the API and the pages"
            )
            + ", one run_projections, PostgreSQL, render cache "
            + ("Redis" if "ARBITRO_CACHE_URL" in env else "per process")
        )
        p95 = _p(lags, 95)
        print(
            f"201 -> shown on an open standings page: p50 "
            f"{_p(lags, 50) * 1000:,.0f} ms, p95 {p95 * 1000:,.0f} ms, max "
            f"{max(lags) * 1000:,.0f} ms over {len(lags):,} (result, page) | goal "
            f"p95 <= {GOAL_SECONDS * 1000:,.0f} ms: "
            f"{'met' if p95 <= GOAL_SECONDS else 'NOT met'}"
        )
        print(
            f"of which the projection (201 -> the session's position applied): "
            f"p50 {_p(projected, 50) * 1000:,.0f} ms, p95 {_p(projected, 95) * 1000:,.0f} "
            f"ms; a poll's answer during the entry: p50 "
            f"{_p(waits or [0.0], 50) * 1000:,.1f} ms, p95 "
            f"{_p(waits or [0.0], 95) * 1000:,.1f} ms over {len(waits):,} polls "
            f"({len(waits) / max(seconds, 1e-9) / max(VIEWERS, 1):.2f} a second "
            "a page)"
        )
        _pages(site_port, path, cookie)
    finally:
        stop.set()
        watch_stop.set()
        for process in viewers:
            if process.is_alive():
                process.join(10)
        for process in (*servers, runner):
            process.send_signal(signal.SIGTERM)
        for process in (*servers, runner):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        from django.db import connections

        connections.close_all()
        if os.environ.get("BENCH_KEEP_DB") != "1":
            admin(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
