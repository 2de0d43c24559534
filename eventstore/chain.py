"""The hash chain of the events (decision 0117).

Each event's ``hash`` is SHA-256 of its predecessor's hash (by global
position; 32 zero bytes before position 1) followed by the event's canonical
bytes: the UTF-8 of these fields joined by a newline, in this order::

    global_position, stream_id, stream_version, event_id, event_type,
    schema_version, recorded_at, payload, metadata

- integers in decimal; UUIDs in their lower-case hyphenated form;
- ``recorded_at`` as whole microseconds since 1970-01-01T00:00:00Z;
- ``payload`` and ``metadata`` as the database stores the JSON: jsonb's text
  form on PostgreSQL (``payload::text``), the stored text on SQLite (compact,
  keys sorted). JSON text holds no raw newline, so the fields cannot run
  into each other.

PostgreSQL computes it inside ``es_append`` (migrations/_append_sql.py,
``PG_APPEND_V5``, V6), SQLite in ``store_sqlite.append_sqlite``, both in the
append's transaction while the counter row is locked; ``verify_store``
recomputes it here from the stored rows, so the two definitions are checked
against each other by every verification.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from uuid import UUID

__all__ = ["GENESIS", "canonical_bytes", "chain_hash", "micros"]

GENESIS = bytes(32)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICRO = timedelta(microseconds=1)


def micros(instant: datetime) -> int:
    """Whole microseconds since the epoch (an aware instant)."""
    return (instant - _EPOCH) // _MICRO


def canonical_bytes(
    position: int,
    stream_id: UUID,
    stream_version: int,
    event_id: UUID,
    event_type: str,
    schema_version: int,
    recorded_at: datetime,
    payload_text: str,
    metadata_text: str,
) -> bytes:
    return "\n".join(
        (
            str(position),
            str(stream_id),
            str(stream_version),
            str(event_id),
            event_type,
            str(schema_version),
            str(micros(recorded_at)),
            payload_text,
            metadata_text,
        )
    ).encode()


def chain_hash(previous: bytes, canonical: bytes) -> bytes:
    return hashlib.sha256(previous + canonical).digest()
