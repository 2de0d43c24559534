"""Celery entrypoint: e-mail the pending notifications (decision 0140)."""

from __future__ import annotations

from celery import shared_task

from people import notifications


@shared_task(name="people.tasks.send_notifications")
def send_notifications() -> int:
    """Beat task: each notification is e-mailed once."""
    return notifications.send()
