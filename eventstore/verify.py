"""Whether the stored history is the one that was appended (decision 0117).

``verify_store`` reads every event in position order, in one snapshot of the
database, and checks:

- positions run 1, 2, 3... without a gap, and the last one is the counter
  (a row beyond the counter was written around the append; a counter beyond
  the last row means rows were removed);
- each event's hash is SHA-256 of its predecessor's and its canonical bytes
  (eventstore.chain): an edited field, a removed or inserted row breaks it;
- each stream's versions run 1, 2, 3... in position order and ``es_stream``
  holds the last one;
- the hash at the position the last sound verification ended still is the
  one it recorded: a history rewritten with its chain recomputed from the
  edit on differs there (an anchor; keep the printed head hash outside the
  database too, the anchor kept inside is only as safe as the database).

The first fault found is named by its position. Each run is recorded in
``es_verification``; health reports the last one (eventstore.liveness). Only
the owner records a run (decision 0213): the application's role may check
the store (``record=False``), but a row it could write would let the login
health watches say the store is sound.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import connection, transaction
from django.utils import timezone

from eventstore import chain
from eventstore.appending import _aware
from eventstore.models import StoreVerification

__all__ = ["CannotRecord", "Verification", "can_record", "verify_store"]

BATCH = 5000


@dataclass(frozen=True, slots=True)
class Verification:
    ok: bool
    head: int
    verified_through: int
    head_hash: bytes | None
    first_bad_position: int | None = None
    problem: str = ""

    def describe(self) -> str:
        if self.ok and self.head == 0:
            return "store verified: empty (the counter is at 0)"
        if self.ok:
            shown = self.head_hash.hex() if self.head_hash else "none"
            return (
                f"store verified: positions 1..{self.verified_through} chained, "
                f"gapless, at the counter ({self.head}); head hash {shown}"
            )
        return (
            f"store verification failed at position {self.first_bad_position}: "
            f"{self.problem}"
        )


class CannotRecord(Exception):
    """This connection's role may not record a verification (not the owner)."""


def can_record() -> bool:
    """Whether this connection may record a run in ``es_verification``."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT has_table_privilege('es_verification', 'INSERT') AND "
            "pg_has_role(current_user, relowner, 'MEMBER') "
            "FROM pg_class WHERE oid = 'es_verification'::regclass"
        )
        row = cursor.fetchone()
    return bool(row and row[0])


class _Fault(Exception):
    def __init__(self, position: int, problem: str) -> None:
        super().__init__(problem)
        self.position = position
        self.problem = problem


def _rows(after: int) -> list[tuple[Any, ...]]:
    if connection.vendor == "postgresql":
        columns = "payload::text, metadata::text"
    else:
        columns = "payload, metadata"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT global_position, stream_id, stream_version, event_id, event_type, "
            f"schema_version, recorded_at, {columns}, hash FROM es_event "
            "WHERE global_position > %s ORDER BY global_position LIMIT %s",
            [after, BATCH],
        )
        return list(cursor.fetchall())


def _uuid(value: Any) -> UUID:
    return value if isinstance(value, UUID) else UUID(str(value))


def _scan(head: int, anchor: StoreVerification | None) -> tuple[int, bytes | None]:
    """Check every row; return the last position and its hash, or raise."""
    previous, position = chain.GENESIS, 0
    versions: dict[UUID, int] = {}
    while True:
        rows = _rows(position)
        if not rows:
            break
        for pos, sid, ver, eid, etype, sver, at, payload, meta, stored in rows:
            if pos != position + 1:
                raise _Fault(position + 1, "the event is missing (a gap in positions)")
            if pos > head:
                raise _Fault(pos, f"a row beyond the counter ({head})")
            stream = _uuid(sid)
            expected = chain.chain_hash(
                previous,
                chain.canonical_bytes(
                    pos, stream, ver, _uuid(eid), etype, sver, _aware(at), payload, meta
                ),
            )
            if stored is None or bytes(stored) != expected:
                raise _Fault(
                    pos, "its hash does not match the event and its predecessor's hash"
                )
            if ver != versions.get(stream, 0) + 1:
                raise _Fault(
                    pos,
                    f"stream {stream} jumps from version "
                    f"{versions.get(stream, 0)} to {ver}",
                )
            if (
                anchor is not None
                and pos == anchor.verified_through
                and anchor.head_hash is not None
                and bytes(anchor.head_hash) != expected
            ):
                raise _Fault(
                    pos,
                    "the chain differs from the one verified on "
                    f"{anchor.finished_at.isoformat()}: history before it was rewritten",
                )
            versions[stream] = ver
            previous, position = expected, pos
    if position < head:
        raise _Fault(position + 1, f"the event is missing (the counter is at {head})")
    if _head_hash() != previous:
        raise _Fault(position, "the counter's hash is not the hash of the event there")
    if anchor is not None and position < anchor.verified_through:
        raise _Fault(
            position + 1, f"the event is missing (verified before up to {anchor.head})"
        )
    _check_streams(versions)
    return position, (previous if position else None)


def _check_streams(versions: dict[UUID, int]) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT stream_id, version FROM es_stream")
        stored = {_uuid(sid): int(version) for sid, version in cursor.fetchall()}
    for stream, version in stored.items():
        if versions.get(stream, 0) != version:
            seen = versions.get(stream, 0)
            raise _Fault(
                _last_position_of(stream),
                f"stream {stream} is at version {version} but its events end at {seen}",
            )
    for stream in versions.keys() - stored.keys():
        raise _Fault(_last_position_of(stream), f"stream {stream} has no stream row")


def _last_position_of(stream: UUID) -> int:
    param: Any = stream.hex if connection.vendor == "sqlite" else stream
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT max(global_position) FROM es_event WHERE stream_id = %s", [param]
        )
        row = cursor.fetchone()
    return int(row[0] or 0)


def _head_hash() -> bytes:
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_hash FROM es_position WHERE id = 1")
        row = cursor.fetchone()
    return chain.GENESIS if row is None else bytes(row[0])


def _head() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_position FROM es_position WHERE id = 1")
        row = cursor.fetchone()
    return 0 if row is None else int(row[0])


def verify_store(*, record: bool = True) -> Verification:
    """Check the whole store in one snapshot; record the outcome (as the
    owner only: ``CannotRecord`` before any check otherwise)."""
    if record and not can_record():
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            role = cursor.fetchone()[0]
        raise CannotRecord(
            f"{role} is not the owner: only the owner records a verification"
        )
    started: datetime = timezone.now()
    anchor = (
        StoreVerification.objects.filter(ok=True)
        .order_by("-finished_at", "-id")
        .first()
    )
    outer = connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and not outer:
            # One snapshot: the counter and the rows as of one instant.
            with connection.cursor() as cursor:
                cursor.execute(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY"
                )
        head = _head()
        try:
            through, head_hash = _scan(head, anchor)
        except _Fault as fault:
            result = Verification(
                False, head, fault.position - 1, None, fault.position, fault.problem
            )
        else:
            result = Verification(True, head, through, head_hash)
    if record:
        StoreVerification.objects.create(
            started_at=started,
            finished_at=timezone.now(),
            head=result.head,
            verified_through=result.verified_through,
            head_hash=result.head_hash,
            ok=result.ok,
            first_bad_position=result.first_bad_position,
            problem=result.problem,
        )
    return result
