"""The append on SQLite, the embedded default (decision 0117 for the chain).

The same steps as PostgreSQL's ``es_append``, in Python inside one IMMEDIATE
transaction: idempotency, the stream's compare-and-set, the counter with the
head's hash, the rows each with its chained hash, idempotency key and
deadline rows.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from eventstore import chain
from eventstore.appending import (
    AppendResult,
    _AppendArgs,
    _aware,
    _json,
    _sqlite_instant,
    existing_events,
    idempotent_result,
)
from eventstore.errors import StoreIntegrityError, StreamMoved, WrongExpectedVersion

__all__ = ["append_sqlite"]


def append_sqlite(a: _AppendArgs) -> AppendResult:
    n = len(a.encoded)
    with transaction.atomic(), connection.cursor() as cursor:
        if a.guard is not None:
            # As es_append_guarded: the other stream still where it was read.
            cursor.execute(
                "SELECT 1 FROM es_stream s JOIN es_event e ON e.stream_id = "
                "s.stream_id AND e.stream_version = s.version WHERE s.stream_id = %s "
                "AND s.version = %s AND e.global_position = %s",
                [a.guard.stream_id.hex, a.guard.version, a.guard.position],
            )
            if cursor.fetchone() is None:
                raise StreamMoved(a.guard.stream_id)
        if a.idempotency_key is not None:
            stored = idempotent_result(cursor, a)
            if stored is not None:
                return stored
        existing = existing_events(cursor, a)
        if existing is not None:
            return existing
        cursor.execute(
            "SELECT version FROM es_stream WHERE stream_id = %s", [a.stream_id.hex]
        )
        row = cursor.fetchone()
        current = None if row is None else row[0]
        if a.mode == "any" or (a.mode == "exists" and current is not None):
            ok = True
        elif a.mode == "exact" and a.expected > 0:
            ok = current == a.expected
        elif a.mode == "exists":
            ok = False
        else:
            ok = current is None
        if not ok:
            raise WrongExpectedVersion(a.stream_id, a.expected_label, current)
        now = timezone.now()
        stamp = _sqlite_instant(now)
        version = (current or 0) + n
        if current is None:
            cursor.execute(
                "INSERT INTO es_stream (stream_id, stream_type, version, created_at) "
                "VALUES (%s, %s, %s, %s)",
                [a.stream_id.hex, a.stream_type, version, stamp],
            )
        else:
            cursor.execute(
                "UPDATE es_stream SET version = %s WHERE stream_id = %s",
                [version, a.stream_id.hex],
            )
        cursor.execute(
            "INSERT INTO es_position (id, last_position, last_hash) "
            "VALUES (1, %s, %s) "
            "ON CONFLICT (id) DO UPDATE SET last_position = last_position + %s",
            [n, chain.GENESIS, n],
        )
        cursor.execute("SELECT last_position, last_hash FROM es_position WHERE id = 1")
        last, previous = cursor.fetchone()
        rows = _sqlite_rows(a, bytes(previous), last, version, now)
        cursor.execute(
            "UPDATE es_position SET last_hash = %s WHERE id = 1", [rows[-1][-1]]
        )
        try:
            cursor.executemany(
                "INSERT INTO es_event (global_position, stream_id, stream_version, "
                "event_id, event_type, schema_version, payload, metadata, "
                "recorded_at, hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                rows,
            )
        except IntegrityError as exc:
            if "es_event.global_position" in str(exc):
                raise StoreIntegrityError(
                    last - n + 1, "a row beyond the counter"
                ) from exc
            raise
        if a.idempotency_key is not None:
            cursor.execute(
                "INSERT INTO es_idempotency (key, fingerprint, stream_id, stream_version, "
                "first_position, last_position, created_at) VALUES (%s,%s,%s,%s,%s,%s,%s)",
                [
                    a.idempotency_key,
                    a.fingerprint,
                    a.stream_id.hex,
                    version,
                    last - n + 1,
                    last,
                    stamp,
                ],
            )
        for d in a.deadlines:
            cursor.execute(
                "INSERT INTO es_deadline (deadline_id, stream_id, stream_type, kind, due_at, "
                "on_due, metadata, status, attempts, last_error, created_at) "
                "VALUES (%s,%s,%s,%s,%s,%s,%s,%s,0,'',%s) "
                "ON CONFLICT (stream_id, kind) DO UPDATE SET due_at = excluded.due_at, "
                "on_due = excluded.on_due, metadata = excluded.metadata, "
                "status = excluded.status, claimed_at = NULL, fired_position = NULL, "
                "last_error = ''",
                [
                    UUID(d["deadline_id"]).hex,
                    UUID(d["stream_id"]).hex,
                    d["stream_type"],
                    d["kind"],
                    _sqlite_instant(_aware(d["due_at"])),
                    _json(d["on_due"]),
                    _json(d["metadata"]),
                    d["status"],
                    stamp,
                ],
            )
    return AppendResult(a.stream_id, version, last - n + 1, last, now, False)


def _sqlite_rows(
    a: _AppendArgs, previous: bytes, last: int, version: int, now: datetime
) -> list[tuple[Any, ...]]:
    """The rows of an append on SQLite, each with its chained hash;
    ``previous`` is the head's hash, kept in the counter row."""
    n = len(a.encoded)
    meta = _json(a.metadata)
    stamp = _sqlite_instant(now)
    rows: list[tuple[Any, ...]] = []
    for i, (eid, (t, v, p)) in enumerate(zip(a.event_ids, a.encoded, strict=True)):
        position, body = last - n + i + 1, _json(p)
        previous = chain.chain_hash(
            previous,
            chain.canonical_bytes(
                position,
                a.stream_id,
                version - n + i + 1,
                eid,
                t,
                v,
                now,
                body,
                meta,
            ),
        )
        rows.append(
            (
                position,
                a.stream_id.hex,
                version - n + i + 1,
                eid.hex,
                t,
                v,
                body,
                meta,
                stamp,
                previous,
            )
        )
    return rows
