"""What the benchmarks share: the figure line, medians with spread, names.

Every figure is printed beside its anchor measured in the same run, as a
ratio, so a machine that speeds up or slows down weighs on both alike.
"""

from __future__ import annotations

import os
import socket
import statistics
from collections.abc import Sequence
from typing import Any
from uuid import UUID

__all__ = [
    "create_pairs_event",
    "db_name",
    "free_port",
    "line",
    "median_spread",
    "register_players",
    "repeats",
]


def line(
    figure: str,
    value: float,
    unit: str,
    anchor: str,
    anchor_value: float,
    ratios: Sequence[float] = (),
) -> float:
    """Print ``figure | anchor | ratio`` and return the ratio.

    ``ratios``: the ratio of each repeat in this run, printed as its spread.
    """
    ratio = value / anchor_value if anchor_value else float("nan")
    spread = ""
    if len(ratios) > 1:
        spread = f" (repeats {min(ratios):.2f}-{max(ratios):.2f})"
    print(
        f"{figure}: {value:,.0f} {unit} | anchor {anchor}: {anchor_value:,.0f} {unit} "
        f"| ratio {ratio:.2f}{spread}",
        flush=True,
    )
    return ratio


def median_spread(values: Sequence[float]) -> str:
    """``median (min-max)``: how one run's repeats of a figure agree."""
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def repeats() -> int:
    """How many times a benchmark repeats each timed phase (``BENCH_REPEATS``)."""
    return max(1, int(os.environ.get("BENCH_REPEATS", "3")))


def db_name(base: str) -> str:
    """A benchmark's own database: ``BENCH_DB_SUFFIX`` keeps two runs apart.

    Each benchmark drops and recreates its database; a smoke test running
    beside ``make bench`` (or another worktree's) must not drop the other's.
    """
    return base + os.environ.get("BENCH_DB_SUFFIX", "")


def free_port() -> int:
    """A TCP port nobody listens on now (for a smoke test's server)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def create_pairs_event(
    tid: UUID, name: str, players: Sequence[UUID], metadata: Any
) -> None:
    """A matchpointed pairs event with a pair entered for each two ``players``
    (entry n: players 2n-1 and 2n), through the tournament's command path.
    Imported late: Django is set up by the benchmark first."""
    import uuid
    from datetime import UTC, datetime

    from tournaments import handlers
    from tournaments.domain import tournament

    handlers.handle_tournament(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name=name,
            form=tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.MATCHPOINTS,
            starts_at=datetime.now(UTC),
            windows=tournament.WindowRules(),
        ),
        metadata=metadata,
    )
    for number in range(1, len(players) // 2 + 1):
        handlers.handle_tournament(
            tid,
            tournament.EnterPair(
                number=number,
                entry_id=uuid.uuid4(),
                player_ids=tuple(players[2 * number - 2 : 2 * number]),
            ),
            metadata=metadata,
        )


def register_players(count: int, metadata: Any) -> list[UUID]:
    """``count`` players on the register (federation numbers 900000 on)."""
    from registry.domain import PlayerCategory
    from registry.handlers import Identity, register_player

    return [
        register_player(
            Identity(
                federation_number=f"{900000 + n}",
                family_name="Bench",
                given_name=f"Player {n}",
            ),
            PlayerCategory.NOT_CLASSIFIED,
            metadata=metadata,
        )[0]
        for n in range(count)
    ]


def server_env(db: str) -> dict[str, str]:
    """The environment of a benchmark's server processes on database ``db``.

    Throughput is measured, not the per-client limits (decision 0106): with
    them on, the anonymous ping is answered 429 and the anchor lies."""
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{db}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ARBITRO_DEADLINE_ETA": "0",
        "ARBITRO_THROTTLE_ANON": "off",
        "ARBITRO_THROTTLE_USER": "off",
        "LOG_LEVEL": "WARNING",
    }


def start_gunicorn(
    bind: str,
    workers: int,
    threads: int,
    env: dict[str, str],
    cwd: Any,
    *,
    production: bool = True,
) -> Any:
    """gunicorn (gthread, keep-alive 10 s: a client's connection outlives a
    spell of pings) serving ``config.wsgi``; ``production``: with
    ``config/gunicorn_conf.py`` (its workers niced, decision 0111)."""
    import subprocess
    import sys

    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--bind",
        bind,
        "--workers",
        str(workers),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
        "--keep-alive",
        "10",
        "--log-level",
        "warning",
    ]
    if production:
        command += ["--config", "config/gunicorn_conf.py"]
    return subprocess.Popen(command, cwd=cwd, env=env)


def admin(sql: str) -> None:
    """Run ``sql`` on the server's maintenance database (CREATE/DROP DATABASE)."""
    import psycopg

    with psycopg.connect(
        "host=127.0.0.1 user=postgres dbname=postgres", autocommit=True
    ) as c:
        c.execute(sql)


def fresh_mitchell(
    db: str,
    env: dict[str, str],
    name: str,
    tables: int,
    boards_per_round: int,
    rounds: int,
    sessions: Sequence[tuple[float, float]],
) -> tuple[UUID, Any, dict[int, list[tuple[int, int]]]]:
    """A fresh database ``db``, migrated, with its chief director and a
    ``2 * tables``-pair event; each session a Mitchell of ``rounds`` rounds,
    given as (start, length) in hours from now. Returns the tournament id,
    the director and each table's (round, board) of the first session, in
    order."""
    import uuid
    from datetime import UTC, datetime, timedelta

    admin(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
    admin(f"CREATE DATABASE {db}")
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

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
    players = register_players(4 * tables, meta)
    now = datetime.now(UTC)
    create_pairs_event(tid, name, players, meta)
    assignments = mitchell_assignments(2 * tables, boards_per_round, rounds)
    for number, (start, length) in enumerate(sessions, start=1):
        starts = now + timedelta(hours=start)
        handlers.handle_tournament(
            tid,
            tournament.ScheduleSession(
                session=number,
                movement="mitchell",
                starts_at=starts,
                ends_at=starts + timedelta(hours=length),
                assignments=assignments,
            ),
            metadata=meta,
        )
    plan: dict[int, list[tuple[int, int]]] = {}
    for a in sorted(assignments, key=lambda a: (a.round, a.table)):
        if a.ns and a.ew:
            plan.setdefault(a.table, []).extend((a.round, b) for b in a.boards)
    return tid, director, plan
