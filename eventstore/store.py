"""Append and read: the only way into ``es_event``.

spec/eventstore-research.md §6.2. Each append is one short transaction of its
own (never inside an outer ``atomic()``): idempotency check, compare-and-set
on the stream version, gapless positions from the single counter row (so
commit order equals position order), a multi-row insert, the deadline rows the
events imply, and a NOTIFY; each event's hash is chained to its
predecessor's (eventstore.chain, decision 0117). On PostgreSQL all of it is
one call to the ``es_append`` function (one round trip); on SQLite, the
embedded default, the same steps run in Python inside one IMMEDIATE
transaction (eventstore.store_sqlite).
"""

from __future__ import annotations

import dataclasses
import enum
import gc
import hashlib
import json
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone

from eventstore.appending import (
    AppendResult,
    StreamGuard,
    _AppendArgs,
    _aware,
    _json,
    _uuid,
    existing_events,
    idempotent_result,
)
from eventstore.errors import (
    DuplicateEventId,
    IdempotencyKeyReused,
    StoreIntegrityError,
    StreamMoved,
    WrongExpectedVersion,
)
from eventstore.ids import uuid7
from eventstore.registry import EventRegistry, registry
from eventstore.store_sqlite import append_sqlite

__all__ = [
    "AppendResult",
    "EventStore",
    "ExpectedVersion",
    "Metadata",
    "NewDeadline",
    "RecordedEvent",
    "StreamGuard",
    "StreamHistory",
    "deadline_id_for",
    "event_store",
]

NAMESPACE = UUID("6f1c4ad2-8f0e-4c57-9d0e-6b2f4c1e9a11")
# Reads stop at the counter: every appended event is at or below it (the
# counter and the rows commit together), so a row written around the append
# beyond it is never read as history (decision 0117).
_COMMITTED = "global_position <= (SELECT last_position FROM es_position WHERE id = 1)"
INSERT_CHUNK = 500


class ExpectedVersion(enum.Enum):
    """Expected-version modes besides an exact version (EventStoreDB's)."""

    ANY = "any"
    NO_STREAM = "no_stream"
    EXISTS = "exists"


@dataclass(frozen=True, slots=True)
class Metadata:
    """Who and why: travels in the envelope, never in the event payload."""

    actor: str
    correlation_id: UUID | None = None
    causation_id: UUID | None = None
    tournament_id: UUID | None = None
    command: str | None = None

    def as_json(self) -> dict[str, str]:
        data = {"actor": self.actor}
        for name in ("correlation_id", "causation_id", "tournament_id", "command"):
            value = getattr(self, name)
            if value is not None:
                data[name] = str(value)
        return data


@dataclass(frozen=True, slots=True)
class NewDeadline:
    """A window the appended events open; ``on_due`` is appended once when due."""

    kind: str
    due_at: datetime
    on_due: object
    stream_id: UUID | None = None
    stream_type: str | None = None
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class RecordedEvent:
    """A stored event with its envelope; ``event`` is the decoded domain event.

    The metadata is parsed on each access, the payload on its first (then
    kept): replaying an aggregate never needs the metadata (``make bench``
    replay figure), and a runner reads every event of a batch for each of
    its projections, most of which want none of them (issue 13).
    ``raw_payload`` is the payload as read (JSON text, its parsed value, or
    None for a payload not read, which is ``{}``).
    """

    global_position: int
    stream_id: UUID
    stream_version: int
    event_id: UUID
    event_type: str
    schema_version: int
    raw_payload: Any
    raw_metadata: Any
    recorded_at: datetime
    event: object = field(default=None, compare=False)
    _payload: dict[str, Any] | None = field(
        default=None, init=False, compare=False, repr=False
    )

    @property
    def payload(self) -> dict[str, Any]:
        value = self._payload
        if value is None:
            raw = self.raw_payload
            value = {} if raw is None else _load(raw)
            object.__setattr__(self, "_payload", value)
        return value

    @property
    def metadata(self) -> dict[str, Any]:
        value: dict[str, Any] = _load(self.raw_metadata)
        return value

    def decoded_as(self, event: object) -> RecordedEvent:
        """This event with its decoded domain event (the payload kept parsed)."""
        decoded = dataclasses.replace(self, event=event)
        object.__setattr__(decoded, "_payload", self._payload)
        return decoded


@dataclass(frozen=True, slots=True)
class StreamHistory:
    stream_id: UUID
    version: int
    events: tuple[RecordedEvent, ...]

    @property
    def domain_events(self) -> list[object]:
        return [e.event for e in self.events]


