"""The event's VP scale over the API, on PostgreSQL (Law 78D; FIGB N-L78 §1,
N-L8 §3; decision 0218): the teams matches, the overall standings and a
knockout's lateness IMPs all use the 25-0 tables the event names.

The tables here are the organizer's, loaded as data (the published ones are
not in our sources): 15-15 for a draw (N-L78 §1 with N-L5).
"""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

import pytest

from eventstore.store import event_store
from tests.support.pairs_event import client_for, project
from tests.tournaments.e2e.test_knockout_event import knockout_event, schedule_stage
from tests.tournaments.e2e.test_teams_tie_breaks import round_robin
from tournaments.domain import tournament
from tournaments.models import MatchRow, StandingRow

pytestmark = pytest.mark.django_db

ONE_BOARD = ((0, 15, 15), (2, 17, 13), (5, 20, 10), (9, 23, 7), (12, 25, 5))
TWO_BOARDS = (
    (0, 15, 15),
    (2, 16, 14),
    (5, 17, 13),
    (8, 18, 12),
    (11, 19, 11),
    (14, 20, 10),
)


def scale(**tables: tuple[tuple[int, int, int], ...]) -> dict[str, Any]:
    return {
        "vp_scale": {
            "kind": "tables",
            "name": "25-0",
            "tables": [
                {
                    "boards": int(boards.removeprefix("b")),
                    "bands": [
                        {"margin": m, "winner": w, "loser": lo} for m, w, lo in rows
                    ],
                }
                for boards, rows in tables.items()
            ],
        }
    }


def test_the_matches_and_the_standings_are_on_the_events_25_scale() -> None:
    """Law 78D: a 10-IMP win of a one-board match is 23-7 on the event's
    table, a 0-0 draw 15-15 (not the WBF scale's 10-10)."""
    staff, _, tid = round_robin(
        "teams_imps_vp", tag="vp25", scoring_rules=scale(b1=ONE_BOARD)
    )
    project()
    figures = {10: (Decimal(23), Decimal(7)), 0: (Decimal(15), Decimal(15))}
    totals: dict[int, Decimal] = {}
    rows = list(MatchRow.objects.filter(tournament_id=tid))
    assert len(rows) == 6
    for m in rows:
        margin = m.imps_a - m.imps_b
        won, lost = figures[abs(margin)]
        assert (m.vp_a, m.vp_b) == ((won, lost) if margin >= 0 else (lost, won))
        totals[m.team_a] = totals.get(m.team_a, Decimal(0)) + m.vp_a
        totals[m.team_b] = totals.get(m.team_b, Decimal(0)) + m.vp_b
    overall = staff.get(f"/api/v1/tournaments/{tid}/standings/").json()["standings"]  # type: ignore[attr-defined]
    assert {r["entry_number"]: Decimal(r["vp"]) for r in overall} == totals
    assert StandingRow.objects.filter(tournament_id=tid).exists()


def test_a_knockout_teams_lateness_costs_the_imps_of_its_vps_on_the_scale() -> None:
    """N-L8 §3: 12 minutes late is 2 VP (10,01-15), in a knockout "il numero
    di M.P. minimi necessari" for 17 VP on the event's 25-0 table for the
    two-board match: 5 IMPs (3 on the WBF 20-VP scale, the one used before)."""
    tid, _, director = knockout_event(4, scoring_rules=scale(b2=TWO_BOARDS))
    assert schedule_stage(director, tid, 1).status_code == 201
    late = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/lateness/",
        {"entry_number": 4, "minutes_late": "12"},
        format="json",
    )
    assert late.status_code == 201, late.json()
    stream = event_store().read_stream(tournament.stream_id(uuid.UUID(tid)))
    [fact] = [
        e for e in stream.domain_events if isinstance(e, tournament.LatenessRecorded)
    ]
    assert (fact.vp, fact.imps) == (0, 5)  # the VPs become IMPs
    [penalty] = [
        e
        for e in stream.domain_events
        if isinstance(e, tournament.PenaltyImposed) and e.entry_number == 4
    ]
    assert (penalty.unit, penalty.amount) == ("imps", 5)


def test_a_scale_that_is_not_a_vp_scale_is_refused_naming_law_78d() -> None:
    """Law 78D: checked when the event is created; nothing is recorded."""
    bad = scale(b1=((0, 15, 14), (3, 16, 14)))
    staff_tid = str(uuid.uuid4())
    staff, _ = client_for("vpbad-staff", federation_staff={})
    refused = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": staff_tid,
            "name": "Scala sbagliata",
            "form": "teams",
            "scoring": "teams_imps_vp",
            "starts_at": event_store().now().isoformat(),
            "scoring_rules": bad,
        },
        format="json",
    )
    assert refused.status_code == 422
    body = refused.json()
    assert (body["code"], body["law"], body["field"]) == (
        "invalid_victory_point_scale",
        "Law 78D",
        "scoring_rules.vp_scale",
    )
    assert body["detail"] == "the 1-board table starts with a draw at 0 IMPs"
    assert (
        event_store().read_stream(tournament.stream_id(uuid.UUID(staff_tid))).events
        == ()
    )
