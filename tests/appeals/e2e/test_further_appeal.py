"""Further appeal to the national body (Law 93C1; FIGB N-L92-93 §4-§6)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from eventstore.deadlines import sweep
from eventstore.models import Deadline
from eventstore.store import event_store
from tests.support.appeals import Event, project
from tournaments.models import ResultRow

pytestmark = pytest.mark.django_db
FIGB_4 = "Norme integrative FIGB Art. 92-93 §4"


def decided(event: Event) -> str:
    appeal_id = event.lodged_and_heard()
    event.ok(
        event.post(
            "chief", appeal_id, "decision/", {"outcome": "upheld", "reasons": "stands"}
        )
    )
    return appeal_id


def test_further_appeal_needs_the_pre_notice_and_a_technical_error_to_change() -> None:
    """FIGB §4: pre-notice, filing, and no change of result without §5's error."""
    event = Event()
    appeal_id = decided(event)
    north = event.player("north")
    early = event.post(
        "north", appeal_id, "further-appeal/", {"player_id": north, "grounds": "x"}
    )
    assert early.status_code == 422
    assert early.json()["code"] == "further_appeal_inadmissible"
    assert early.json()["law"] == FIGB_4

    event.ok(
        event.post("north", appeal_id, "further-appeal/notice/", {"player_id": north})
    )
    filed = event.post(
        "north",
        appeal_id,
        "further-appeal/",
        {"player_id": north, "grounds": "the chief director misread Law 16B"},
    )
    assert filed.status_code == 201, filed.json()
    assert Deadline.objects.get(kind="further_appeal").status == "cancelled"

    score = [{"board_number": 1, "table": 1, "score": "A40/60"}]
    # Only federation staff sit for the national body.
    chief = event.post(
        "chief",
        appeal_id,
        "further-appeal/decision/",
        {"outcome": "changed", "reasons": "x"},
    )
    assert chief.status_code == 403
    refused = event.post(
        "staff",
        appeal_id,
        "further-appeal/decision/",
        {
            "outcome": "changed",
            "reasons": "Law 16B misapplied",
            "adjusted_scores": score,
        },
    )
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["law"]) == (
        "no_technical_error",
        FIGB_4,
    )

    event.ok(
        event.post(
            "assistant",
            appeal_id,
            "reports/",
            {
                "text": "I misjudged the logical alternatives: pass was one",
                "supplementary": True,
                "admits_technical_error": True,
            },
        )
    )
    national = event.post(
        "staff",
        appeal_id,
        "further-appeal/decision/",
        {
            "outcome": "changed",
            "reasons": "technical error admitted",
            "adjusted_scores": score,
        },
    )
    assert national.status_code == 201, national.json()
    project()
    file = event.file("north", appeal_id).json()
    assert file["status"] == "final"
    assert file["national_decision"]["technical_error"] is True
    row = ResultRow.objects.get(tournament_id=event.tid, board_number=1, table=1)
    assert row.adjusted == "A40/60"
    assert row.mp_ns == Decimal("1.60")
    late = event.post(
        "staff",
        appeal_id,
        "further-appeal/decision/",
        {"outcome": "upheld", "reasons": "x"},
    )
    assert late.status_code == 409  # final: FIGB §6


def test_without_a_pre_notice_the_decision_becomes_final_when_its_period_ends() -> None:
    """FIGB §4, §6: the sweeper closes the pre-notice period once; final."""
    event = Event()
    appeal_id = decided(event)
    Deadline.objects.filter(kind="prenotice").update(due_at=event_store().now())
    assert sweep() == 1
    assert sweep() == 0
    assert event.file("north", appeal_id).json()["status"] == "final"
    late = event.post(
        "north",
        appeal_id,
        "further-appeal/notice/",
        {"player_id": event.player("north")},
    )
    assert late.status_code == 409
    assert (late.json()["code"], late.json()["law"]) == (
        "further_appeal_period_closed",
        FIGB_4,
    )
