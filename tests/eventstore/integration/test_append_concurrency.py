"""Many writer processes on one stream and on many streams (PostgreSQL).

Every version is written once, global positions are gapless and each append's
positions are contiguous (no interleaving), losers get the typed conflict, and
nothing is lost (spec/eventstore-research.md §7, tests 1-4).
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import uuid

import pytest
from django.db import connection, connections

from eventstore.errors import WrongExpectedVersion
from eventstore.store import Metadata, event_store
from tests.support.events import Pinged
from tests.support.eventstore import subprocess_env

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
WRITERS = 6
POOL_TIMEOUT = 120  # seconds: a stuck writer fails the test, never hangs the run


def _write_one_stream(
    args: tuple[str, int, int, object],
) -> tuple[int, int, list[tuple[int, int]]]:
    """Append ``count`` events, each read-then-append with the exact version;
    every writer starts at the barrier, so they race however loaded the
    machine is."""
    stream, writer, count = uuid.UUID(args[0]), args[1], args[2]
    store, wins, losses, ranges = event_store(), 0, 0, []
    store.stream_version(stream)  # connected before the start
    args[3].wait(60)  # type: ignore[attr-defined]
    while wins < count:
        version = store.stream_version(stream)
        try:
            result = store.append(
                stream,
                [Pinged(n=writer), Pinged(n=writer)],
                stream_type="test",
                expected_version=version,
                metadata=Metadata(actor=f"writer:{writer}"),
            )
        except WrongExpectedVersion:
            losses += 1
            continue
        wins += 1
        ranges.append((result.first_position, result.last_position))
    connection.close()
    return wins, losses, ranges


def _write_own_stream(args: tuple[int, int]) -> list[tuple[int, int]]:
    writer, count = args
    stream, store, ranges = uuid.uuid4(), event_store(), []
    for version in range(0, count * 3, 3):
        result = store.append(
            stream,
            [Pinged(n=1), Pinged(n=2), Pinged(n=3)],
            stream_type="test",
            expected_version=version,
            metadata=Metadata(actor=f"writer:{writer}"),
        )
        ranges.append((result.first_position, result.last_position))
    connection.close()
    return ranges


def _start_writer(env: dict[str, str]) -> None:
    """Pool initializer: a fresh interpreter set up on the test database."""
    os.environ.update(env)
    import django

    django.setup()


def _pool(size: int):
    """Writer processes started with ``spawn``, not ``fork``.

    A forked child inherits whatever locks other threads of the test process
    held at the fork (logging, I/O buffers, client libraries); one such child
    hung a whole CI run. Spawned children share nothing with the parent.
    """
    connections.close_all()
    return multiprocessing.get_context("spawn").Pool(
        size, initializer=_start_writer, initargs=(subprocess_env(),)
    )


def _assert_gapless_and_contiguous(ranges: list[tuple[int, int]], start: int) -> None:
    ranges = sorted(ranges)
    assert ranges[0][0] == start + 1
    for (_, last), (first, _) in itertools.pairwise(ranges):
        assert first == last + 1, (
            "positions must be gapless and appends not interleaved"
        )
    rows = event_store().read_all(after_position=start, limit=100_000, decode=False)
    assert [e.global_position for e in rows] == list(
        range(start + 1, ranges[-1][1] + 1)
    )


def test_concurrent_writers_on_one_stream_lose_with_a_conflict_and_lose_nothing() -> (
    None
):
    start, stream, per_writer = event_store().head_position(), uuid.uuid4(), 15
    with _pool(WRITERS) as pool, multiprocessing.get_context("spawn").Manager() as m:
        barrier = m.Barrier(WRITERS)
        results = pool.map_async(
            _write_one_stream,
            [(str(stream), w, per_writer, barrier) for w in range(WRITERS)],
            chunksize=1,
        ).get(POOL_TIMEOUT)
    ranges = [r for _, _, rs in results for r in rs]
    assert sum(w for w, _, _ in results) == WRITERS * per_writer
    assert sum(losses for _, losses, _ in results) > 0, "the race must actually happen"
    history = event_store().read_stream(stream)
    assert [e.stream_version for e in history.events] == list(
        range(1, 2 * WRITERS * per_writer + 1)
    )
    # Each append's two events came from one writer, next to each other.
    for a, b in zip(history.events[::2], history.events[1::2], strict=True):
        assert a.payload["n"] == b.payload["n"]
        assert b.global_position == a.global_position + 1
    _assert_gapless_and_contiguous(ranges, start)


def test_concurrent_writers_on_many_streams_get_gapless_commit_ordered_positions() -> (
    None
):
    start, per_writer = event_store().head_position(), 40
    with _pool(WRITERS) as pool:
        results = pool.map_async(
            _write_own_stream, [(w, per_writer) for w in range(WRITERS)]
        ).get(POOL_TIMEOUT)
    ranges = [r for rs in results for r in rs]
    assert len(ranges) == WRITERS * per_writer
    _assert_gapless_and_contiguous(ranges, start)
    # Within a writer, later appends got later positions (commit order).
    for rs in results:
        assert rs == sorted(rs)


def test_a_conflict_leaves_no_hole_in_the_global_positions() -> None:
    """The loser aborts before touching the counter (Marten bug 4765)."""
    stream = uuid.uuid4()
    store = event_store()
    store.append(
        stream,
        [Pinged(n=1)],
        stream_type="test",
        expected_version=0,
        metadata=Metadata(actor="a"),
    )
    head = store.head_position()
    with pytest.raises(WrongExpectedVersion):
        store.append(
            stream,
            [Pinged(n=2)],
            stream_type="test",
            expected_version=0,
            metadata=Metadata(actor="b"),
        )
    after = store.append(
        uuid.uuid4(),
        [Pinged(n=3)],
        stream_type="test",
        expected_version=0,
        metadata=Metadata(actor="c"),
    )
    assert after.first_position == head + 1


def test_an_append_holds_the_counters_queue_until_its_commit() -> None:
    """Appenders queue for the position counter on one transaction advisory
    lock (decision 0206): an append in an open transaction holds it, and
    another append waits on that lock (here until its lock timeout), not on
    the counter row, until the first commits."""
    from django.db import OperationalError, transaction

    from eventstore.migrations._append_sql import APPEND_LOCK_KEY

    other = connections.create_connection("default")
    try:
        with transaction.atomic():
            first = event_store().append(
                uuid.uuid4(),
                [Pinged(n=1)],
                stream_type="test",
                expected_version=0,
                metadata=Metadata(actor="writer:1"),
            )
            with other.cursor() as cursor:
                cursor.execute(
                    "SELECT l.pid, l.mode, l.granted FROM pg_locks l "
                    "WHERE l.locktype = 'advisory' AND l.objsubid = 1 "
                    # Advisory locks are per database: another test
                    # database's appends (a parallel worker) hold their own.
                    "AND l.database = (SELECT oid FROM pg_database "
                    "WHERE datname = current_database()) "
                    "AND ((l.classid::bigint << 32) | l.objid::bigint) = %s",
                    [APPEND_LOCK_KEY],
                )
                assert cursor.fetchall() == [
                    (connection.connection.info.backend_pid, "ExclusiveLock", True)
                ]
                cursor.execute("SET lock_timeout = '200ms'")
                with pytest.raises(OperationalError) as waited:
                    cursor.execute(
                        "SELECT * FROM es_append(%s, 'test', 'no_stream', 0, "
                        '\'[["0190c0de-0000-7000-8000-000000000001", "Pinged", 1, '
                        "{\"n\": 2}]]'::jsonb, '{}'::jsonb, NULL, NULL, '[]'::jsonb)",
                        [uuid.uuid4()],
                    )
        cause = waited.value.__cause__
        assert getattr(cause, "sqlstate", None) == "55P03"
        assert "pg_advisory_xact_lock" in (cause.diag.context or "")  # type: ignore[union-attr]
    finally:
        other.close()
    assert event_store().head_position() == first.last_position
