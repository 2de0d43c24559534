"""The organizer hears of a late correction by e-mail (Law 79C2; decision 0161).

A director's correction refused after the correction period waits for the
organizer's approval on the organizer's page. A beat task e-mails each
pending request once, in Italian and English, to every organizer account of
the event that has an address; a request that could not be sent (no
organizer with an address, the mail server down) is tried again at the next
beat. The request, not the mail, is what the page lists: a mail never sent
loses nothing.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from access.models import RoleGrant
from console.models import LateCorrectionRequest
from tournaments import selectors

logger = logging.getLogger(__name__)


def organizer_addresses(request: LateCorrectionRequest) -> list[str]:
    """The e-mail of every organizer account of the request's event."""
    return sorted(
        set(
            RoleGrant.objects.filter(
                role=RoleGrant.Role.ORGANIZER, tournament_id=request.tournament_id
            )
            .exclude(user__email="")
            .values_list("user__email", flat=True)
        )
    )


def _text(request: LateCorrectionRequest, event: str) -> tuple[str, str]:
    subject = _("Late correction to approve: %(event)s") % {"event": event}
    body = _(
        "The director asks to correct board %(board)s, table %(table)s (session "
        "%(session)s) after the correction period: %(result)s. Reason: %(reason)s. "
        "Only the organizer may approve it (Law 79C2): %(url)s"
    ) % {
        "board": request.board,
        "table": request.table,
        "session": request.session,
        "result": request.result,
        "reason": request.reason,
        "url": settings.ARBITRO_SITE_URL
        + reverse("console:late_corrections", args=[request.tournament_id]),
    }
    return subject, body


def send_one(pk: int) -> bool:
    """E-mail one pending request if this process claims it; whether it sent."""
    claimed = LateCorrectionRequest.objects.filter(
        pk=pk, mailed_at__isnull=True, approved_at__isnull=True
    ).update(mailed_at=timezone.now())
    if claimed != 1:
        return False
    request = LateCorrectionRequest.objects.get(pk=pk)
    to = organizer_addresses(request)
    row = selectors.tournament_row(request.tournament_id)
    event = row.name if row is not None else str(request.tournament_id)
    texts = {}
    for language in ("it", "en"):
        with translation.override(language):
            texts[language] = _text(request, event)
    try:
        if not to:
            raise LookupError("no organizer of the event has an e-mail address")
        EmailMessage(
            subject=f"[Arbitro] {texts['it'][0]} / {texts['en'][0]}",
            body=f"{texts['it'][1]}\n\n-- \n\n{texts['en'][1]}",
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=to,
        ).send()
    except Exception:
        LateCorrectionRequest.objects.filter(pk=pk).update(mailed_at=None)
        logger.warning("late correction e-mail not sent", extra={"request": pk})
        return False
    return True


def send_pending() -> int:
    """E-mail every pending request not yet mailed; safe to run concurrently."""
    due = LateCorrectionRequest.objects.filter(
        mailed_at__isnull=True, approved_at__isnull=True
    ).values_list("pk", flat=True)
    return sum(1 for pk in list(due) if send_one(pk))
