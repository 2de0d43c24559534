"""What both appends share: their arguments, their answer, the retry checks.

``EventStore.append`` (eventstore.store) builds an ``_AppendArgs`` and runs
it on PostgreSQL (one call to ``es_append``) or on SQLite
(eventstore.store_sqlite); both answer an ``AppendResult`` and both recognise
a retry by its idempotency key or its event ids. The pieces live here so that
neither implementation imports the other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from django.db import connection

from eventstore.errors import DuplicateEventId, IdempotencyKeyReused

__all__ = [
    "AppendResult",
    "StreamGuard",
    "existing_events",
    "idempotent_result",
]


@dataclass(frozen=True, slots=True)
class StreamGuard:
    """Another stream an append depends on, as its caller read it: still at
    ``version``, whose event is at ``position`` (a flushed store's stream at
    the same version is another). The append stores nothing otherwise
    (``StreamMoved``), in the same statement: a command decided on a cached
    state needs no read of that stream first (issue 13)."""

    stream_id: UUID
    version: int
    position: int


@dataclass(frozen=True, slots=True)
class AppendResult:
    stream_id: UUID
    stream_version: int
    first_position: int
    last_position: int
    recorded_at: datetime | None
    replayed: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "stream_id": str(self.stream_id),
            "stream_version": self.stream_version,
            "first_position": self.first_position,
            "last_position": self.last_position,
        }


@dataclass(frozen=True, slots=True)
class _AppendArgs:
    stream_id: UUID
    stream_type: str
    mode: str
    expected: int
    event_ids: list[UUID]
    encoded: list[tuple[str, int, dict[str, Any]]]
    metadata: dict[str, str]
    idempotency_key: str | None
    fingerprint: str
    deadlines: list[dict[str, Any]]
    guard: StreamGuard | None = None

    @property
    def expected_label(self) -> object:
        return self.expected if self.mode == "exact" else self.mode


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _aware(value: datetime | str) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _sqlite_instant(value: datetime) -> str:
    """An instant as SQLite stores it: UTC, the ORM's own text form.

    SQLite compares datetimes as text, so an instant written with its offset
    ("17:18:44+01:00") would sort an hour after the same UTC instant; every
    raw write goes through here (decision 0077).
    """
    return str(value.astimezone(UTC).replace(tzinfo=None))


def _uuid(value: Any) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


def idempotent_result(cursor: Any, a: _AppendArgs) -> AppendResult | None:
    """The first answer under the append's idempotency key, if stored; the
    same key with another fingerprint is ``IdempotencyKeyReused``."""
    cursor.execute(
        "SELECT fingerprint, stream_version, first_position, last_position "
        "FROM es_idempotency WHERE key = %s",
        [a.idempotency_key],
    )
    row = cursor.fetchone()
    if row is None:
        return None
    if row[0] != a.fingerprint:
        raise IdempotencyKeyReused(a.idempotency_key or "")
    return AppendResult(a.stream_id, row[1], row[2], row[3], None, True)


def existing_events(cursor: Any, a: _AppendArgs) -> AppendResult | None:
    """The append's answer if its event ids are stored already (a retry); ids
    stored in another stream are ``DuplicateEventId``."""
    ids = [i.hex if connection.vendor == "sqlite" else i for i in a.event_ids]
    marks = ",".join(["%s"] * len(ids))
    cursor.execute(
        "SELECT stream_id, stream_version, global_position FROM es_event "
        f"WHERE event_id IN ({marks})",
        ids,
    )
    rows = cursor.fetchall()
    if not rows:
        return None
    if len(rows) != len(ids) or any(_uuid(r[0]) != a.stream_id for r in rows):
        raise DuplicateEventId("event ids are already stored in another stream")
    return AppendResult(
        a.stream_id,
        max(r[1] for r in rows),
        min(r[2] for r in rows),
        max(r[2] for r in rows),
        None,
        True,
    )
