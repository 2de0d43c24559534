"""Drain the appeal outbox: each message is claimed once and sent once.

The healthchecks ``sendalerts`` shape: claim with a conditional UPDATE on id
and status (a row count of 1 means this process got it), send, mark sent. A
message claimed by a worker that died is reclaimed after a lease. Player ids
are resolved to addresses only here, at sending time: no address is ever
stored in an event or in the outbox.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from uuid import UUID

from django.conf import settings
from django.core.mail import EmailMessage
from django.db.models import F, Q
from django.utils import timezone

from access.models import RoleGrant
from appeals.models import OutboxMessage

__all__ = ["drain", "send_one"]

logger = logging.getLogger(__name__)
LEASE = timedelta(minutes=5)
MAX_ATTEMPTS = 5


def _claimable() -> Q:
    now = timezone.now()
    return Q(status=OutboxMessage.Status.PENDING) | Q(
        status=OutboxMessage.Status.SENDING, claimed_at__lt=now - LEASE
    )


def addresses(player_ids: list[str]) -> list[str]:
    ids = [UUID(p) for p in player_ids]
    return sorted(
        set(
            RoleGrant.objects.filter(role=RoleGrant.Role.PLAYER, player_id__in=ids)
            .exclude(user__email="")
            .values_list("user__email", flat=True)
        )
    )


def send_one(message_id: int) -> bool:
    """Send one message if this process claims it; return whether it sent."""
    claimed = OutboxMessage.objects.filter(_claimable(), pk=message_id).update(
        status=OutboxMessage.Status.SENDING,
        claimed_at=timezone.now(),
        attempts=F("attempts") + 1,
    )
    if claimed != 1:
        return False  # another worker got there first, or it is done
    message = OutboxMessage.objects.get(pk=message_id)
    try:
        to = addresses(message.recipients)
        if to:
            EmailMessage(
                subject=message.subject,
                body=message.body,
                from_email=settings.DEFAULT_FROM_EMAIL,
                bcc=to,
            ).send()
    except Exception as exc:
        failed = message.attempts >= MAX_ATTEMPTS
        OutboxMessage.objects.filter(pk=message_id).update(
            status=OutboxMessage.Status.FAILED
            if failed
            else OutboxMessage.Status.PENDING,
            last_error=f"{type(exc).__name__}: {exc}"[:2000],
        )
        logger.warning("appeal email failed", extra={"outbox_id": message_id})
        return False
    OutboxMessage.objects.filter(
        pk=message_id, status=OutboxMessage.Status.SENDING
    ).update(
        status=OutboxMessage.Status.SENT,
        sent_at=timezone.now(),
        last_error="" if to else "no address on file",
    )
    return bool(to)


def drain(limit: int = 100) -> int:
    """Send every pending message; safe to run twice or concurrently."""
    due = list(
        OutboxMessage.objects.filter(_claimable())
        .order_by("position")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(1 for pk in due if send_one(pk))
