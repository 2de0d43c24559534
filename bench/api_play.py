"""API benchmark (issue 5): a 100-table session played card by card over HTTP.

gunicorn serves the API on PostgreSQL; concurrent clients (threads with
keep-alive connections) each play the boards of their own tables, every
call and card a POST through the seat check, the rules engine and the event
store. The anchor is a trivial DRF endpoint (``/api/v1/ping/``) on the same
server in the same run. Prints requests/s and p50/p95 latency for both, and
the throughput ratio (goal: card plays at no less than a third of the
anchor).

The cards are played by the seated players, as at a real table: each of the
400 players is on the federation's register, has a user with a player grant
for that registered player, and sends a card with their own token. A card of
dummy's goes with declarer's token (Law 45B). The server's seat check reads
the tournament's seating and entries (``play_views._authorize_seat``); only
the director puts a board on the table (StartBoard), before the clock.

Only card plays are timed: every board is put on its table and bid through
the API first. The 52 cards then go in four rounds of 13 per table, each
round after a spell of the anchor, so a machine that speeds up or slows
down during the run weighs on both figures alike. Each client plays a card
at each of its tables in turn (a table's cards stay in order, on the same
connection). The pure aggregate works out each board's legal sequence
before the clock starts, so the clients only send requests (as the
anchor's clients do). ``BENCH_SCALE`` scales the number of tables (default
1.0 = 100 tables); ``BENCH_CLIENTS`` should divide them evenly;
``BENCH_PORT`` and ``BENCH_DB_SUFFIX`` keep two runs apart.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import statistics
import sys
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from bench.common import (
    create_pairs_event,
    db_name,
    register_players,
    server_env,
    start_gunicorn,
)

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PORT = int(os.environ.get("BENCH_PORT", "8937"))
DB = db_name("arbitro_bench_api")
SCALE = float(os.environ.get("BENCH_SCALE", "1"))
TABLES = max(3, int(100 * SCALE))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "20"))
ROUNDS = 4  # of 13 cards per table
PING_SECONDS = float(os.environ.get("BENCH_PING_SECONDS", "2"))  # per round
WORKERS = int(os.environ.get("BENCH_WORKERS", "8"))
THREADS = int(os.environ.get("BENCH_THREADS", "2"))
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def _env() -> dict[str, str]:
    return server_env(DB)


Tokens = dict[int, dict[str, str]]  # table -> seat ("N", "E", "S", "W") -> token


@dataclass(frozen=True, slots=True)
class Session:
    tournament_id: str
    director: str  # the chief director's token: only to put boards on tables
    seats: Tokens  # the seated players' tokens


def _drop_database() -> None:
    with psycopg.connect(
        "host=127.0.0.1 user=postgres dbname=postgres", autocommit=True
    ) as c:
        c.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")


def _setup_database() -> Session:
    """Fresh database, migrated, with a 100-table session of registered players.

    Each player is registered, entered with a partner, and has a user with a
    player grant and a token; the chief director's token starts the boards.
    """
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

    from access.models import RoleGrant
    from access.tokens import issue
    from eventstore.store import Metadata
    from tournaments import handlers
    from tournaments.domain import tournament
    from tournaments.domain.movements.seating import mitchell_assignments

    call_command("migrate", verbosity=0)
    tid = uuid.uuid4()
    User = get_user_model()
    director = User.objects.create_user("bench-director")
    RoleGrant.objects.create(
        user=director, role=RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=tid
    )
    meta = Metadata(actor="system:bench", tournament_id=tid)
    players = register_players(4 * TABLES, meta)
    users = User.objects.bulk_create(
        [User(username=f"bench-player-{n}") for n in range(len(players))]
    )
    RoleGrant.objects.bulk_create(
        RoleGrant(user=user, role=RoleGrant.Role.PLAYER, player_id=player)
        for user, player in zip(users, players, strict=True)
    )
    token_of = {
        player: issue(user.pk).key for player, user in zip(players, users, strict=True)
    }
    now = datetime.now(UTC)
    create_pairs_event(tid, "bench", players, meta)
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
    # Who sits where, as the server's seat check will read it: the first
    # player of a pair sits North (East), the second South (West).
    state = handlers.load_tournament(tid)
    seats: Tokens = {}
    for table in range(1, TABLES + 1):
        at = handlers.seating(state, handlers.TableRef(tid, 1, table, table))
        ns, ew = (state.entries[at.ns].player_ids, state.entries[at.ew].player_ids)
        seats[table] = {
            "N": token_of[ns[0]],
            "S": token_of[ns[1]],
            "E": token_of[ew[0]],
            "W": token_of[ew[1]],
        }
    director_token = issue(director.pk).key
    from django.db import connections

    connections.close_all()
    return Session(str(tid), director_token, seats)


def _headers(token: str) -> dict[str, str]:
    return {"Authorization": f"Token {token}", "Content-Type": "application/json"}


class Client:
    """One keep-alive connection; each request carries its sender's token."""

    def __init__(self) -> None:
        self.conn = http.client.HTTPConnection(HOST, PORT, timeout=30)
        self.last = b""  # the last POST's answer, for an error message

    def post(
        self, path: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int, float]:
        start = time.perf_counter()
        self.conn.request("POST", path, body, headers)
        response = self.conn.getresponse()
        self.last = response.read()
        return response.status, time.perf_counter() - start

    def get(self, path: str) -> tuple[int, float]:
        start = time.perf_counter()
        self.conn.request("GET", path)
        response = self.conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - start


