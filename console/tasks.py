"""Celery entrypoint: the organizer's e-mail of a late correction (0161)."""

from __future__ import annotations

from celery import shared_task

from console import late_mail


@shared_task(name="console.tasks.mail_late_corrections")
def mail_late_corrections() -> int:
    """Beat task: each pending late correction is e-mailed to the organizer once."""
    return late_mail.send_pending()
