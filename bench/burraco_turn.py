"""Burraco benchmark (issue 19): a 150-table Danese turn entered by 150
concurrent table clients over HTTP, then the next turn's Danese pairing.

gunicorn serves the API on PostgreSQL. A 300-pair tournament (two hands a
turn) plays turn 1 by Mitchell and turn 2 as a Danese turn; 150 client
threads, one a table, each POST their table's sheet of turn 2 at once
(after a barrier); when the last has answered 201 the director POSTs turn
3's positions, a Danese pairing from the standings after turn 2. Printed:
the time from the last sheet to the published positions beside the time
the same turn's 150 sheets took to be appended with no pairing (first POST
to last answer), in the same run, and their ratio; and the same 150 sheets
on a tournament opened before decision 0144 (one stream for every sheet)
for comparison. ``BENCH_TABLES`` (default 150), ``BENCH_PORT``,
``BENCH_DB_SUFFIX``, ``BENCH_REPEATS`` (default 3: a tournament each).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg

from bench.common import db_name, line, median_spread, register_players, repeats

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PORT = int(os.environ.get("BENCH_PORT", "8939"))
DB = db_name("arbitro_bench_burraco")
TABLES = int(os.environ.get("BENCH_TABLES", "150"))
WORKERS = int(os.environ.get("BENCH_WORKERS", "8"))
THREADS = int(os.environ.get("BENCH_THREADS", "2"))


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ARBITRO_DEADLINE_ETA": "0",
        "ARBITRO_THROTTLE_ANON": "off",
        "ARBITRO_THROTTLE_USER": "off",
        "LOG_LEVEL": "WARNING",
    }


def _psql(sql: str) -> None:
    with psycopg.connect(
        "host=127.0.0.1 user=postgres dbname=postgres", autocommit=True
    ) as c:
        c.execute(sql)


def _setup() -> tuple[str, list[Any]]:
    """A fresh database with the director's token and the register's players."""
    _psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    _psql(f"CREATE DATABASE {DB}")
    os.environ.update(_env())
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from access.models import RoleGrant
    from access.tokens import issue
    from eventstore.store import Metadata

    call_command("migrate", verbosity=0)
    director = get_user_model().objects.create_user("bench-director")
    RoleGrant.objects.create(user=director, role=RoleGrant.Role.FEDERATION_STAFF)
    players = register_players(4 * TABLES, Metadata(actor="system:bench"))
    return issue(director.pk).key, players


def _tournament(players: list[Any], *, table_streams: bool) -> str:
    """A 300-pair burraco tournament with turn 1 (Mitchell) played and turn 2
    (Danese) published, through the handlers (untimed)."""
    from django.db import connections

    from burraco import domain as b
    from burraco.handlers import create_burraco, handle_burraco
    from eventstore.store import Metadata, event_store
    from tournaments import handlers
    from tournaments.domain import tournament

    tid = uuid.uuid4()
    meta = Metadata(actor="system:bench", tournament_id=tid)
    create_burraco(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name="bench burraco",
            game=tournament.Game.BURRACO,
            form=tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.BURRACO_VP,
            windows=tournament.WindowRules(),
            starts_at=event_store().now(),
        ),
        b.OpenBurraco(
            tournament_id=tid,
            hands_per_turn=2,
            turns=3,
            mitchell_turns=1,
            table_streams=table_streams,
        ),
        metadata=meta,
    )
    for number in range(1, 2 * TABLES + 1):
        handlers.handle_tournament(
            tid,
            tournament.EnterPair(
                number=number,
                entry_id=uuid.uuid4(),
                player_ids=tuple(players[2 * number - 2 : 2 * number]),
            ),
            metadata=meta,
        )
    handle_burraco(tid, b.FormLines(), metadata=meta)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)
    for table in range(1, TABLES + 1):
        handle_burraco(
            tid,
            b.EnterScoreSheet(turn=1, table=table, hands=(_hand(table),)),
            metadata=meta,
        )
    handle_burraco(tid, b.PublishPositions(turn=2), metadata=meta)
    connections.close_all()
    return str(tid)


def _hand(table: int) -> Any:
    from burraco import domain as b

    return b.SheetHand(
        fixed_base=100 * (table % 4),
        fixed_points=5 * (table % 37),
        mobile_base=100 * (table % 3),
        mobile_points=5 * (table % 23),
    )


def _body(table: int) -> bytes:
    hand = _hand(table)
    return json.dumps(
        {
            "hands": [
                {
                    "fixed_base": hand.fixed_base,
                    "fixed_points": hand.fixed_points,
                    "mobile_base": hand.mobile_base,
                    "mobile_points": hand.mobile_points,
                }
            ]
        }
    ).encode()


def _post(
    conn: http.client.HTTPConnection, path: str, body: bytes, token: str
) -> tuple[int, bytes]:
    conn.request(
        "POST",
        path,
        body,
        {"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    response = conn.getresponse()
    return response.status, response.read()


def _turn(tid: str, token: str, *, publish: bool) -> tuple[float, float, list[float]]:
    """Turn 2's sheets by one client a table at once; then, with ``publish``,
    turn 3's positions. Return (sheets' seconds, publication's seconds, each
    sheet's latency)."""
    base = f"/api/v1/burraco/tournaments/{tid}/"
    conns = [http.client.HTTPConnection(HOST, PORT, timeout=120) for _ in range(TABLES)]
    barrier = threading.Barrier(TABLES + 1)
    latencies: list[float] = []
    errors: list[str] = []
    finished: list[float] = []

    def enter(table: int) -> None:
        body = _body(table)
        barrier.wait()
        start = time.perf_counter()
        status, answer = _post(
            conns[table - 1], f"{base}turns/2/tables/{table}/sheet/", body, token
        )
        end = time.perf_counter()
        if status != 201:
            errors.append(f"table {table}: {status} {answer[:200]!r}")
        latencies.append(end - start)
        finished.append(end)

    threads = [threading.Thread(target=enter, args=(t,)) for t in range(1, TABLES + 1)]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    last = max(finished)
    if errors:
        raise SystemExit(f"burraco benchmark: {len(errors)} errors, first {errors[0]}")
    published = 0.0
    if publish:
        conn = http.client.HTTPConnection(HOST, PORT, timeout=120)
        status, answer = _post(conn, f"{base}turns/3/positions/", b"", token)
        if status != 201:
            raise SystemExit(f"burraco benchmark: positions {status} {answer[:200]!r}")
        published = time.perf_counter() - last
        conn.close()
    for conn in conns:
        conn.close()
    return last - start, published, latencies


