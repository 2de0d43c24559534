"""Appends from concurrent writers, each on its own stream, in separate processes.

Every append takes the one position-counter row's lock (``es_position``) and
holds it until its commit (``es_append``, eventstore/migrations/_append_sql.py;
since V6 the appenders queue for it on one advisory lock, decision 0206):
that is what makes positions gapless and commit-ordered, and it also means
that appends to unrelated streams commit one after another, each waiting for
the previous one's WAL flush. This benchmark measures what that costs.

Each phase lasts ``BENCH_WRITER_SECONDS`` (default 3) and counts the appends
or inserts committed in it; the four phases run in turn, ``BENCH_REPEATS``
times (default 3), on one set of ``BENCH_WRITERS`` (default 16) processes
started with ``multiprocessing`` spawn:

- **floor**: one process, one connection, INSERT+COMMIT of a row like an
  event's (position from a ``bigserial``, stream, version, event id, type,
  payload, metadata, time) into a plain table: the single-writer floor;
- **store, 1 writer**: one process appending one event per transaction;
- **store, N writers**: every process appending to its own stream at once;
- **plain table, N writers**: every process inserting into the plain table at
  once: what PostgreSQL gives concurrent writers when nothing serializes
  their commits (commits share WAL flushes), the ceiling of another design.

The figure is the N-writer appends beside the floor. Afterwards the store's
positions are checked gapless and every stream's versions contiguous.

Needs PostgreSQL on 127.0.0.1:5432; it uses (and drops) its own database
(``BENCH_DB_SUFFIX`` renames it).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import ClassVar

import psycopg

from bench.common import db_name, line, repeats

__all__ = ["Figures", "main", "measure", "report"]

ROOT = Path(__file__).resolve().parent.parent
HOST, PORT, USER = "127.0.0.1", 5432, "postgres"
DB = db_name("arbitro_bench_writers")
WRITERS = int(os.environ.get("BENCH_WRITERS", "16"))
SECONDS = float(os.environ.get("BENCH_WRITER_SECONDS", "3"))
PLAIN = (
    "CREATE TABLE bench_plain (position bigserial primary key, stream_id uuid, "
    "version int, event_id uuid unique, type text, payload jsonb, metadata jsonb, "
    "recorded_at timestamptz default now(), unique (stream_id, version))"
)
INSERT = (
    "INSERT INTO bench_plain (stream_id, version, event_id, type, payload, metadata) "
    "VALUES (%s, %s, %s, %s, %s, %s)"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Scored:
    event_type: ClassVar[str] = "bench.scored"
    schema_version: ClassVar[int] = 1

    pair: int
    points: int


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    kind: str  # "store" or "plain"
    writers: int


@dataclass(frozen=True, slots=True)
class Figures:
    """Each phase's rates (events/s), one per repeat, and the store's check."""

    writers: int
    seconds: float
    rates: dict[str, list[float]]
    events: int
    streams: int
    gapless: bool

    def median(self, phase: str) -> float:
        return statistics.median(self.rates[phase])

    def ratios(self, phase: str, anchor: str) -> list[float]:
        return [
            p / a for p, a in zip(self.rates[phase], self.rates[anchor], strict=True)
        ]


def _phases(writers: int) -> list[Phase]:
    return [
        Phase("floor", "plain", 1),
        Phase("store x1", "store", 1),
        Phase(f"store x{writers}", "store", writers),
        Phase(f"plain x{writers}", "plain", writers),
    ]


def _url(db: str) -> str:
    return f"postgres://{USER}@{HOST}:{PORT}/{db}"


def _writer(db: str, inbox: Connection) -> None:
    """One writer process: its own stream, its own rows; counts what commits.

    Told ``(kind, start, end)`` in ``time.monotonic()`` (one clock for every
    process on the machine), it waits for ``start``, writes one event per
    transaction until ``end`` and answers how many committed by ``end``.
    """
    os.environ["DATABASE_URL"] = _url(db)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from eventstore.registry import registry
    from eventstore.store import Metadata, event_store

    registry.register([Scored])
    store, meta = event_store(), Metadata(actor="bench")
    stream, version = uuid.uuid4(), 0
    plain = psycopg.connect(host=HOST, port=PORT, user=USER, dbname=db)
    plain_version = 0

    def append() -> None:
        nonlocal version
        store.append(
            stream,
            [Scored(pair=1, points=version)],
            stream_type="bench",
            expected_version=version,
            metadata=meta,
        )
        version += 1

    def insert() -> None:
        nonlocal plain_version
        plain_version += 1
        plain.execute(
            INSERT,
            [
                stream,
                plain_version,
                uuid.uuid4(),
                "bench.scored",
                json.dumps({"pair": 1, "points": plain_version}),
                '{"actor":"bench"}',
            ],
            prepare=True,
        )
        plain.commit()

    for _ in range(3):  # warm: the stream exists, statements are prepared
        append()
        insert()
    inbox.send("ready")
    while (message := inbox.recv()) is not None:
        kind, start, end = message
        step = append if kind == "store" else insert
        time.sleep(max(0.0, start - time.monotonic()))
        done = 0
        while time.monotonic() < end:
            step()
            if time.monotonic() <= end:
                done += 1
        inbox.send(done)
    plain.close()
    from django.db import connections

    connections.close_all()


def _recreate(db: str) -> None:
    with psycopg.connect(
        host=HOST, port=PORT, user=USER, dbname="postgres", autocommit=True
    ) as c:
        c.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {db}")


def _drop(db: str) -> None:
    with psycopg.connect(
        host=HOST, port=PORT, user=USER, dbname="postgres", autocommit=True
    ) as c:
        c.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


def _migrate(db: str) -> None:
    """The store's schema, migrated in a child: this process stays Django-free."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
        cwd=ROOT,
        env={
            **os.environ,
            "DATABASE_URL": _url(db),
            "DJANGO_SETTINGS_MODULE": "config.settings",
        },
        check=True,
        stdin=subprocess.DEVNULL,
    )
    with psycopg.connect(host=HOST, port=PORT, user=USER, dbname=db) as c:
        c.execute(PLAIN)


