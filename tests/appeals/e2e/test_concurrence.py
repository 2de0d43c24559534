"""Missing concurrence (Law 92D): not heard, and lapsed when the period ends."""

from __future__ import annotations

import pytest

from eventstore.deadlines import sweep
from eventstore.models import Deadline
from eventstore.store import event_store
from tests.support.appeals import Event

pytestmark = pytest.mark.django_db


def test_an_appeal_without_the_partners_concurrence_is_not_heard() -> None:
    """Law 92D1: no routing until both members of the pair concur."""
    event = Event()
    appeal_id = event.lodge().json()["appeal_id"]
    refused = event.post("chief", appeal_id, "referral/", {"body": "chief_director"})
    assert refused.status_code == 409
    assert refused.json()["code"] == "concurrence_missing"
    assert refused.json()["law"] == "Law 92D"
    # An opponent cannot concur for them.
    wrong = event.post(
        "east", appeal_id, "concurrence/", {"player_id": event.player("east")}
    )
    assert wrong.status_code == 422
    assert (wrong.json()["code"], wrong.json()["law"]) == ("not_a_concurrer", "Law 92D")
    # South cannot concur in North's name either: only as themself.
    forged = event.post(
        "north", appeal_id, "concurrence/", {"player_id": event.player("south")}
    )
    assert forged.status_code == 403


def test_the_appeal_lapses_once_when_the_period_ends_without_concurrence() -> None:
    """Law 92B with 92D: the sweeper appends the closing event exactly once."""
    event = Event()
    appeal_id = event.lodge().json()["appeal_id"]
    window = Deadline.objects.get(kind="concurrence", status="pending")
    # Time passes: the window's due time is now behind database time.
    Deadline.objects.filter(pk=window.pk).update(due_at=event_store().now())
    assert sweep() == 1
    assert sweep() == 0
    file = event.file("north", appeal_id).json()
    assert file["status"] == "lapsed"
    assert [r["type"] for r in file["record"]] == [
        "appeal.lodged",
        "appeal.concurrence_period_ended",
    ]
    late = event.post(
        "south", appeal_id, "concurrence/", {"player_id": event.player("south")}
    )
    assert late.status_code == 409
    assert (late.json()["code"], late.json()["law"]) == (
        "appeal_period_ended",
        "Law 92B",
    )


def test_the_concurrence_cancels_the_lapse() -> None:
    """A complete appeal never lapses: its window is cancelled."""
    event = Event()
    appeal_id = event.lodge().json()["appeal_id"]
    ok = event.post(
        "south", appeal_id, "concurrence/", {"player_id": event.player("south")}
    )
    assert ok.status_code == 201
    assert Deadline.objects.get(kind="concurrence").status == "cancelled"
    assert sweep() == 0
    assert event.file("north", appeal_id).json()["status"] == "lodged"
