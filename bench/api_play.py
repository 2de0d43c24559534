"""API benchmark (issue 5): a 100-table session played card by card over HTTP.

gunicorn serves the API on PostgreSQL; concurrent clients (threads with
keep-alive connections) each play the boards of their own tables, every
call and card a POST through the rules engine and the event store. The
anchor is a trivial DRF endpoint (``/api/v1/ping/``) on the same server in
the same run. Prints requests/s and p50/p95 latency for both, and the
throughput ratio (goal: card plays at no less than a third of the anchor).

Only card plays are timed: every board is put on its table and bid through
the API first. The 52 cards then go in four rounds of 13 per table, each
round after a spell of the anchor, so a machine that speeds up or slows
down during the run weighs on both figures alike. Each client plays a card
at each of its tables in turn (a table's cards stay in order, on the same
connection). The pure aggregate works out each board's legal sequence
before the clock starts, so the clients only send requests (as the
anchor's clients do). ``BENCH_SCALE`` scales the number of tables (default
1.0 = 100 tables); ``BENCH_CLIENTS`` should divide them evenly.
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
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
HOST, PORT = "127.0.0.1", 8937
DB = "arbitro_bench_api"
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
TABLES = max(3, int(100 * SCALE))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "20"))
ROUNDS = 4  # of 13 cards per table
PING_SECONDS = float(os.environ.get("BENCH_PING_SECONDS", "2"))  # per round
WORKERS = int(os.environ.get("BENCH_WORKERS", "8"))
THREADS = int(os.environ.get("BENCH_THREADS", "2"))
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ARBITRO_DEADLINE_ETA": "0",
        "LOG_LEVEL": "WARNING",
    }


def _setup_database() -> str:
    """Fresh database, migrated, with a director token and a 100-table session."""
    with psycopg.connect(
        "host=127.0.0.1 user=postgres dbname=postgres", autocommit=True
    ) as c:
        c.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {DB}")
    os.environ.update(_env())
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from eventstore.store import Metadata
    from tournaments import handlers, registry_handlers
    from tournaments.domain import tournament
    from tournaments.domain.registry import PlayerCategory
    from tournaments.models import RoleGrant
    from tournaments.seating import mitchell_assignments

    call_command("migrate", verbosity=0)
    tid = uuid.uuid4()
    user = get_user_model().objects.create_user("bench-director")
    RoleGrant.objects.create(
        user=user, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=tid
    )
    token = Token.objects.create(user=user).key
    meta = Metadata(actor="system:bench", tournament_id=tid)
    now = datetime.now(UTC)
    handlers.handle_tournament(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name="bench",
            form=tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.MATCHPOINTS,
            starts_at=now,
            windows=tournament.WindowRules(),
        ),
        metadata=meta,
    )
    for number in range(1, 2 * TABLES + 1):
        # An entry names registered players (decision 0083).
        players = tuple(
            registry_handlers.register_player(
                registry_handlers.Identity(
                    federation_number=f"{number:04d}{member}",
                    family_name=f"Bench {number}",
                    given_name=f"Player {member}",
                ),
                PlayerCategory.NOT_CLASSIFIED,
                metadata=meta,
            )[0]
            for member in (1, 2)
        )
        handlers.handle_tournament(
            tid,
            tournament.EnterPair(
                number=number, entry_id=uuid.uuid4(), player_ids=players
            ),
            metadata=meta,
        )
    handlers.handle_tournament(
        tid,
        tournament.ScheduleSession(
            session=1,
            movement="mitchell",
            starts_at=now,
            ends_at=now + timedelta(hours=4),
            assignments=mitchell_assignments(2 * TABLES, 1, 1),
        ),
        metadata=meta,
    )
    from django.db import connections

    connections.close_all()
    return f"{tid}:{token}"


class Client:
    def __init__(self, token: str) -> None:
        self.conn = http.client.HTTPConnection(HOST, PORT, timeout=30)
        self.headers = {
            "Authorization": f"Token {token}",
            "Content-Type": "application/json",
        }

    def post(self, path: str, body: bytes) -> tuple[int, float]:
        start = time.perf_counter()
        self.conn.request("POST", path, body, self.headers)
        response = self.conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - start

    def get(self, path: str) -> tuple[int, float]:
        start = time.perf_counter()
        self.conn.request("GET", path)
        response = self.conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - start


Script = list[tuple[str, bytes]]


def _script(board: int) -> Script:
    """The board's requests in order: start, the auction, then 52 legal cards.

    Worked out with the pure aggregate before the clock starts: the clients
    then only send requests, as the anchor's clients do, and the server is
    all that is measured (on a 2-core machine, client CPU is server CPU).
    """
    from rules.bridge import Deal, Seat, parse_call
    from tournaments.domain import board_play
    from tournaments.domain.board_play import commands as cmd

    at = datetime.now(UTC)
    state = board_play.INITIAL

    def apply(command: object) -> None:
        nonlocal state
        for event in board_play.decide(state, command, at):
            state = board_play.evolve(state, event)

    apply(
        cmd.StartBoard(
            table_id=uuid.uuid4(), board_number=board, deal=Deal.from_pbn(DEAL), at=at
        )
    )
    script = [("start/", {"deal": DEAL})]
    dealer = state.turn or Seat.N
    for i, call in enumerate(("1NT", "P", "P", "P")):
        seat = dealer.next(i)
        script.append(("calls/", {"seat": seat.value, "call": call}))
        apply(cmd.MakeCall(seat=seat, call=parse_call(call), at=at))
    for _ in range(52):
        seat = state.turn
        card = min(state.legal_cards(), key=lambda c: (c.suit.rank, c.rank))
        script.append(("cards/", {"seat": seat.value, "card": str(card)}))
        apply(cmd.PlayCard(seat=seat, card=card, at=at))
    # Encoded here, before the clock: the ping's clients encode nothing either.
    return [(path, json.dumps(body).encode()) for path, body in script]


def _base(tid: str, table: int) -> str:
    return f"/api/v1/tournaments/{tid}/sessions/1/tables/{table}/boards/{table}/play/"


def _prelude(
    client: Client, tid: str, tables: list[int], scripts: dict[int, Script]
) -> None:
    """Untimed: put each board on its table and bid it (start and calls)."""
    for table in tables:
        for path, body in scripts[table]:
            if path != "cards/":
                status, _ = client.post(_base(tid, table) + path, body)
                if status != 201:
                    raise RuntimeError(f"table {table} {path}: {status}")


def _cards(
    client: Client,
    tid: str,
    tables: list[int],
    cards: dict[int, Script],
    span: slice,
    out: list[float],
    errors: list[str],
) -> None:
    """Play the cards of ``span`` at each of this client's tables in turn."""
    for index in range(span.start, span.stop):
        for table in tables:
            path, body = cards[table][index]
            status, elapsed = client.post(_base(tid, table) + path, body)
            if status != 201:
                errors.append(f"table {table} card {index + 1}: {status}")
                return
            out.append(elapsed)