Script = list[tuple[str, bytes, dict[str, str]]]  # path, body, sender's headers


def _script(board: int, seats: dict[str, str], director: str) -> Script:
    """The board's requests in order: start, the auction, then 52 legal cards.

    The director starts the board; each call and card is sent by the player
    in that seat, and dummy's cards by declarer (Law 45B). Worked out with
    the pure aggregate before the clock starts: the clients then only send
    requests, as the anchor's clients do, and the server is all that is
    measured (on a 2-core machine, client CPU is server CPU).
    """
    from rules.bridge import Deal, Seat, parse_call
    from tournaments.domain import board_play
    from tournaments.domain.board_play import commands as cmd

    at = datetime.now(UTC)
    state = board_play.INITIAL

    def apply(command: cmd.BoardPlayCommand) -> None:
        nonlocal state
        for event in board_play.decide(state, command, at):
            state = board_play.evolve(state, event)

    apply(
        cmd.StartBoard(
            table_id=uuid.uuid4(), board_number=board, deal=Deal.from_pbn(DEAL), at=at
        )
    )
    script = [("start/", {"deal": DEAL}, director)]
    dealer = state.turn or Seat.N
    for i, call in enumerate(("1NT", "P", "P", "P")):
        seat = dealer.next(i)
        script.append(("calls/", {"seat": seat.value, "call": call}, seats[seat.value]))
        apply(cmd.MakeCall(seat=seat, call=parse_call(call), at=at))
    assert state.play is not None
    declarer = state.play.contract.declarer
    for _ in range(52):
        turn = state.turn
        assert turn is not None
        card = min(state.legal_cards(), key=lambda c: (c.suit.rank, c.rank))
        sender = declarer if turn is declarer.partner else turn
        script.append(
            ("cards/", {"seat": turn.value, "card": str(card)}, seats[sender.value])
        )
        apply(cmd.PlayCard(seat=turn, card=card, at=at))
    # Encoded here, before the clock: the ping's clients encode nothing either.
    return [
        (path, json.dumps(body).encode(), _headers(token))
        for path, body, token in script
    ]


def _base(tid: str, table: int) -> str:
    return f"/api/v1/tournaments/{tid}/sessions/1/tables/{table}/boards/{table}/play/"


def _prelude(
    client: Client,
    tid: str,
    tables: list[int],
    scripts: dict[int, Script],
    errors: list[str],
) -> None:
    """Untimed: put each board on its table and bid it (start and calls)."""
    for table in tables:
        for path, body, headers in scripts[table]:
            if path != "cards/":
                status, _ = client.post(_base(tid, table) + path, body, headers)
                if status != 201:
                    errors.append(
                        f"table {table} {path}: {status} {client.last[:300]!r}"
                    )
                    return


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
            path, body, headers = cards[table][index]
            status, elapsed = client.post(_base(tid, table) + path, body, headers)
            if status != 201:
                errors.append(
                    f"table {table} card {index + 1}: {status} {client.last[:300]!r}"
                )
                return
            out.append(elapsed)


def _ping(seconds: float, out: list[float]) -> None:
    client = Client()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status, elapsed = client.get("/api/v1/ping/")
        if status == 200:
            out.append(elapsed)


def _run_threads(
    target: Callable[..., None], args_per_thread: Sequence[tuple[Any, ...]]
) -> float:
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
    try:  # the clients must not talk to another run's server
        socket.create_connection((HOST, PORT), 1).close()
    except OSError:
        pass
    else:
        print(f"API benchmark: port {PORT} is in use (set BENCH_PORT)")
        return 1
    session = _setup_database()
    tid = session.tournament_id
    server = start_gunicorn(
        f"{HOST}:{PORT}", WORKERS, THREADS, _env(), ROOT, production=False
    )
    try:
        for _ in range(300):  # until a worker answers, not just the socket
            try:
                if Client().get("/api/v1/ping/")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        _run_threads(_ping, [(1.0, []) for _ in range(CLIENTS)])  # warm every worker
        tables = list(range(1, TABLES + 1))
        shares = [tables[i::CLIENTS] for i in range(CLIENTS)]
        scripts = {  # board t at table t
            table: _script(table, session.seats[table], session.director)
            for table in tables
        }
        cards = {
            t: [step for step in scripts[t] if step[0] == "cards/"] for t in tables
        }
        clients = [Client() for _ in shares]
        errors: list[str] = []
        _run_threads(
            _prelude,
            [
                (c, tid, share, scripts, errors)
                for c, share in zip(clients, shares, strict=True)
            ],
        )
        if errors:
            print(f"API benchmark: {len(errors)} errors, first: {errors[0]}")
            return 1
        ping: list[float] = []
        plays: list[float] = []
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
            f"{TABLES} tables, {len(plays)} card plays by {4 * TABLES} seated players "
            f"in {ROUNDS} rounds between spells of the anchor, {CLIENTS} clients, "
            f"gunicorn {WORKERS} workers x {THREADS} threads, PostgreSQL"
        )
        anchor = _report("anchor trivial DRF GET /api/v1/ping/", ping, ping_seconds)
        ours = _report(
            "card plays by seated players POST .../play/cards/", plays, play_seconds
        )
        print(
            f"card plays by seated players: {ours:,.0f} req/s | anchor trivial DRF endpoint: {anchor:,.0f} req/s "
            f"| ratio {ours / anchor:.2f} (rounds {min(ratios):.2f}-{max(ratios):.2f})",
            flush=True,
        )
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)
        _drop_database()
    return 0


if __name__ == "__main__":
    sys.exit(main())
