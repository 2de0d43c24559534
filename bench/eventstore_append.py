"""Event-store benchmarks (issue 2), each beside its anchor measured in this run.

1. Single-event appends/s through our store vs the ``eventsourcing`` library's
   PostgreSQL recorder saving one event per transaction (goal: at least 3x);
   a raw psycopg INSERT+COMMIT is printed as the physical floor.
2. 100-event batches through our store vs raw psycopg ``executemany`` and COPY
   into an equivalent table, 100 rows per transaction (goal: at least half of
   executemany).
3. Replay (read and deserialize) of 200,000 events vs the library's
   ``repository.get`` of an aggregate with as many events (goal: at least 2x).

Needs PostgreSQL on 127.0.0.1:5432; it uses (and drops) its own database.
``BENCH_SCALE`` (default 1.0) scales every count.
"""

from __future__ import annotations

import os
import sys
import time
import uuid
from dataclasses import dataclass
from typing import ClassVar

import psycopg

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
HOST, PORT, USER = "127.0.0.1", 5432, "postgres"
DB = "arbitro_bench"
ES_DB = "arbitro_bench_es"


def _n(count: int) -> int:
    return max(10, int(count * SCALE))


def line(
    figure: str, value: float, unit: str, anchor: str, anchor_value: float
) -> None:
    ratio = value / anchor_value if anchor_value else float("nan")
    print(
        f"{figure}: {value:,.0f} {unit} | anchor {anchor}: {anchor_value:,.0f} {unit} "
        f"| ratio {ratio:.2f}",
        flush=True,
    )


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


_APP = None


def _eventsourcing_app():  # type: ignore[no-untyped-def]
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


def bench_single(count: int) -> None:
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
    start = time.perf_counter()
    for i in range(1, count + 1):
        store.append(
            stream,
            [Scored(pair=1, points=i)],
            stream_type="bench",
            expected_version=i,
            metadata=meta,
        )
    ours = count / (time.perf_counter() - start)

    app, pair_cls = _eventsourcing_app()
    pair = pair_cls()
    app.save(pair)
    start = time.perf_counter()
    for i in range(count):
        pair.score(i)
        app.save(pair)
    theirs = count / (time.perf_counter() - start)

    with psycopg.connect(host=HOST, port=PORT, user=USER, dbname=DB) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS bench_floor (id bigint primary key, payload jsonb)"
        )
        conn.commit()
        start = time.perf_counter()
        for i in range(count):
            conn.execute(
                "INSERT INTO bench_floor VALUES (%s, %s)", [i, '{"points": 1}']
            )
            conn.commit()
        floor = count / (time.perf_counter() - start)
    line(
        "single-event appends",
        ours,
        "events/s",
        "eventsourcing PostgreSQL recorder",
        theirs,
    )
    line(
        "single-event appends",
        ours,
        "events/s",
        "raw psycopg INSERT+COMMIT (floor)",
        floor,
    )


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
        rows = lambda sid: [  # noqa: E731
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


def bench_replay(total: int) -> None:
    from eventstore.store import Metadata, event_store

    store, meta = event_store(), Metadata(actor="bench")
    stream, chunk = uuid.uuid4(), 1000
    for version in range(0, total, chunk):
        store.append(
            stream,
            [Scored(pair=version + i, points=i) for i in range(chunk)],
            stream_type="bench",
            expected_version=version,
            metadata=meta,
        )
    start = time.perf_counter()
    history = store.read_stream(stream)
    ours = len(history.events) / (time.perf_counter() - start)
    assert len(history.events) == total
    assert history.events[-1].event is not None

    app, pair_cls = _eventsourcing_app()
    pair = pair_cls()
    for i in range(total - 1):
        pair.score(i)
        if i % chunk == 0:
            app.save(pair)
    app.save(pair)
    start = time.perf_counter()
    loaded = app.repository.get(pair.id)
    theirs = total / (time.perf_counter() - start)
    assert loaded.version == total
    line(
        f"replay of {total:,} events",
        ours,
        "events/s",
        "eventsourcing repository.get",
        theirs,
    )


def main() -> int:
    try:
        _recreate(DB)
        _recreate(ES_DB)
    except psycopg.OperationalError:
        print("event store benchmark: no PostgreSQL on 127.0.0.1:5432, skipped")
        return 0
    _setup_django()
    bench_single(_n(2000))
    bench_batches(_n(300))
    bench_replay(_n(200_000))
    from django.db import connections

    connections.close_all()
    _recreate(DB)
    _recreate(ES_DB)
    return 0


if __name__ == "__main__":
    sys.exit(main())