def _ping(seconds: float, out: list[float]) -> None:
    client = Client("")
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status, elapsed = client.get("/api/v1/ping/")
        if status == 200:
            out.append(elapsed)


def _run_threads(target, args_per_thread) -> float:  # type: ignore[no-untyped-def]
    threads = [threading.Thread(target=target, args=a) for a in args_per_thread]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def _report(label: str, latencies: list[float], seconds: float) -> float:
    rate = len(latencies) / seconds
    p50 = statistics.median(latencies) * 1000
    p95 = statistics.quantiles(latencies, n=20)[18] * 1000
    print(f"{label}: {rate:,.0f} req/s, p50 {p50:.1f} ms, p95 {p95:.1f} ms", flush=True)
    return rate


def main() -> int:
    try:
        socket.create_connection(("127.0.0.1", 5432), 1).close()
    except OSError:
        print("API benchmark: no PostgreSQL on 127.0.0.1:5432, skipped")
        return 0
    tid, token = _setup_database().split(":")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--bind",
            f"{HOST}:{PORT}",
            "--workers",
            str(WORKERS),
            "--worker-class",
            "gthread",
            "--threads",
            str(THREADS),
            "--keep-alive",  # a card client's connection outlives a ping spell
            "10",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=_env(),
    )
    try:
        for _ in range(300):  # until a worker answers, not just the socket
            try:
                if Client("").get("/api/v1/ping/")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        _run_threads(_ping, [(1.0, []) for _ in range(CLIENTS)])  # warm every worker
        tables = list(range(1, TABLES + 1))
        shares = [tables[i::CLIENTS] for i in range(CLIENTS)]
        scripts = {table: _script(table) for table in tables}  # board t at table t
        cards = {
            t: [step for step in scripts[t] if step[0] == "cards/"] for t in tables
        }
        clients = [Client(token) for _ in shares]
        _run_threads(
            _prelude,
            [
                (c, tid, share, scripts)
                for c, share in zip(clients, shares, strict=True)
            ],
        )
        ping: list[float] = []
        plays: list[float] = []
        errors: list[str] = []
        ping_seconds = play_seconds = 0.0
        ratios = []
        per_round = 52 // ROUNDS
        for r in range(ROUNDS):
            pinged: list[float] = []
            seconds = _run_threads(_ping, [(PING_SECONDS, pinged) for _ in shares])
            span = slice(r * per_round, (r + 1) * per_round)
            played: list[float] = []
            elapsed = _run_threads(
                _cards,
                [
                    (c, tid, share, cards, span, played, errors)
                    for c, share in zip(clients, shares, strict=True)
                ],
            )
            if errors:
                print(f"API benchmark: {len(errors)} errors, first: {errors[0]}")
                return 1
            ratios.append((len(played) / elapsed) / (len(pinged) / seconds))
            ping += pinged
            plays += played
            ping_seconds += seconds
            play_seconds += elapsed
        print(
            f"{TABLES} tables, {len(plays)} card plays in {ROUNDS} rounds between "
            f"spells of the anchor, {CLIENTS} clients, gunicorn {WORKERS} workers x {THREADS} threads, "
            "PostgreSQL"
        )
        anchor = _report("anchor trivial DRF GET /api/v1/ping/", ping, ping_seconds)
        ours = _report("card plays POST .../play/cards/", plays, play_seconds)
        print(
            f"card plays: {ours:,.0f} req/s | anchor trivial DRF endpoint: {anchor:,.0f} req/s "
            f"| ratio {ours / anchor:.2f} (rounds {min(ratios):.2f}-{max(ratios):.2f})",
            flush=True,
        )
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
