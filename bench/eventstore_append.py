"""Event-store benchmarks (issue 2), each beside its anchor measured in this run.

1. Single-event appends/s through our store beside a raw psycopg INSERT+COMMIT
   of a comparable row into a plain table on one connection, the physical
   floor of a durable one-event commit (goal: at least 0.9 of the floor), and
   beside the ``eventsourcing`` library's PostgreSQL recorder saving one
   event per transaction.
2. 100-event batches through our store vs raw psycopg ``executemany`` and COPY
   into an equivalent table, 100 rows per transaction (goal: at least half of
   executemany).
3. Replay of one 200,000-event stream, like for like, twice:
   a. decode only: our ``read_stream`` vs the library's ``events.get`` (its
      recorder's ``select_events`` mapped to domain events);
   b. decode and fold into an aggregate: our command path's
      ``StreamCache.load`` (read, then ``reduce(evolve)`` over frozen state)
      vs the library's ``repository.get`` (read, then ``Aggregate.mutate``);
   goal: each at least 2x the library.

Each timed phase runs ``BENCH_REPEATS`` times (default 3), ours and the
anchor alternately; a figure is the median of its repeats and the ratio is
printed with the spread of the repeats' ratios.

Needs PostgreSQL on 127.0.0.1:5432; it uses (and drops) its own databases
(``BENCH_DB_SUFFIX`` renames them). ``BENCH_SCALE`` (default 1.0) scales
every count.
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import psycopg

from bench.common import db_name, line, repeats

if TYPE_CHECKING:
    from eventsourcing.application import Application

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
HOST, PORT, USER = "127.0.0.1", 5432, "postgres"
DB = db_name("arbitro_bench")
ES_DB = db_name("arbitro_bench_es")


def _n(count: int) -> int:
    return max(10, int(count * SCALE))


def _recreate(name: str) -> None:
    with psycopg.connect(
        host=HOST, port=PORT, user=USER, dbname="postgres", autocommit=True
    ) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {name}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Scored:
    event_type: ClassVar[str] = "bench.scored"
    schema_version: ClassVar[int] = 1

    pair: int
    points: int


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = f"postgres://{USER}@{HOST}:{PORT}/{DB}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from eventstore.registry import registry

    call_command("migrate", verbosity=0)
    registry.register([Scored])


# The application and its aggregate class (defined on first use, to import
# the library only when this benchmark runs).
_APP: tuple[Application[uuid.UUID], Any] | None = None


def _eventsourcing_app() -> tuple[Application[uuid.UUID], Any]:
    global _APP
    if _APP is not None:
        return _APP
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event

    class Pair(Aggregate):
        @event("Created")
        def __init__(self) -> None:
            self.total = 0

        @event("Scored")
        def score(self, points: int) -> None:
            self.total += points

    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": ES_DB,
        "POSTGRES_HOST": HOST,
        "POSTGRES_PORT": str(PORT),
        "POSTGRES_USER": USER,
        "POSTGRES_PASSWORD": "",
        "CREATE_TABLE": "y",
    }
    _APP = (Application(env=env), Pair)
    return _APP


def _timed(count: int, step: Callable[[int], object]) -> float:
    """Rate of ``count`` calls of ``step(i)``, per second."""
    start = time.perf_counter()
    for i in range(count):
        step(i)
    return count / (time.perf_counter() - start)


def bench_single(count: int) -> None:
    """One event per transaction: ours, the floor and the library alternately."""
    from eventstore.store import Metadata, event_store

    store, meta = event_store(), Metadata(actor="bench")
    stream = uuid.uuid4()
    store.append(
        stream,
        [Scored(pair=0, points=0)],
        stream_type="bench",
        expected_version=0,
        metadata=meta,
    )
    version = 1

    def ours(i: int) -> None:
        nonlocal version
        store.append(
            stream,
            [Scored(pair=1, points=i)],
            stream_type="bench",
            expected_version=version,
            metadata=meta,
        )
        version += 1

    app, pair_cls = _eventsourcing_app()
    pair = pair_cls()
    app.save(pair)

    def theirs(i: int) -> None:
        pair.score(i)
        app.save(pair)

    conn = psycopg.connect(host=HOST, port=PORT, user=USER, dbname=DB)
    # A row like ours (position, stream, version, event id, type, payload,
    # metadata, time) into a plain table: no counter, no stream row.
    conn.execute(
        "CREATE TABLE bench_floor (position bigserial primary key, stream_id uuid, "
        "version int, event_id uuid unique, type text, payload jsonb, metadata jsonb, "
        "recorded_at timestamptz default now(), unique (stream_id, version))"
    )
    conn.commit()
    floor_stream, floor_versions = uuid.uuid4(), itertools.count(1)

    def floor(i: int) -> None:
        conn.execute(
            "INSERT INTO bench_floor (stream_id, version, event_id, type, payload, "
            "metadata) VALUES (%s, %s, %s, %s, %s, %s)",
            [
                floor_stream,
                next(floor_versions),
                uuid.uuid4(),
                "bench.scored",
                f'{{"pair":1,"points":{i}}}',
                '{"actor":"bench"}',
            ],
            prepare=True,
        )
        conn.commit()

    rates: dict[str, list[float]] = {"ours": [], "floor": [], "theirs": []}
    with conn:
        for _ in range(repeats()):
            rates["ours"].append(_timed(count, ours))
            rates["floor"].append(_timed(count, floor))
            rates["theirs"].append(_timed(count, theirs))
    _report(
        "single-event appends",
        "events/s",
        rates,
        [
            ("floor", "raw psycopg INSERT+COMMIT, comparable row (floor)"),
            ("theirs", "eventsourcing PostgreSQL recorder"),
        ],
    )


def _report(
    figure: str,
    unit: str,
    rates: dict[str, list[float]],
    anchors: list[tuple[str, str]],
) -> None:
    """One line per anchor: medians of the repeats, and the ratios' spread."""
    ours = statistics.median(rates["ours"])
    for key, label in anchors:
        ratios = [o / a for o, a in zip(rates["ours"], rates[key], strict=True)]
        line(figure, ours, unit, label, statistics.median(rates[key]), ratios)


