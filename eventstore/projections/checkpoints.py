"""Checkpoints: what a runner has applied, moved by compare-and-set, and the
reads that wait on them (read-your-writes, decision 0073)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

from django.db import connection
from django.utils import timezone

from eventstore.models import Checkpoint, ProjectionFailure
from eventstore.projections.base import CheckpointMoved

# A runner reads and moves its checkpoint every batch (four projections a
# turn on event night): plain statements, not querysets built each time.
_READ = "SELECT last_position FROM es_checkpoint WHERE name = %s"
_READ_MANY = "SELECT name, last_position FROM es_checkpoint WHERE name IN ({})"
_ADVANCE = (
    "UPDATE es_checkpoint SET last_position = %s, status = %s, last_error = '', "
    "updated_at = %s WHERE name = %s AND last_position = %s"
)


def read_checkpoint(name: str) -> int:
    """The last position a runner (projection or process manager) applied."""
    with connection.cursor() as cursor:
        cursor.execute(_READ, [name])
        row = cursor.fetchone()
    if row is not None:
        return int(row[0])
    created, _ = Checkpoint.objects.get_or_create(name=name)
    return created.last_position


def read_checkpoints(names: Sequence[str]) -> dict[str, int]:
    """The last position each of ``names`` applied, in one statement (a
    runner's turn reads every projection's); a name with no row yet is
    created as ``read_checkpoint`` creates it."""
    names = list(names)
    if not names:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(_READ_MANY.format(", ".join(["%s"] * len(names))), names)
        positions = {name: int(position) for name, position in cursor.fetchall()}
    for name in names:
        if name not in positions:
            positions[name] = read_checkpoint(name)
    return positions


def advance_checkpoint(name: str, start: int, end: int) -> None:
    """Move ``name`` from ``start`` to ``end`` in the caller's transaction; a
    checkpoint another runner moved meanwhile is ``CheckpointMoved``."""
    with connection.cursor() as cursor:
        cursor.execute(
            _ADVANCE,
            [
                end,
                Checkpoint.Status.RUNNING.value,
                connection.ops.adapt_datetimefield_value(timezone.now()),
                name,
                start,
            ],
        )
        moved = cursor.rowcount
    if moved != 1:
        raise CheckpointMoved(f"{name}: checkpoint moved from {start}")


def stop_checkpoint(name: str, message: str) -> None:
    """Mark ``name`` stopped on an error, with the error for the operator."""
    Checkpoint.objects.filter(name=name).update(
        status=Checkpoint.Status.ERROR, last_error=message[:2000]
    )


# -- reads --------------------------------------------------------------------


def read_position(names: Iterable[str]) -> int:
    """The position every named projection has applied (the lowest one)."""
    names = list(names)
    positions = dict(
        Checkpoint.objects.filter(name__in=names).values_list("name", "last_position")
    )
    return min((positions.get(name, 0) for name in names), default=0)


def parked_at(names: Iterable[str], partition: str) -> int | None:
    """The first position a named projection could not apply to ``partition``
    (its read rows hold everything before it), None when none is parked."""
    return (
        ProjectionFailure.objects.filter(
            projection__in=list(names), partition=partition, resolved_at__isnull=True
        )
        .order_by("position")
        .values_list("position", flat=True)
        .first()
    )


def wait_for_position(names: Iterable[str], position: int, timeout: float) -> bool:
    """Wait (bounded) until every named projection has applied ``position``."""
    names = list(names)
    deadline = time.monotonic() + timeout
    while True:
        done = Checkpoint.objects.filter(
            name__in=names, last_position__gte=position
        ).count()
        if done == len(names):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
