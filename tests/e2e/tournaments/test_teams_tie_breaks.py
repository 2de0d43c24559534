"""Team standings with the FIGB tie-breaks over the API (N-L78 §5, N-L8).

A four-team round robin in one session, one board a round on boards that
are not vulnerable (1, 8, 11). A win is 4S= (420) in one room against 4S-1
(-50) in the other: 470 points, 10 IMPs; a draw is 4S= in both rooms.
Round 1: 2 beats 1, 3-4 drawn; round 2: 1 beats 3, 4 beats 2; round 3:
1-4 and 2-3 drawn. Teams 1 and 2 both end on 30 VPs with the same IMPs won
and lost, so only the head-to-head IMPs, won by 2, can part them.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest

from eventstore.store import event_store
from tests.e2e.tournaments.test_pairs_event import client_for, project
from tournaments.models import MatchRow, StandingRow

pytestmark = pytest.mark.django_db

# round -> (board, [(winner or None, home, away), ...])
ROUNDS = {
    1: (1, [(2, 2, 1), (None, 3, 4)]),
    2: (8, [(1, 1, 3), (4, 4, 2)]),
    3: (11, [(None, 1, 4), (None, 2, 3)]),
}


def round_robin(scoring_name: str, *, tag: str) -> tuple[object, object, str]:
    staff, _ = client_for(f"{tag}staff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Girone all'italiana",
            "form": "teams",
            "scoring": scoring_name,
            "starts_at": now.isoformat(),
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    director, _ = client_for(f"{tag}td", chief_director={"tournament_id": tid})
    for team in range(1, 5):
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": team, "player_ids": [str(uuid.uuid4()) for _ in range(4)]},
            format="json",
        )
        assert r.status_code == 201, r.json()
    assignments = []
    for number, (board, matches) in ROUNDS.items():
        for index, (_, home, away) in enumerate(matches):
            first = 2 * index + 1
            assignments += [
                {"round": number, "table": first, "ns": home, "ew": away},
                {"round": number, "table": first + 1, "ns": away, "ew": home},
            ]
            for a in assignments[-2:]:
                a["boards"] = [board]
    r = staff.post(
        f"/api/v1/tournaments/{tid}/sessions/",
        {
            "session": 1,
            "movement": "explicit",
            "assignments": assignments,
            "starts_at": now.isoformat(),
            "ends_at": (now + timedelta(hours=3)).isoformat(),
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    for board, matches in ROUNDS.values():
        for index, (winner, home, away) in enumerate(matches):
            for table, ns in ((2 * index + 1, home), (2 * index + 2, away)):
                made = winner is None or winner == ns
                r = director.post(
                    f"/api/v1/tournaments/{tid}/sessions/1/results/",
                    {
                        "board_number": board,
                        "table": table,
                        "contract": "4SN",
                        "tricks": 10 if made else 9,
                    },
                    format="json",
                )
                assert r.status_code == 201, r.json()
    project()
    return staff, director, tid


def test_a_tie_on_vps_is_broken_by_head_to_head_imps() -> None:
    """FIGB N-L78 §5(a)(1): two teams level on VPs in a complete round robin
    rank by the IMPs of their own match; the plain VP order would share."""
    staff, _, tid = round_robin("teams_imps_vp", tag="tb")
    matches = {
        (m.round, m.team_a, m.team_b): (m.imps_a, m.imps_b)
        for m in MatchRow.objects.filter(tournament_id=tid)
    }
    assert matches == {
        (1, 1, 2): (0, 10),
        (1, 3, 4): (0, 0),
        (2, 1, 3): (10, 0),
        (2, 2, 4): (0, 10),
        (3, 1, 4): (0, 0),
        (3, 2, 3): (0, 0),
    }
    rows = {s.entry_number: s for s in StandingRow.objects.filter(tournament_id=tid)}
    assert rows[1].vp == rows[2].vp == Decimal(30)
    assert (rows[1].imps, rows[2].imps) == (0, 0)
    assert [rows[n].rank for n in (4, 2, 1, 3)] == [1, 2, 3, 4]
    assert not rows[1].tied
    assert not rows[2].tied
    session = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()  # type: ignore[attr-defined]
    assert [line["entry_number"] for line in session["standings"]] == [4, 2, 1, 3]
    overall = staff.get(f"/api/v1/tournaments/{tid}/standings/").json()["standings"]  # type: ignore[attr-defined]
    assert [(r["entry_number"], r["rank"], r["tied"]) for r in overall] == [
        (4, 1, False),
        (2, 2, False),
        (1, 3, False),
        (3, 4, False),
    ]
    assert overall[1]["criterion"] == overall[2]["criterion"] == "head-to-head IMPs"
    assert sum(Decimal(r["vp"]) for r in overall) == 120  # six matches


def test_vp_penalty_comes_off_and_reorders_the_overall_standings() -> None:
    """FIGB N-L8 §4: a VP penalty comes off the team's total (here 2 drops
    below 1, which no longer needs a tie-break); two warnings cost 1 VP
    (N-L8 §2)."""
    staff, director, tid = round_robin("teams_imps_vp", tag="tp")
    for entry, kind, unit, amount in (
        (2, "procedural", "vp", 1),
        (3, "warning", "none", 0),
        (3, "warning", "none", 0),
    ):
        r = director.post(  # type: ignore[attr-defined]
            f"/api/v1/tournaments/{tid}/sessions/1/penalties/",
            {
                "entry_number": entry,
                "kind": kind,
                "unit": unit,
                "amount": amount,
                "reason": "late arrival",
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
    project()
    overall = {
        r["entry_number"]: r
        for r in staff.get(f"/api/v1/tournaments/{tid}/standings/").json()[  # type: ignore[attr-defined]
            "standings"
        ]
    }
    assert Decimal(overall[2]["vp"]) == 29
    assert Decimal(overall[2]["vp_penalty"]) == 1
    assert (overall[1]["rank"], overall[2]["rank"]) == (2, 3)
    assert overall[1]["criterion"] == ""
    assert Decimal(overall[3]["vp_penalty"]) == 1  # two warnings
    session = {s.entry_number: s for s in StandingRow.objects.filter(tournament_id=tid)}
    assert session[2].vp == Decimal(29)
    assert session[2].penalty == Decimal(1)
