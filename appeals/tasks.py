"""Celery entrypoint: the outbox drain (the policies run as a process manager,
``eventstore.tasks.run_processes``)."""

from __future__ import annotations

from celery import shared_task

from appeals import outbox


@shared_task(name="appeals.tasks.drain_outbox")
def drain_outbox() -> int:
    """Beat task: send pending appeal notifications (each exactly once)."""
    return outbox.drain()
