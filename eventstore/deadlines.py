"""Deadlines as data (spec/eventstore-research.md §6.7).

Publishing an event that opens a window writes a deadline row in the same
transaction (``EventStore.append(..., deadlines=...)``). Commands check the
window themselves against database time (``window_open``), so a window is
enforced even when no task ever runs. The sweeper only records the closing:
it claims a due row with a conditional UPDATE (a row count of 1 means this
process got it), appends the ``on_due`` event under a deterministic event id,
then marks the row fired. Two sweepers, a lost run, or a worker killed between
the steps cannot produce a second closing event: the claim expires after a
lease, and the deterministic id turns a repeated append into a replay.
"""

from __future__ import annotations

import logging
import uuid
from datetime import UTC, datetime, timedelta
from uuid import UUID

from django.conf import settings
from django.db.models import F, Q

from eventstore.models import Deadline
from eventstore.store import (
    NAMESPACE,
    AppendResult,
    EventStore,
    ExpectedVersion,
    Metadata,
    event_store,
)

__all__ = [
    "fire_deadline",
    "fired_event_id",
    "sweep",
    "window_open",
]

logger = logging.getLogger(__name__)
SWEEPER = "system:deadline-sweeper"


def window_open(due_at: datetime | None, now: datetime) -> bool:
    """A window is open until and including its deadline (``now`` is database time).

    The store's copy of ``rules.windows.in_time`` (decision 0218), which the
    store may not import: a period includes its last instant, so a window
    is due to be recorded closed only strictly after it (``_claimable``).
    """
    return due_at is None or now <= due_at


def fired_event_id(deadline_id: UUID, due_at: datetime) -> UUID:
    """One closing event per deadline and due time: an extension gets a new one.

    The due time is named in UTC, as PostgreSQL returns it, so the id does
    not depend on the offset the instant was read with (decision 0077).
    """
    return uuid.uuid5(
        NAMESPACE, f"fired:{deadline_id}:{due_at.astimezone(UTC).isoformat()}"
    )


def _claimable(now: datetime) -> Q:
    lease = timedelta(seconds=settings.ARBITRO_DEADLINE_LEASE_SECONDS)
    # A window still holds its last instant (decision 0218): close it only
    # strictly after, as every command reads it.
    return Q(status=Deadline.Status.PENDING, due_at__lt=now) | Q(
        status=Deadline.Status.FIRING, claimed_at__lt=now - lease
    )


def fire_deadline(
    deadline_id: UUID, store: EventStore | None = None
) -> AppendResult | None:
    """Close one due window exactly once; ``None`` if there was nothing to do."""
    store = store or event_store()
    now = store.now()
    claimed = Deadline.objects.filter(_claimable(now), deadline_id=deadline_id).update(
        status=Deadline.Status.FIRING, claimed_at=now, attempts=F("attempts") + 1
    )
    if claimed != 1:
        return None  # not due, already fired, or another sweeper holds it
    row = Deadline.objects.get(deadline_id=deadline_id)
    on_due = row.on_due
    try:
        event = store.codec.decode(
            on_due["event_type"], on_due["schema_version"], on_due["payload"]
        )
        meta = row.metadata or {}
        result = store.append(
            row.stream_id,
            [event],
            stream_type=row.stream_type,
            expected_version=ExpectedVersion.ANY,
            metadata=Metadata(
                actor=SWEEPER,
                tournament_id=UUID(meta["tournament_id"])
                if "tournament_id" in meta
                else None,
                correlation_id=UUID(meta["correlation_id"])
                if "correlation_id" in meta
                else None,
                command=f"close:{row.kind}",
            ),
            event_ids=[fired_event_id(row.deadline_id, row.due_at)],
        )
    except Exception as exc:
        Deadline.objects.filter(
            deadline_id=deadline_id, status=Deadline.Status.FIRING
        ).update(
            status=Deadline.Status.PENDING,
            last_error=f"{type(exc).__name__}: {exc}"[:2000],
        )
        logger.exception("deadline failed", extra={"deadline_id": str(deadline_id)})
        raise
    Deadline.objects.filter(
        deadline_id=deadline_id, status=Deadline.Status.FIRING
    ).update(
        status=Deadline.Status.FIRED, fired_position=result.last_position, last_error=""
    )
    return result


def sweep(store: EventStore | None = None, limit: int = 100) -> int:
    """Close every due window; safe to run concurrently and repeatedly."""
    store = store or event_store()
    now = store.now()
    due = list(
        Deadline.objects.filter(_claimable(now))
        .order_by("due_at")
        .values_list("deadline_id", flat=True)[:limit]
    )
    fired = 0
    for deadline_id in due:
        try:
            if fire_deadline(deadline_id, store) is not None:
                fired += 1
        except Exception:
            continue  # recorded on the row; the next sweep retries
    return fired
