"""Celery entrypoints: thin wrappers that take ids and call the deadline code."""

from __future__ import annotations

from uuid import UUID

from celery import shared_task

from eventstore import deadlines, processes
from eventstore.projections import ProjectionLocked


@shared_task(name="eventstore.tasks.sweep_deadlines")
def sweep_deadlines() -> int:
    """Beat task: close every due window (idempotent, safe to run twice)."""
    return deadlines.sweep()


@shared_task(name="eventstore.tasks.fire_deadline", acks_late=True)
def fire_deadline_task(deadline_id: str) -> int | None:
    """ETA task for one window: only for punctuality, the sweep is the guarantee."""
    result = deadlines.fire_deadline(UUID(deadline_id))
    return None if result is None else result.last_position


@shared_task(name="eventstore.tasks.run_processes")
def run_processes() -> int:
    """Beat task: run every process manager to the head (a run already in
    progress elsewhere holds the lock: this one yields to it)."""
    try:
        return processes.run_processes()
    except ProjectionLocked:
        return 0
