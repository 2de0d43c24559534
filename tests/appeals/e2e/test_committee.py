"""Referral to an appeals committee (Law 93B) and the limits of its powers."""

from __future__ import annotations

import pytest

from tests.support.appeals import Event

pytestmark = pytest.mark.django_db


def committee_event() -> tuple[Event, list[int]]:
    event = Event(conditions={"committee_available": True})
    for name in ("c1", "c2", "c3"):
        event.add(name)
    return event, [event.users[n].pk for n in ("c1", "c2", "c3")]


def test_the_chief_director_refers_facts_and_judgement_to_the_committee() -> None:
    """Law 93B2: with a committee he may not keep an appeal on judgement."""
    event, _ = committee_event()
    appeal_id = event.lodge().json()["appeal_id"]
    event.ok(
        event.post(
            "south", appeal_id, "concurrence/", {"player_id": event.player("south")}
        )
    )
    kept = event.post("chief", appeal_id, "referral/", {"body": "chief_director"})
    assert kept.status_code == 422
    assert (kept.json()["code"], kept.json()["law"]) == ("invalid_routing", "Law 93B2")
    # An assistant director cannot route: the Chief Director does (Law 93).
    assistant = event.post("assistant", appeal_id, "referral/", {"body": "committee"})
    assert assistant.status_code == 403


def test_committee_overreach_is_refused_and_a_recommendation_recorded() -> None:
    """Law 93B3: no overruling on law, regulation or discipline; it may recommend."""
    event, members = committee_event()
    law_points = [{"point": "does Law 16B apply", "ruling": "yes: a tempo break"}]
    appeal_id = event.lodged_and_heard(
        body="committee", members=members, law_points=law_points, hearer="c1"
    )
    file = event.file("c2", appeal_id).json()  # members see the file
    assert file["body"] == "committee"
    assert file["status"] == "heard"

    overreach = event.post(
        "c1",
        appeal_id,
        "decision/",
        {
            "outcome": "changed",
            "reasons": "Law 16B does not apply",
            "changed_points": ["law_or_regulation"],
        },
    )
    assert overreach.status_code == 422, overreach.json()
    assert overreach.json()["code"] == "committee_overreach"
    assert overreach.json()["law"] == "Law 93B3"

    # The Chief Director is not the hearing body any more.
    chief = event.post(
        "chief", appeal_id, "decision/", {"outcome": "upheld", "reasons": "stands"}
    )
    assert chief.status_code == 422
    assert (chief.json()["code"], chief.json()["law"]) == (
        "not_the_hearing_body",
        "Law 93B",
    )
    # Nor is a stranger: only the appointed members.
    event.add("stranger")
    stranger = event.post(
        "stranger", appeal_id, "decision/", {"outcome": "upheld", "reasons": "x"}
    )
    assert stranger.status_code == 403

    decided = event.post(
        "c1",
        appeal_id,
        "decision/",
        {
            "outcome": "upheld",
            "reasons": "the committee agrees on the facts",
            "recommendation": "the Chief Director may reconsider Law 16B",
        },
    )
    assert decided.status_code == 201, decided.json()
    file = event.file("north", appeal_id).json()
    assert file["decision"]["body"] == "committee"
    assert (
        file["decision"]["recommendation"]
        == "the Chief Director may reconsider Law 16B"
    )
    routed = next(r for r in file["record"] if r["type"] == "appeal.routed")
    assert routed["data"]["law_points"] == law_points
    held = next(r for r in file["record"] if r["type"] == "appeal.hearing_held")
    assert held["data"]["members_present"] == [f"user:{m}" for m in members]


def test_the_committee_changes_judgement_with_an_adjusted_score() -> None:
    """Law 93B3: the committee has the Director's powers on judgement (Law 12)."""
    event, members = committee_event()
    appeal_id = event.lodged_and_heard(body="committee", members=members, hearer="c2")
    decided = event.post(
        "c3",
        appeal_id,
        "decision/",
        {
            "outcome": "changed",
            "reasons": "pass was a logical alternative",
            "changed_points": ["judgement"],
            "adjusted_scores": [
                {"board_number": 1, "table": 1, "score": "assigned:140@1"}
            ],
        },
    )
    assert decided.status_code == 201, decided.json()
