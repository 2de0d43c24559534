"""Event night benchmark (issue 13): results entered at every table at once.

gunicorn (8 workers x 2 threads) and one ``run_projections`` serve a
200-pair Mitchell (100 tables, 2 boards a round, 14 rounds: 2,800 results)
on PostgreSQL. One client per table enters its results as the director
(``POST .../results/``), the rounds back to back (every table finishes a
round before the next starts), once the runner has applied the setup. A
watcher process polls the results projection's checkpoint every 5 ms: a
result is on the standings when the checkpoint passes its position (the
standings are written in the same transaction). gunicorn runs with the
production settings (``config/gunicorn_conf.py``: its workers niced,
decision 0111).

Prints the lag (201 to standings) p50/p95/max overall and per round, beside
its goal (p95 at most 1 s); the CPU the runner and the web workers used
while the results were entered; the result POST's latency p50/p95 under that
load beside the anchor's, a trivial DRF GET (``/api/v1/ping/``) on the same
server with as many clients, measured before and after the entry (decision
0219: a latency a table device waits, where a throughput goal once stood);
and the results projection's rebuild rate beside the store's decode rate
(every event read and decoded in batches, no projection), both in this
process.

Both the rebuild and the decode are timed warm (one untimed read of the
store first: the process's first query opens the connection and the
server's statements are prepared on their fifth run), ``BENCH_REPEATS``
times each (default 3), alternating, and the medians are printed: the
first decode, cold, was the anchor once and understated it several times.

``BENCH_SCALE`` scales the tables (default 1.0 = 100), ``BENCH_ROUNDS`` the
rounds (default 14); ``BENCH_PORT`` and ``BENCH_DB_SUFFIX`` keep two runs
apart. ``BENCH_KEEP_DB=1`` keeps the database at the end, and
``BENCH_REBUILD_ONLY=1`` times only the rebuild and the decode on a database
a previous run kept (no server, no entry). The machine is shared: only the
ratios to the anchors of the same run compare across runs.
"""

from __future__ import annotations

import bisect
import contextlib
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg

from bench.api_play import HOST, PORT, Client, _ping, _run_threads
from bench.common import (
    admin,
    db_name,
    fresh_mitchell,
    line,
    repeats,
    server_env,
    start_gunicorn,
)

ROOT = Path(__file__).resolve().parent.parent
DB = db_name("arbitro_bench_event_night")
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
TABLES = max(3, int(100 * SCALE))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "14"))
BOARDS_PER_ROUND = 2
PING_SECONDS = float(os.environ.get("BENCH_PING_SECONDS", "3"))
WORKERS = int(os.environ.get("BENCH_WORKERS", "8"))
THREADS = int(os.environ.get("BENCH_THREADS", "2"))
PROJECTION = "tournaments.results.v1"
KEEP_DB = os.environ.get("BENCH_KEEP_DB") == "1"
REBUILD_ONLY = os.environ.get("BENCH_REBUILD_ONLY") == "1"
CONTRACTS = (("3NTS", 9), ("4SN", 10), ("4HE", 10), ("2SN", 8), ("5DW", 11))


WEB_NAME, RUNNER_NAME = "bench-web", "bench-runner"


def _env(name: str = WEB_NAME) -> dict[str, str]:
    """The servers' environment; ``PGAPPNAME`` names their backends (libpq
    reads it) so that ``Split`` can tell whose PostgreSQL CPU is whose."""
    return {**server_env(DB), "PGAPPNAME": name}


def _setup() -> tuple[str, str, dict[int, list[tuple[int, int]]]]:
    """A fresh database with the tournament, its pairs and the session.

    Returns the tournament id, the director's token and each table's
    (round, board) in order.
    """
    tid, director, plan = fresh_mitchell(
        DB,
        _env("bench-setup"),
        "event night",
        TABLES,
        BOARDS_PER_ROUND,
        ROUNDS,
        [(-1, 7)],
    )
    from django.db import connections

    from access.tokens import issue

    token = issue(director.pk).key
    connections.close_all()
    return str(tid), token, plan


def _watch(dbname: str, stop: Any, ready: Any, out: Any) -> None:
    """The watcher process: (time, position) at each change of the results
    projection's checkpoint, polled every 5 ms, sent when ``stop`` is set.

    Its own process: in the benchmark's, a hundred client threads hold the
    GIL, and a thread polling there was woken late, so the lag it measured
    was its own as much as the runner's. ``time.perf_counter`` is the
    system's monotonic clock, the same in every process."""
    times: list[float] = []
    positions: list[int] = []
    with psycopg.connect(
        f"host=127.0.0.1 user=postgres dbname={dbname}", autocommit=True
    ) as c:
        ready.set()
        last = -1
        while not stop.is_set():
            row = c.execute(
                "SELECT last_position FROM es_checkpoint WHERE name = %s",
                [PROJECTION],
            ).fetchone()
            position = 0 if row is None else int(row[0])
            if position != last:
                times.append(time.perf_counter())
                positions.append(position)
                last = position
            time.sleep(0.005)
    out.send((times, positions))


