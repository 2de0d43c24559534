"""Typed errors of the event store; the API maps each ``status`` and ``code``."""

from __future__ import annotations

from typing import ClassVar
from uuid import UUID


class EventStoreError(Exception):
    code: ClassVar[str] = "event_store_error"
    status: ClassVar[int] = 500

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "detail": str(self)}


class WrongExpectedVersion(EventStoreError):
    """The stream moved on since the caller read it (optimistic concurrency)."""

    code: ClassVar[str] = "stream_version_conflict"
    status: ClassVar[int] = 409

    def __init__(self, stream_id: UUID, expected: object, current: int | None) -> None:
        shown = "no stream" if current is None else f"version {current}"
        super().__init__(f"stream {stream_id} expected at {expected}, found {shown}")
        self.stream_id = stream_id
        self.expected = expected
        self.current_version = current

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "current_version": self.current_version}


class StreamMoved(EventStoreError):
    """A guarded append's other stream is no longer at the version its caller
    decided on (``StreamGuard``): nothing was stored; read it and decide again."""

    code: ClassVar[str] = "stream_moved"
    status: ClassVar[int] = 409

    def __init__(self, stream_id: UUID) -> None:
        super().__init__(f"stream {stream_id} moved on since it was read")
        self.stream_id = stream_id


class IdempotencyKeyReused(EventStoreError):
    code: ClassVar[str] = "idempotency_key_reused"
    status: ClassVar[int] = 409

    def __init__(self, key: str) -> None:
        super().__init__(
            f"idempotency key {key!r} was already used for a different request"
        )
        self.key = key


class DuplicateEventId(EventStoreError):
    code: ClassVar[str] = "duplicate_event_id"
    status: ClassVar[int] = 409


class ProjectionHole(EventStoreError):
    """A gap in global positions: a bug, so the runner stops instead of skipping."""

    code: ClassVar[str] = "projection_hole"
    status: ClassVar[int] = 500


class StoreIntegrityError(EventStoreError):
    """The store's own invariants are broken (a row written around the
    append, or one removed): appends stop, clearly, until an operator has
    run ``manage.py verify_store`` and repaired it (decision 0117)."""

    code: ClassVar[str] = "store_integrity"
    status: ClassVar[int] = 503

    def __init__(self, position: int, what: str) -> None:
        super().__init__(
            f"the event store refuses appends: {what} at position {position}; "
            "an operator must run manage.py verify_store"
        )
        self.position = position