def deadline_id_for(stream_id: UUID, kind: str) -> UUID:
    return uuid.uuid5(NAMESPACE, f"deadline:{stream_id}:{kind}")


def _load(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


class EventStore:
    """The event store on Django's default database connection."""

    def __init__(self, codec: EventRegistry = registry) -> None:
        self.codec = codec

    # -- clock -------------------------------------------------------------

    def now(self) -> datetime:
        """The authoritative clock: database time (spec §6.7)."""
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT clock_timestamp()")
                return _aware(cursor.fetchone()[0])
        return timezone.now()

    # -- append ------------------------------------------------------------

    def append(
        self,
        stream_id: UUID,
        events: Sequence[object],
        *,
        stream_type: str,
        expected_version: int | ExpectedVersion,
        metadata: Metadata,
        idempotency_key: str | None = None,
        fingerprint: str | None = None,
        event_ids: Sequence[UUID] | None = None,
        deadlines: Iterable[NewDeadline] = (),
        guard: StreamGuard | None = None,
    ) -> AppendResult:
        """Append ``events`` to one stream: one statement on its own, or a part
        of the transaction the command path opened (``eventstore.commands``).
        ``guard``: another stream that must still be as the caller read it.

        ``fingerprint`` is what a retry with the same ``idempotency_key`` must
        match (the command path passes the command's); without it, the
        append's own content.
        """
        if not events:
            raise ValueError("append needs at least one event")
        encoded = [self.codec.encode(e) for e in events]
        ids = list(event_ids) if event_ids is not None else [uuid7() for _ in events]
        if len(ids) != len(events):
            raise ValueError("one event id per event")
        if isinstance(expected_version, ExpectedVersion):
            mode, expected = expected_version.value, -1
        else:
            mode, expected = "exact", int(expected_version)
        # The content a retried key must match; only a keyed append needs it.
        if idempotency_key is None:
            fingerprint = ""
        elif fingerprint is None:
            fingerprint = hashlib.sha256(
                _json([str(stream_id), mode, expected, encoded]).encode()
            ).hexdigest()
        deadline_rows = [
            self._deadline_row(d, stream_id, stream_type, metadata) for d in deadlines
        ]
        args = _AppendArgs(
            stream_id,
            stream_type,
            mode,
            expected,
            ids,
            encoded,
            metadata.as_json(),
            idempotency_key,
            fingerprint,
            deadline_rows,
            guard,
        )
        try:
            if connection.vendor == "postgresql":
                return self._append_pg(args)
            return append_sqlite(args)
        except (WrongExpectedVersion, IntegrityError):
            # A concurrent retry with the same idempotency key or event ids may
            # have won the race: answer with its original result.
            replay = self._replayed(args)
            if replay is not None:
                return replay
            raise

    def _deadline_row(
        self, d: NewDeadline, stream_id: UUID, stream_type: str, metadata: Metadata
    ) -> dict[str, Any]:
        target = d.stream_id or stream_id
        name, version, payload = self.codec.encode(d.on_due)
        if d.due_at.tzinfo is None:
            raise ValueError("deadline due_at must be timezone-aware")
        return {
            "deadline_id": str(deadline_id_for(target, d.kind)),
            "stream_id": str(target),
            "stream_type": d.stream_type or stream_type,
            "kind": d.kind,
            "due_at": d.due_at.isoformat(),
            "on_due": {
                "event_type": name,
                "schema_version": version,
                "payload": payload,
            },
            "metadata": metadata.as_json(),
            "status": "cancelled" if d.cancelled else "pending",
        }

    def _append_pg(self, a: _AppendArgs) -> AppendResult:
        sql = "SELECT * FROM es_append(%s, %s, %s, %s, %s::jsonb, %s::jsonb, %s, %s, %s::jsonb)"
        if a.guard is not None:
            # The guard checked in the append's own statement (migration 0010).
            sql = (
                "SELECT * FROM es_append_guarded(%s, %s, %s, %s, %s, %s, %s, "
                "%s::jsonb, %s::jsonb, %s, %s, %s::jsonb)"
            )
        events = [
            [str(event_id), event_type, version, payload]
            for event_id, (event_type, version, payload) in zip(
                a.event_ids, a.encoded, strict=True
            )
        ]
        params: list[UUID | str | int | None] = [
            a.stream_id,
            a.stream_type,
            a.mode,
            a.expected,
            _json(events),
            _json(a.metadata),
            a.idempotency_key,
            a.fingerprint,
            _json(a.deadlines),
        ]
        if a.guard is not None:
            params[:0] = [a.guard.stream_id, a.guard.version, a.guard.position]
        try:
            if connection.in_atomic_block:
                with transaction.atomic(), connection.cursor() as cursor:
                    cursor.execute(sql, params)
                    row = cursor.fetchone()
            else:
                with connection.cursor() as cursor:
                    cursor.execute(sql, params)
                    row = cursor.fetchone()
        except DatabaseError as exc:
            raise self._translate(exc, a) from exc
        version, first, last, recorded_at, replayed = row
        return AppendResult(
            a.stream_id,
            version,
            first,
            last,
            _aware(recorded_at) if recorded_at else None,
            replayed,
        )

    def _translate(self, exc: DatabaseError, a: _AppendArgs) -> Exception:
        cause = exc.__cause__
        sqlstate = getattr(cause, "sqlstate", None)
        if sqlstate == "AR001":
            return IdempotencyKeyReused(a.idempotency_key or "")
        if sqlstate == "AR002":
            detail = getattr(getattr(cause, "diag", None), "message_detail", None)
            current = None if detail in (None, "none") else int(detail)
            return WrongExpectedVersion(a.stream_id, a.expected_label, current)
        if sqlstate == "AR004" and a.guard is not None:
            return StreamMoved(a.guard.stream_id)
        if sqlstate == "AR003":
            return DuplicateEventId("event ids are already stored in another stream")
        if sqlstate == "23505":
            constraint = getattr(getattr(cause, "diag", None), "constraint_name", None)
            if constraint == "es_event_pkey":
                return StoreIntegrityError(
                    self.head_position() + 1, "a row beyond the counter"
                )
        return exc

    def _replayed(self, a: _AppendArgs) -> AppendResult | None:
        # Inside a transaction the failed append ran in a savepoint of its own.
        with connection.cursor() as cursor:
            if a.idempotency_key is not None:
                stored = idempotent_result(cursor, a)
                if stored is not None:
                    return stored
            return existing_events(cursor, a)

    def idempotent_result(self, key: str, fingerprint: str) -> AppendResult | None:
        """The first answer to ``key``, if stored; another request under the
        same key is ``IdempotencyKeyReused``."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT fingerprint, stream_id, stream_version, first_position, "
                "last_position FROM es_idempotency WHERE key = %s",
                [key],
            )
            row = cursor.fetchone()
        if row is None:
            return None
        if row[0] != fingerprint:
            raise IdempotencyKeyReused(key)
        return AppendResult(_uuid(row[1]), row[2], row[3], row[4], None, True)

    def lock_streams(self, stream_ids: Sequence[UUID]) -> None:
        """Lock existing stream rows in id order (inside a transaction)."""
        if connection.vendor != "postgresql":
            return  # SQLite's IMMEDIATE transaction already holds the database
        with connection.cursor() as cursor:
            # A function of the owner's: the application's role has no UPDATE
            # on es_stream, which FOR UPDATE needs (decision 0118).
            cursor.execute(
                "SELECT es_lock_streams(%s::uuid[])", [sorted(set(stream_ids))]
            )

    def stored_event_ids(self, event_ids: Sequence[UUID]) -> set[UUID]:
        """Which of ``event_ids`` are already stored (one index lookup)."""
        if not event_ids:
            return set()
        ids = [self._uuid_param(i) for i in event_ids]
        marks = ",".join(["%s"] * len(ids))
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT event_id FROM es_event WHERE event_id IN ({marks})", ids
            )
            return {_uuid(r[0]) for r in cursor.fetchall()}

    # -- read --------------------------------------------------------------

    def read_stream(
        self, stream_id: UUID, from_version: int = 1, known_version: int = 0
    ) -> StreamHistory:
        """Every event of one stream from ``from_version``, decoded and upcast.

        Events up to ``known_version`` are returned undecoded and without their
        payload (``event`` None, ``payload`` empty): a caller that already
        holds them reads them only to check identity.
        """
        events = tuple(
            self._select(
                f"WHERE stream_id = %s AND stream_version >= %s AND {_COMMITTED} "
                "ORDER BY stream_version",
                [self._uuid_param(stream_id), from_version],
                decode_after=known_version,
                stream_id=stream_id,
            )
        )
        version = (
            events[-1].stream_version if events else self.stream_version(stream_id)
        )
        return StreamHistory(stream_id, version, events)

    def stream_version(self, stream_id: UUID) -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT version FROM es_stream WHERE stream_id = %s",
                [self._uuid_param(stream_id)],
            )
            row = cursor.fetchone()
        return 0 if row is None else int(row[0])

    def read_all(
        self,
        after_position: int = 0,
        limit: int = 1000,
        event_types: Sequence[str] | None = None,
        decode: bool = True,
    ) -> list[RecordedEvent]:
        """Events after a global position, in position order, optionally by type."""
        where = f"WHERE global_position > %s AND {_COMMITTED}"
        params: list[int | str] = [after_position]
        if event_types:
            where += f" AND event_type IN ({','.join(['%s'] * len(event_types))})"
            params += list(event_types)
        return self._select(
            f"{where} ORDER BY global_position LIMIT %s", [*params, limit], decode
        )

    def read_tournament(
        self,
        tournament_id: UUID,
        *,
        up_to: int | None = None,
        after: int = 0,
        event_types: Sequence[str] | None = None,
    ) -> list[RecordedEvent]:
        """Every event whose envelope names ``tournament_id``, by position,
        optionally only those after ``after`` and of ``event_types``.

        A projection replays one tournament to repair it (decision 0070);
        index ``es_event_tournament_pos`` serves it on PostgreSQL.
        """
        key = (
            "metadata->>'tournament_id'"
            if connection.vendor == "postgresql"
            else "json_extract(metadata, '$.tournament_id')"
        )
        where = f"WHERE {key} = %s AND {_COMMITTED}"
        params: list[Any] = [str(tournament_id)]
        if up_to is not None:
            where += " AND global_position <= %s"
            params.append(up_to)
        if after:
            where += " AND global_position > %s"
            params.append(after)
        if event_types:
            where += f" AND event_type IN ({','.join(['%s'] * len(event_types))})"
            params += list(event_types)
        return self._select(f"{where} ORDER BY global_position", params)

    def head_position(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT last_position FROM es_position WHERE id = 1")
            row = cursor.fetchone()
        return 0 if row is None else int(row[0])

    def _select(
        self,
        where: str,
        params: list[Any],
        decode: bool = True,
        decode_after: int = 0,
        stream_id: UUID | None = None,
    ) -> list[RecordedEvent]:
        """Rows as recorded events; with ``stream_id`` (one stream's read) the
        column is not selected: every row has it."""
        # PostgreSQL sends the time as text: datetime.fromisoformat (C) is far
        # cheaper than the driver's per-row Python timestamptz loader.
        at = "recorded_at::text" if connection.vendor == "postgresql" else "recorded_at"
        sid = "" if stream_id is not None else "stream_id, "
        # Events a caller already holds are read for their identity only: their
        # payload is not sent (a tournament's schedule event is 100 KB).
        payload = "payload"
        if decode_after:
            payload = f"CASE WHEN stream_version > {int(decode_after)} THEN payload END"
        sql = (
            f"SELECT global_position, {sid}stream_version, event_id, event_type, "
            f"schema_version, {payload}, metadata, {at} FROM es_event {where}"
        )
        codec, registered = self.codec.decode, self.codec.is_registered
        out: list[RecordedEvent] = []
        append = out.append
        with connection.cursor() as cursor, _collector_paused():
            cursor.execute(sql, params)
            rows = cursor.fetchall()
            if stream_id is not None:
                rows = [(r[0], stream_id, *r[1:]) for r in rows]
            for pos, sid_value, ver, eid, etype, sver, body, meta, at_value in rows:
                recorded = RecordedEvent(
                    pos,
                    _uuid(sid_value),
                    ver,
                    _uuid(eid),
                    etype,
                    sver,
                    body,
                    meta,
                    _aware(at_value),
                )
                # Otherwise its payload is parsed if and when it is asked for.
                if decode and ver > decode_after and registered(etype):
                    # Not yet seen by anyone: decoded in place, the payload
                    # parsed once for the event and for ``payload``.
                    object.__setattr__(
                        recorded, "event", codec(etype, sver, recorded.payload)
                    )
                append(recorded)
        return out

    @staticmethod
    def _uuid_param(value: UUID) -> Any:
        return value.hex if connection.vendor == "sqlite" else value


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a read builds its events.

    A replay allocates several objects per event and none of them forms a
    cycle; with the collector running, CPython scans the growing heap again
    and again and half of a long replay's time goes to it (``make bench``).
    Only the thread that found the collector on turns it back on.
    """
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


_default = EventStore()


def event_store() -> EventStore:
    return _default