class Watcher:
    """When the projection's checkpoint passed each position (``_watch``)."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.positions: list[int] = []
        context = multiprocessing.get_context("spawn")
        self.stop = context.Event()
        self.ready = context.Event()
        self.receive, send = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_watch, args=(DB, self.stop, self.ready, send), daemon=True
        )

    def start(self) -> None:
        self.process.start()
        if not self.ready.wait(60):
            raise TimeoutError("the watcher process did not start")

    def finish(self) -> None:
        """Stop the watcher and take its samples."""
        if not self.process.is_alive():
            return
        self.stop.set()
        if self.receive.poll(30):
            self.times, self.positions = self.receive.recv()
        self.process.join(10)

    def shown_at(self, position: int, after: float) -> float | None:
        """When the checkpoint was first seen at or past ``position``."""
        # Positions only grow: the first sample at or past it.
        i = bisect.bisect_left(self.positions, position)
        if i == len(self.positions):
            return None
        return max(self.times[i], after)


def _cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system) the processes have used so far (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def _postgres() -> list[int]:
    """The PostgreSQL server's processes (its backends, the WAL writer...)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
    return pids


def _postgres_by_client() -> dict[str, list[int]]:
    """PostgreSQL's processes by whom they serve: the backends of the web
    workers and of the runner (``PGAPPNAME``, ``_env``) and the rest (the
    watcher's, the WAL writer, the checkpointer...)."""
    with psycopg.connect(
        "host=127.0.0.1 user=postgres dbname=postgres", autocommit=True
    ) as c:
        named: dict[int, str] = dict(
            c.execute(
                "SELECT pid, application_name FROM pg_stat_activity"
                " WHERE application_name IN (%s, %s)",
                [WEB_NAME, RUNNER_NAME],
            ).fetchall()
        )
    groups: dict[str, list[int]] = {"PG web": [], "PG runner": [], "PG other": []}
    for pid in _postgres():
        name = named.get(pid, "")
        key = {WEB_NAME: "PG web", RUNNER_NAME: "PG runner"}.get(name, "PG other")
        groups[key].append(pid)
    return groups