def bench_batches(batches: int) -> None:
    from psycopg.types.json import Jsonb

    from eventstore.store import Metadata, event_store

    store, meta = event_store(), Metadata(actor="bench")
    events = [Scored(pair=p, points=p * 10) for p in range(100)]
    start = time.perf_counter()
    for _ in range(batches):
        store.append(
            uuid.uuid4(), events, stream_type="bench", expected_version=0, metadata=meta
        )
    ours = batches * 100 / (time.perf_counter() - start)

    ddl = (
        "CREATE TABLE {t} (position bigserial primary key, stream_id uuid, version int, "
        "event_id uuid unique, type text, payload jsonb, metadata jsonb, "
        "recorded_at timestamptz default now(), unique (stream_id, version))"
    )
    with psycopg.connect(host=HOST, port=PORT, user=USER, dbname=DB) as conn:
        for table in ("raw_many", "raw_copy"):
            conn.execute(ddl.format(t=table))
        conn.commit()

        def rows(sid: uuid.UUID) -> list[tuple[object, ...]]:
            return [
                (
                    sid,
                    v,
                    uuid.uuid4(),
                    "bench.scored",
                    Jsonb({"pair": v, "points": v * 10}),
                    Jsonb({"actor": "bench"}),
                )
                for v in range(1, 101)
            ]

        start = time.perf_counter()
        for _ in range(batches):
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO raw_many (stream_id, version, event_id, type, payload, "
                    "metadata) VALUES (%s, %s, %s, %s, %s, %s)",
                    rows(uuid.uuid4()),
                )
            conn.commit()
        many = batches * 100 / (time.perf_counter() - start)
        start = time.perf_counter()
        for _ in range(batches):
            with (
                conn.cursor() as cur,
                cur.copy(
                    "COPY raw_copy (stream_id, version, event_id, type, payload, metadata) "
                    "FROM STDIN"
                ) as copy,
            ):
                for row in rows(uuid.uuid4()):
                    copy.write_row(row)
            conn.commit()
        copied = batches * 100 / (time.perf_counter() - start)
    line("100-event batches", ours, "events/s", "raw psycopg executemany", many)
    line("100-event batches", ours, "events/s", "raw psycopg COPY", copied)


@dataclass(frozen=True, slots=True)
class PairTotal:
    """What the fold builds: the library's ``Pair`` holds the same total."""

    total: int = 0


def evolve(state: PairTotal, event: Scored) -> PairTotal:
    return PairTotal(state.total + event.points)


def bench_replay(total: int) -> None:
    """Replay one long stream: decode only, then decode and fold; both sides."""
    from eventstore.commands import StreamCache
    from eventstore.store import Metadata, event_store

    store, meta = event_store(), Metadata(actor="bench")
    stream, chunk = uuid.uuid4(), 1000
    expected = 0
    for version in range(0, total, chunk):
        size = min(chunk, total - version)
        store.append(
            stream,
            [Scored(pair=version + i, points=i) for i in range(size)],
            stream_type="bench",
            expected_version=version,
            metadata=meta,
        )
        expected += sum(range(size))

    app, pair_cls = _eventsourcing_app()
    pair = pair_cls()  # its first event, "Created", is one of the total
    for i in range(total - 1):
        pair.score(i)
        if i % chunk == 0:
            app.save(pair)
    app.save(pair)
    their_total = pair.total

    def ours_decode() -> None:
        history = store.read_stream(stream)
        assert len(history.events) == total
        assert history.events[-1].event is not None

    def theirs_decode() -> None:
        events = list(app.events.get(pair.id))
        assert len(events) == total

    def ours_fold() -> None:
        # A fresh cache each time: the whole stream is read and folded, as
        # the command path does for a stream it has not seen.
        version, state = StreamCache(evolve, PairTotal(), size=1).load(stream)
        assert version == total
        assert state.total == expected

    def theirs_fold() -> None:
        loaded: Any = app.repository.get(pair.id)
        assert loaded.version == total
        assert loaded.total == their_total

    phases: dict[str, Callable[[], None]] = {
        "ours decode": ours_decode,
        "theirs decode": theirs_decode,
        "ours fold": ours_fold,
        "theirs fold": theirs_fold,
    }
    rates: dict[str, list[float]] = {name: [] for name in phases}
    for _ in range(repeats()):
        for name, phase in phases.items():
            start = time.perf_counter()
            phase()
            rates[name].append(total / (time.perf_counter() - start))
    for what, label in (
        ("decode", "eventsourcing events.get (decode only)"),
        ("fold", "eventsourcing repository.get (decode + fold)"),
    ):
        _report(
            f"replay of {total:,} events, "
            + ("decode only" if what == "decode" else "decode + fold into aggregate"),
            "events/s",
            {"ours": rates[f"ours {what}"], what: rates[f"theirs {what}"]},
            [(what, label)],
        )


def main() -> int:
    try:
        _recreate(DB)
        _recreate(ES_DB)
    except psycopg.OperationalError:
        print("event store benchmark: no PostgreSQL on 127.0.0.1:5432, skipped")
        return 0
    _setup_django()
    bench_single(_n(1000))
    bench_batches(_n(300))
    bench_replay(_n(200_000))
    from django.db import connections

    connections.close_all()
    _recreate(DB)
    _recreate(ES_DB)
    return 0


if __name__ == "__main__":
    sys.exit(main())
