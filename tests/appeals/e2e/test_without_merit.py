"""An appeal without merit (Law 92A): the regulation's sanction and the deposit."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.appeals import Event, project
from tournaments.models import PenaltyRow, StandingRow

pytestmark = pytest.mark.django_db


def test_without_merit_forfeits_the_deposit_and_applies_the_sanction() -> None:
    """Law 92A: sanctioned as the regulation provides; the deposit is kept."""
    event = Event(
        conditions={
            "deposit_cents": 5000,
            "sanction_unit": "percent_of_top",
            "sanction_amount": 10,
        }
    )
    appeal_id = event.lodge().json()["appeal_id"]
    event.ok(
        event.post(
            "south", appeal_id, "concurrence/", {"player_id": event.player("south")}
        )
    )
    unpaid = event.post("chief", appeal_id, "referral/", {"body": "chief_director"})
    assert unpaid.status_code == 409
    assert (unpaid.json()["code"], unpaid.json()["law"]) == (
        "deposit_not_received",
        "Law 80B2",
    )
    wrong = event.post("assistant", appeal_id, "deposit/", {"amount_cents": 100})
    assert wrong.status_code == 422
    assert (wrong.json()["code"], wrong.json()["law"]) == (
        "invalid_deposit",
        "Law 80B2",
    )
    event.ok(event.post("assistant", appeal_id, "deposit/", {"amount_cents": 5000}))
    event.lodged_and_heard(appeal_id=appeal_id)
    decided = event.post(
        "chief",
        appeal_id,
        "decision/",
        {"outcome": "without_merit", "reasons": "no case was made"},
    )
    assert decided.status_code == 201, decided.json()
    project()
    file = event.file("north", appeal_id).json()
    assert file["decision"]["outcome"] == "without_merit"
    assert file["decision"]["deposit"] == "forfeited"
    [penalty] = PenaltyRow.objects.filter(tournament_id=event.tid)
    assert (penalty.entry_number, penalty.unit, penalty.amount, penalty.law) == (
        1,
        "percent_of_top",
        10,
        "92A",
    )
    pair_1 = StandingRow.objects.get(tournament_id=event.tid, entry_number=1)
    assert pair_1.penalty > Decimal(0)
    project()  # the policy again: no second sanction
    assert PenaltyRow.objects.filter(tournament_id=event.tid).count() == 1


def test_an_upheld_ruling_returns_the_deposit() -> None:
    """Decision 0049: the deposit is returned unless the appeal lacks merit."""
    event = Event(conditions={"deposit_cents": 5000})
    appeal_id = event.lodge().json()["appeal_id"]
    event.ok(event.post("assistant", appeal_id, "deposit/", {"amount_cents": 5000}))
    event.lodged_and_heard(appeal_id=appeal_id)
    event.ok(
        event.post(
            "chief", appeal_id, "decision/", {"outcome": "upheld", "reasons": "ok"}
        )
    )
    assert event.file("north", appeal_id).json()["decision"]["deposit"] == "returned"