class Split:
    """The machine's CPU over a phase, by who used it: the web workers, the
    runner, PostgreSQL (its backends for the web workers, for the runner,
    and every other server process) and this process (the clients'
    threads), in ms a request. A backend that ends within the phase takes
    its CPU with it: the web workers and the runner keep theirs open."""

    def __init__(self, web: list[int], runner: int) -> None:
        self.groups = {"web": web, "runner": [runner]}

    def _now(self) -> dict[str, float]:
        now = {name: _cpu_seconds(pids) for name, pids in self.groups.items()}
        for name, pids in _postgres_by_client().items():
            now[name] = _cpu_seconds(pids)
        now["clients"] = time.process_time()
        return now

    def start(self) -> None:
        self.began = self._now()

    def stop(self, requests: int) -> str:
        end = self._now()
        used = {k: (end[k] - self.began.get(k, 0.0)) / requests * 1000 for k in end}
        parts = ", ".join(f"{k} {ms:.2f}" for k, ms in used.items())
        return f"{sum(used.values()):.2f} ms a request ({parts})"


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (gunicorn's workers)."""
    try:
        tasks = Path(f"/proc/{pid}/task").iterdir()
        return [
            int(child)
            for task in tasks
            for child in (task / "children").read_text().split()
        ]
    except OSError:
        return []


# (round, 201 at, last position, the POST's latency in seconds)
Entered = list[tuple[int, float, int, float]]
LAG_GOAL = 1.0  # seconds, the lag's p95 (issue 13)


def _caught_up(timeout: float = 600) -> None:
    """Wait until the results projection has applied every stored event."""
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
    raise TimeoutError("the projection runner did not catch up with the setup")


def _enter(
    client: Client,
    tid: str,
    token: str,
    table: int,
    plan: list[tuple[int, int]],
    barriers: dict[int, threading.Barrier],
    out: Entered,
    errors: list[str],
) -> None:
    rng = random.Random(table)
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    path = f"/api/v1/tournaments/{tid}/sessions/1/results/"
    done_round = 0
    for round_number, board in plan:
        if round_number != done_round:
            if done_round:
                barriers[done_round].wait()
            done_round = round_number
        contract, tricks = rng.choice(CONTRACTS)
        body = (
            f'{{"board_number": {board}, "table": {table}, "contract": "{contract}", '
            f'"tricks": {tricks + rng.choice((-1, 0, 0, 1))}}}'
        ).encode()
        status, elapsed = client.post(path, body, headers)
        at = time.perf_counter()
        if status != 201:
            errors.append(
                f"table {table} board {board}: {status} {client.last[:300]!r}"
            )
            for b in barriers.values():
                b.abort()
            return
        position = int(json.loads(client.last)["last_position"])
        out.append((round_number, at, position, elapsed))
    if done_round:
        barriers[done_round].wait()


def _lags(entered: Entered, watcher: Watcher) -> dict[int, list[float]]:
    by_round: dict[int, list[float]] = {}
    for round_number, at, position, _elapsed in entered:
        shown = watcher.shown_at(position, at)
        lag = float("inf") if shown is None else shown - at
        by_round.setdefault(round_number, []).append(lag)
    return by_round


def _p(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def _latencies(posts: list[float], pings: list[float], rate: float) -> None:
    """The result POST's latency under the event-night load beside the
    ping's on the same server, as many clients, in the same run."""
    post50, post95 = _p(posts, 50), _p(posts, 95)
    ping50, ping95 = _p(pings, 50), _p(pings, 95)
    print(
        f"result POST .../results/ latency: p50 {post50 * 1000:,.1f} ms, "
        f"p95 {post95 * 1000:,.1f} ms ({len(posts)} POSTs, {rate:,.0f}/s) "
        f"| anchor trivial DRF GET /api/v1/ping/: p50 {ping50 * 1000:,.1f} ms, "
        f"p95 {ping95 * 1000:,.1f} ms ({len(pings)} GETs) "
        f"| ratio p50 {post50 / ping50:.2f}, p95 {post95 / ping95:.2f}",
        flush=True,
    )


def _rebuild_and_decode() -> tuple[int, float, float]:
    """The results projection rebuilt in this process, and the store read and
    decoded whole: (events, median rebuild seconds, median decode seconds).

    Warm and alternated: an untimed read first, then each repeat decodes
    and rebuilds once, so a machine that slows down weighs on both alike.
    """
    from eventstore.projections import ProjectionRunner
    from eventstore.store import event_store
    from tournaments.projections import TournamentResults

    store = event_store()

    def decode() -> int:
        after, events = 0, 0
        while batch := store.read_all(after_position=after, limit=500):
            events += len(batch)
            after = batch[-1].global_position
        return events

    events = decode()  # warm: the connection, the prepared statements
    decodes: list[float] = []
    rebuilds: list[float] = []
    for _ in range(repeats()):
        start = time.perf_counter()
        decode()
        decodes.append(time.perf_counter() - start)
        start = time.perf_counter()
        ProjectionRunner(TournamentResults()).rebuild()
        rebuilds.append(time.perf_counter() - start)
    return events, statistics.median(rebuilds), statistics.median(decodes)


def _report_rebuild() -> None:
    events, rebuild, decode = _rebuild_and_decode()
    line(
        f"rebuild of {PROJECTION} ({events:,} events)",
        events / rebuild,
        "events/s",
        "the store's read and decode",
        events / decode,
    )


def _rebuild_only() -> int:
    """Time the rebuild and the decode on a database a run kept."""
    os.environ.update(_env("bench-setup"))
    import django

    django.setup()
    from django.db import connections

    try:
        _report_rebuild()
    finally:
        connections.close_all()
    return 0


def main() -> int:
    try:
        psycopg.connect("host=127.0.0.1 user=postgres dbname=postgres").close()
    except psycopg.OperationalError:
        print("event night benchmark: no PostgreSQL on 127.0.0.1:5432, skipped")
        return 0
    if REBUILD_ONLY:
        return _rebuild_only()
    tid, token, plan = _setup()
    env = _env()
    server = start_gunicorn(f"{HOST}:{PORT}", WORKERS, THREADS, env, ROOT)
    runner = subprocess.Popen(
        [sys.executable, "manage.py", "run_projections"],
        cwd=ROOT,
        env=_env(RUNNER_NAME),
    )
    watcher = Watcher()
    try:
        for _ in range(300):
            try:
                if Client().get("/api/v1/ping/")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        tables = sorted(plan)
        _run_threads(_ping, [(1.0, []) for _ in tables])  # warm every worker
        _caught_up()  # the setup's events applied: the clock starts level
        split = Split(_children(server.pid), runner.pid)
        pinged: list[float] = []
        split.start()
        _run_threads(_ping, [(PING_SECONDS, pinged) for _ in tables])
        ping_cpu = split.stop(len(pinged))
        rounds = sorted({r for p in plan.values() for r, _ in p})
        # The runner's CPU at the end of each round (every table done with
        # it): its CPU by round, which the machine's load blurs less than the
        # lag does (a batch's work lags its round by a batch or so).
        marks: dict[int, float] = {}

        def mark(r: int) -> Callable[[], None]:
            def at_barrier() -> None:
                marks[r] = _cpu_seconds([runner.pid])

            return at_barrier

        barriers = {r: threading.Barrier(len(tables), action=mark(r)) for r in rounds}
        clients = {t: Client() for t in tables}
        entered: Entered = []
        errors: list[str] = []
        watcher.start()
        workers = _children(server.pid)
        cpu_runner, cpu_web = _cpu_seconds([runner.pid]), _cpu_seconds(workers)
        marks[0] = cpu_runner
        split.start()
        seconds = _run_threads(
            _enter,
            [
                (clients[t], tid, token, t, plan[t], barriers, entered, errors)
                for t in tables
            ],
        )
        if errors:
            print(f"event night benchmark: {len(errors)} errors, first: {errors[0]}")
            return 1
        cpu_web = _cpu_seconds(workers) - cpu_web
        entry_cpu = split.stop(len(entered))
        with contextlib.suppress(TimeoutError):  # the lags not shown are infinite
            _caught_up(120)
        time.sleep(0.1)  # twenty of the watcher's polls: it has seen the head
        marks[rounds[-1]] = _cpu_seconds([runner.pid])
        cpu_runner = marks[rounds[-1]] - cpu_runner
        watcher.finish()
        pinged_after: list[float] = []
        _run_threads(_ping, [(PING_SECONDS, pinged_after) for _ in tables])
        pinged += pinged_after
        by_round = _lags(entered, watcher)
        print(
            f"{TABLES} tables, {2 * TABLES}-pair Mitchell, {len(rounds)} rounds, "
            f"{len(entered)} results by {len(tables)} table clients, gunicorn "
            f"{WORKERS} workers x {THREADS} threads, one run_projections, PostgreSQL"
        )
        every = [lag for lags in by_round.values() for lag in lags]
        p95 = _p(every, 95)
        print(
            f"lag 201 -> standings: p50 {_p(every, 50) * 1000:,.0f} ms, "
            f"p95 {p95 * 1000:,.0f} ms, max {max(every) * 1000:,.0f} ms "
            f"| goal p95 <= {LAG_GOAL * 1000:,.0f} ms: "
            + ("met" if p95 <= LAG_GOAL else "not met")
        )
        for r in rounds:
            lags = by_round.get(r, [])
            print(
                f"  round {r:2}: p50 {_p(lags, 50) * 1000:,.0f} ms, "
                f"p95 {_p(lags, 95) * 1000:,.0f} ms, max {max(lags) * 1000:,.0f} ms"
            )
        batches = sum(1 for p in watcher.positions if p > min(watcher.positions))
        print(
            f"CPU: runner {cpu_runner:.2f} s for {len(entered)} results in "
            f"{batches} batches ({cpu_runner / len(entered) * 1000:.2f} ms a result, "
            f"{cpu_runner / max(batches, 1) * 1000:.1f} ms a batch, "
            f"{cpu_runner / seconds:.0%} of a core while entering); web workers "
            f"{cpu_web / len(entered) * 1000:.2f} ms a result"
        )
        per_round = {
            r: (marks[r] - marks[prev]) / max(len(by_round.get(r, [])), 1) * 1000
            for prev, r in zip([0, *rounds], rounds, strict=False)
            if r in marks and prev in marks
        }
        print(
            "runner CPU a result by round (ms): "
            + ", ".join(f"{r}: {ms:.2f}" for r, ms in per_round.items())
        )
        print(f"machine CPU while pinging: {ping_cpu}")
        print(f"machine CPU while entering: {entry_cpu}")
        _latencies([elapsed for *_, elapsed in entered], pinged, len(entered) / seconds)
    finally:
        watcher.finish()
        for process in (server, runner):
            process.send_signal(signal.SIGTERM)
        for process in (server, runner):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
    try:
        _report_rebuild()
    finally:
        from django.db import connections

        connections.close_all()
        if not KEEP_DB:
            admin(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
