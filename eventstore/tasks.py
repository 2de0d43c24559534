"""Celery entrypoints: thin wrappers that take ids and call the deadline code.

Every task of the app is listed here, where Celery's autodiscovery finds it;
the ETA task is defined beside the command path's ``schedule_precise``
(``eventstore.deadline_eta``), so that the command path imports no task
module that imports the process managers (decision 0222).
"""

from __future__ import annotations

from celery import shared_task

from eventstore import deadlines, processes
from eventstore.deadline_eta import fire_deadline_task
from eventstore.projections import ProjectionLocked

__all__ = ["fire_deadline_task", "run_processes", "sweep_deadlines"]


@shared_task(name="eventstore.tasks.sweep_deadlines")
def sweep_deadlines() -> int:
    """Beat task: close every due window (idempotent, safe to run twice)."""
    return deadlines.sweep()


@shared_task(name="eventstore.tasks.run_processes")
def run_processes() -> int:
    """Beat task: run every process manager to the head (a run already in
    progress elsewhere holds the lock: this one yields to it)."""
    try:
        return processes.run_processes()
    except ProjectionLocked:
        return 0