def _check(db: str) -> tuple[int, int, bool]:
    """Events stored, streams, and whether positions and versions have no hole."""
    with psycopg.connect(host=HOST, port=PORT, user=USER, dbname=db) as c:
        events, first, last = c.execute(
            "SELECT count(*), coalesce(min(global_position), 1), "
            "coalesce(max(global_position), 0) FROM es_event"
        ).fetchone() or (0, 1, 0)
        streams, holes = c.execute(
            "SELECT count(*), count(*) FILTER (WHERE n <> top) FROM ("
            " SELECT count(*) AS n, max(stream_version) AS top"
            " FROM es_event GROUP BY stream_id) s"
        ).fetchone() or (0, 0)
    return events, streams, first == 1 and last == events and holes == 0


def measure(
    writers: int = WRITERS,
    seconds: float = SECONDS,
    repeat: int | None = None,
    db: str = DB,
) -> Figures:
    """Run every phase ``repeat`` times on a fresh database ``db``, dropped
    afterwards; return the rates."""
    _recreate(db)
    try:
        _migrate(db)
        context = multiprocessing.get_context("spawn")
        pipes, processes = [], []
        for _ in range(writers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_writer, args=(db, theirs), daemon=True)
            process.start()
            pipes.append(ours)
            processes.append(process)
        try:
            for pipe in pipes:
                if not pipe.poll(300) or pipe.recv() != "ready":
                    raise RuntimeError("a writer process did not start")
            phases = _phases(writers)
            rates: dict[str, list[float]] = {p.name: [] for p in phases}
            for _ in range(repeat or repeats()):
                for phase in phases:
                    start = time.monotonic() + 0.2
                    busy = pipes[: phase.writers]
                    for pipe in busy:
                        pipe.send((phase.kind, start, start + seconds))
                    done = sum(pipe.recv() for pipe in busy)
                    rates[phase.name].append(done / seconds)
            for pipe in pipes:
                pipe.send(None)
        finally:
            for process in processes:
                process.join(30)
                if process.is_alive():
                    process.kill()
        events, streams, gapless = _check(db)
    finally:
        _drop(db)
    return Figures(
        writers=writers,
        seconds=seconds,
        rates=rates,
        events=events,
        streams=streams,
        gapless=gapless,
    )


def report(figures: Figures) -> None:
    n = figures.writers
    many, one, plain = f"store x{n}", "store x1", f"plain x{n}"
    print(
        f"# {n} writer processes, {figures.seconds:g} s a phase, "
        f"{len(figures.rates['floor'])} repeats; {figures.events:,} events in "
        f"{figures.streams} streams, positions and versions "
        + ("gapless" if figures.gapless else "WITH HOLES"),
        flush=True,
    )
    floor = (
        "single-writer INSERT+COMMIT, comparable row, plain table (floor)",
        "floor",
    )
    for label, phase, (anchor_label, anchor) in (
        (f"appends from {n} writers on {n} streams", many, floor),
        ("appends from 1 writer", one, floor),
        (
            f"appends from {n} writers on {n} streams",
            many,
            ("appends from 1 writer", one),
        ),
        (f"INSERT+COMMIT from {n} writers, plain table", plain, floor),
    ):
        line(
            label,
            figures.median(phase),
            "events/s",
            anchor_label,
            figures.median(anchor),
            figures.ratios(phase, anchor),
        )


def main() -> int:
    try:
        psycopg.connect(host=HOST, port=PORT, user=USER, dbname="postgres").close()
    except psycopg.OperationalError:
        print("concurrent writers benchmark: no PostgreSQL on 127.0.0.1:5432, skipped")
        return 0
    figures = measure()
    report(figures)
    return 0 if figures.gapless else 1


if __name__ == "__main__":
    sys.exit(main())