def _warm(tournaments: list[str]) -> None:
    """Every worker thread serves each tournament's detail first (untimed),
    so that the clock sees warm processes and caches, not imports."""

    def read() -> None:
        conn = http.client.HTTPConnection(HOST, PORT, timeout=60)
        for _ in range(3):
            for tid in tournaments:
                conn.request("GET", f"/api/v1/burraco/tournaments/{tid}/")
                conn.getresponse().read()
        conn.close()

    threads = [threading.Thread(target=read) for _ in range(4 * WORKERS * THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main() -> int:
    try:
        socket.create_connection(("127.0.0.1", 5432), 1).close()
    except OSError:
        print("burraco benchmark: no PostgreSQL on 127.0.0.1:5432, skipped")
        return 0
    try:
        socket.create_connection((HOST, PORT), 1).close()
    except OSError:
        pass
    else:
        print(f"burraco benchmark: port {PORT} is in use (set BENCH_PORT)")
        return 1
    token, players = _setup()
    runs = repeats()
    ours = [_tournament(players, table_streams=True) for _ in range(runs)]
    legacy = _tournament(players, table_streams=False)
    server = subprocess.Popen(
        [
            sys.executable, "-m", "gunicorn", "config.wsgi",
            "--bind", f"{HOST}:{PORT}",
            "--workers", str(WORKERS), "--worker-class", "gthread",
            "--threads", str(THREADS), "--keep-alive", "5",
            "--backlog", "512", "--log-level", "warning",
        ],
        cwd=ROOT,
        env=_env(),
    )  # fmt: skip
    try:
        for _ in range(300):
            try:
                conn = http.client.HTTPConnection(HOST, PORT, timeout=5)
                conn.request("GET", "/api/v1/ping/")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        _warm([*ours, legacy])
        sheets, publications, latencies = [], [], []
        for tid in ours:
            entered, published, each = _turn(tid, token, publish=True)
            sheets.append(entered)
            publications.append(published)
            latencies += each
        one_stream, _, legacy_each = _turn(legacy, token, publish=False)
        p95 = statistics.quantiles(latencies, n=20)[18] * 1000
        print(
            f"{TABLES} tables: turn 2's sheets by {TABLES} concurrent clients, then "
            f"turn 3's Danese positions; gunicorn {WORKERS} workers x {THREADS} "
            f"threads, PostgreSQL; {runs} tournaments"
        )
        print(
            f"sheets appended (first POST to last 201), ms: "
            f"{median_spread([s * 1000 for s in sheets])}; a sheet's p50 "
            f"{statistics.median(latencies) * 1000:.0f} ms, p95 {p95:.0f} ms"
        )
        print(
            "last sheet to published positions, ms: "
            f"{median_spread([p * 1000 for p in publications])}"
        )
        line(
            "last sheet to published Danese positions",
            statistics.median(publications) * 1000,
            "ms",
            f"the turn's {TABLES} sheets appended with no pairing",
            statistics.median(sheets) * 1000,
            [p / s for p, s in zip(publications, sheets, strict=True)],
        )
        line(
            f"{TABLES} sheets on a stream a table (decision 0144)",
            statistics.median(sheets) * 1000,
            "ms",
            "the same sheets on one tournament stream (decision 0120)",
            one_stream * 1000,
        )
        print(
            f"one stream: a sheet's p50 {statistics.median(legacy_each) * 1000:.0f} ms, "
            f"p95 {statistics.quantiles(legacy_each, n=20)[18] * 1000:.0f} ms",
            flush=True,
        )
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        _psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
