"""The appeal period (Law 92B; FIGB N-L92-93 §2) is checked against database
time, so a late appeal is refused even when no worker has closed the window."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from eventstore.models import Deadline
from eventstore.store import event_store
from tests.support.appeals import Event

pytestmark = pytest.mark.django_db


def test_late_appeal_after_publication_is_refused_409_naming_law_92b() -> None:
    """Law 92B: the right expires when the period after the official score ends."""
    event = Event(appeal_minutes=0)
    publish = event.clients["chief"].post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/publications/"
    )
    assert publish.status_code == 201
    assert not Deadline.objects.filter(status="fired").exists()  # no sweeper ran
    late = event.lodge()
    assert late.status_code == 409, late.json()
    assert late.json()["code"] == "appeal_period_ended"
    assert late.json()["law"] == "Law 92B"


def test_appeal_in_time_after_publication_is_lodged() -> None:
    """Law 92B: within the period after the official score the appeal is lodged."""
    event = Event(appeal_minutes=15)
    before = event_store().now()
    publish = event.clients["chief"].post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/publications/"
    )
    after = event_store().now()
    assert publish.status_code == 201
    lodged = event.lodge(grounds_evident_at_ruling=False)
    assert lodged.status_code == 201, lodged.json()
    file = event.file("north", lodged.json()["appeal_id"]).json()
    # The period runs 15 minutes from the publication's instant.
    ends = datetime.fromisoformat(file["period_ends_at"])
    assert before + timedelta(minutes=15) <= ends <= after + timedelta(minutes=15)


def test_before_publication_evident_grounds_run_from_the_ruling() -> None:
    """FIGB N-L92-93 §2: grounds evident at the ruling: the period runs from it."""
    event = Event(appeal_minutes=0)
    late = event.lodge()
    assert late.status_code == 409
    assert (late.json()["code"], late.json()["law"]) == (
        "appeal_period_ended",
        "Law 92B",
    )
    # Grounds that became evident only later keep the period open until publication.
    lodged = event.lodge(grounds_evident_at_ruling=False)
    assert lodged.status_code == 201, lodged.json()
