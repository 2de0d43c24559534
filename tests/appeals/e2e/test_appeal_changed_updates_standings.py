"""An appeal lodged in time, heard by the Chief Director and decided "changed":
the Law 12 adjusted score reaches the standings, which equal a rebuild."""

from __future__ import annotations

from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from eventstore.projections import ProjectionRunner
from tests.support.appeals import PAIRS, Event, project
from tournaments.projections import TournamentResults

pytestmark = pytest.mark.django_db


def test_changed_decision_adjusts_the_score_and_standings_equal_a_rebuild() -> None:
    """Law 93A: the Chief Director hears it; Law 12 score; FIGB §3: executive."""
    event = Event()
    project()
    before = event.standings()
    lodged = event.lodge()
    assert lodged.status_code == 201, lodged.json()
    appeal_id = lodged.json()["appeal_id"]
    file = event.file("north", appeal_id).json()
    assert file["status"] == "awaiting_concurrence"  # Law 92D1: South must concur
    assert file["missing_concurrence"] == [event.player("south")]
    again = event.lodge(by="south")  # one appeal per contestant and ruling
    assert again.status_code == 409
    assert again.json()["code"] == "appeal_exists"
    event.lodged_and_heard(appeal_id=appeal_id)

    decision = event.post(
        "chief",
        appeal_id,
        "decision/",
        {
            "outcome": "changed",
            "reasons": "pass was a logical alternative (Law 16B1)",
            "changed_points": ["judgement"],
            "adjusted_scores": [
                {"board_number": 1, "table": 1, "score": "A40/60", "law": "16B3"}
            ],
        },
    )
    assert decision.status_code == 201, decision.json()
    project()
    after = event.standings()
    assert after != before
    line = next(
        t
        for t in event.clients["chief"]  # not yet published: the director reads
        .get(f"/api/v1/tournaments/{event.tid}/sessions/1/boards/1/traveller/")
        .json()["results"]
        if t["table"] == 1
    )
    assert line["adjusted"] == "A40/60"
    assert Decimal(line["mp_ns"]) == Decimal("1.60")  # 40% of a top of 4
    assert Decimal(line["mp_ew"]) == Decimal("2.40")  # 60% of a top of 4
    # Pair 1 (NS) and pair 4 (EW) met at table 1 on board 1 only: each total
    # moves by exactly the change on that board.
    totals = {row[0]: row[1] for row in before[:PAIRS]}
    new_totals = {row[0]: row[1] for row in after[:PAIRS]}
    old_ns, old_ew = next(r[3:5] for r in before[PAIRS:] if r[:2] == (1, 1))
    assert new_totals[1] - totals[1] == Decimal("1.60") - old_ns
    assert new_totals[4] - totals[4] == Decimal("2.40") - old_ew

    # The standings are a pure function of the events: a rebuild gives the same.
    ProjectionRunner(TournamentResults()).rebuild()
    assert event.standings() == after
    # Running the policy again appends nothing more.
    project()
    assert event.standings() == after

    # Until the session is published its outcomes are its officials' (0214).
    url = f"/api/v1/tournaments/{event.tid}/appeals/"
    assert APIClient().get(url).json()["count"] == 0
    outcomes = event.clients["chief"].get(url).json()
    assert outcomes["count"] == 1
    [outcome] = outcomes["results"]
    assert outcome["outcome"] == "changed"
    assert outcome["status"] == "decided"
    assert outcome["adjusted_scores"] == [
        {"board_number": 1, "table": 1, "score": "A40/60"}
    ]
    assert "grounds" not in outcome  # the file is for the parties, not the public


def test_the_file_is_seen_by_parties_directors_and_staff_only() -> None:
    """Parties, directors and the committee see the file; others see outcomes."""
    event = Event()
    appeal_id = event.lodge().json()["appeal_id"]
    for who in ("north", "south", "east", "west", "chief", "assistant", "staff"):
        response = event.file(who, appeal_id)
        assert response.status_code == 200, (who, response.json())
    record = event.file("east", appeal_id).json()["record"]
    assert [r["type"] for r in record] == ["appeal.lodged"]
    assert event.file("outsider", appeal_id).status_code == 403
    assert APIClient().get(f"/api/v1/appeals/{appeal_id}/").status_code == 403
