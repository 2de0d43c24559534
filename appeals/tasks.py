"""Celery entrypoints: thin wrappers around the outbox drain and the policy runner."""

from __future__ import annotations

from celery import shared_task

from appeals import outbox, policies


@shared_task(name="appeals.tasks.drain_outbox")
def drain_outbox() -> int:
    """Beat task: send pending appeal notifications (each exactly once)."""
    return outbox.drain()


@shared_task(name="appeals.tasks.run_policies")
def run_policies() -> int:
    """Beat task: apply the adjusted scores and sanctions of new decisions."""
    return policies.run_policies()
