"""ETA tasks for the windows an append opens: punctuality, never correctness.

The command path calls ``schedule_precise`` after its append; the ETA task
it queues closes the window through ``deadlines.fire_deadline``, as the beat
sweep would (``eventstore.tasks.sweep_deadlines``, the guarantee). The task
lives here, beside what queues it, and is listed in ``eventstore.tasks`` with
the app's other entrypoints: a command imports no process manager's task
module (decision 0222).
"""

from __future__ import annotations

import logging
from datetime import timedelta
from uuid import UUID

from celery import shared_task
from django.conf import settings

from eventstore import deadlines
from eventstore.models import Deadline
from eventstore.store import AppendResult, event_store

__all__ = ["fire_deadline_task", "schedule_precise"]

logger = logging.getLogger(__name__)
# An ETA task is queued this long after a deadline: the instant itself is
# still inside the window (decision 0218), so a task run at it closes nothing.
AFTER_LAST_INSTANT = timedelta(milliseconds=10)


@shared_task(name="eventstore.tasks.fire_deadline", acks_late=True)
def fire_deadline_task(deadline_id: str) -> int | None:
    """ETA task for one window: only for punctuality, the sweep is the guarantee."""
    result = deadlines.fire_deadline(UUID(deadline_id))
    return None if result is None else result.last_position


def schedule_precise(result: AppendResult) -> None:
    """Queue ETA tasks for the windows an append opened, for punctuality only.

    Correctness never depends on these: the beat sweep closes any window whose
    task is lost, and ETAs longer than the broker's visibility timeout are not
    queued at all (spec §6.7, stack-notes §4).
    """
    if not settings.ARBITRO_DEADLINE_ETA:
        return
    horizon = timedelta(minutes=50)
    now = event_store().now()
    for row in Deadline.objects.filter(
        stream_id=result.stream_id,
        status=Deadline.Status.PENDING,
        due_at__lte=now + horizon,
    ):
        try:
            # Just after the last instant, which still belongs to the window.
            fire_deadline_task.apply_async(
                args=[str(row.deadline_id)], eta=row.due_at + AFTER_LAST_INSTANT
            )
        except Exception:
            logger.warning("could not queue deadline ETA task", exc_info=True)
