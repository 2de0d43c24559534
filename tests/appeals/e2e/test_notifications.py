"""Each state change emails the parties exactly once, through the outbox."""

from __future__ import annotations

import pytest
from django.core import mail

from appeals.models import OutboxMessage
from appeals.outbox import drain
from appeals.projections import AppealNotifications
from eventstore.projections import ProjectionRunner
from tests.support.appeals import Event, project

pytestmark = pytest.mark.django_db


def test_each_state_change_is_emailed_once_even_when_drained_twice() -> None:
    """The outbox is keyed by event id; a second drain or a rebuild sends nothing."""
    event = Event()
    appeal_id = event.lodged_and_heard()
    project()
    kinds = list(
        OutboxMessage.objects.filter(appeal_id=appeal_id)
        .order_by("position")
        .values_list("event_type", flat=True)
    )
    assert kinds == [
        "appeal.lodged",
        "appeal.concurrence_given",
        "appeal.routed",
        "appeal.hearing_scheduled",
        "appeal.hearing_held",
    ]
    mail.outbox.clear()
    assert drain() == 5
    assert drain() == 0
    assert len(mail.outbox) == 5
    first = mail.outbox[0]
    # The four players at the table, by their own addresses, never named in events.
    assert sorted(first.bcc) == [
        "east@example.org",
        "north@example.org",
        "south@example.org",
        "west@example.org",
    ]
    assert "lodged" in first.subject
    ProjectionRunner(AppealNotifications()).rebuild()
    assert OutboxMessage.objects.filter(appeal_id=appeal_id).count() == 5
    assert drain() == 0
    assert len(mail.outbox) == 5
    # The decision is one more state change, sent once.
    event.ok(
        event.post(
            "chief", appeal_id, "decision/", {"outcome": "upheld", "reasons": "ok"}
        )
    )
    project()
    assert drain() == 1
    assert drain() == 0
    assert "decided" in mail.outbox[-1].subject
    assert all(m.status == "sent" for m in OutboxMessage.objects.all())
