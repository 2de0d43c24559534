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
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import pytest

from eventstore.store import event_store
from tests.support.pairs_event import client_for, project
from tests.support.players import register_players
from tournaments.models import MatchRow, StandingRow

pytestmark = pytest.mark.django_db

# round -> (board, [(winner or None, home, away), ...])
ROUNDS = {
    1: (1, [(2, 2, 1), (None, 3, 4)]),
    2: (8, [(1, 1, 3), (4, 4, 2)]),
    3: (11, [(None, 1, 4), (None, 2, 3)]),
}


# A result at one table: (contract, tricks) from the round, table and NS team.
Results = Callable[[int, int, int, int | None], tuple[str, int]]


def four_spades(
    _round: int, _table: int, ns: int, winner: int | None
) -> tuple[str, int]:
    """4S= for the winner (and in both rooms of a draw), 4S-1 for the loser."""
    return "4SN", 10 if winner is None or winner == ns else 9


def round_robin(
    scoring_name: str,
    *,
    tag: str,
    results: Results = four_spades,
    **creation: object,
) -> tuple[object, object, str]:
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
            **creation,
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    director, _ = client_for(f"{tag}td", chief_director={"tournament_id": tid})
    for team in range(1, 5):
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": team, "player_ids": register_players(4)},
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
    for number, (board, matches) in ROUNDS.items():
        for index, (winner, home, away) in enumerate(matches):
            for table, ns in ((2 * index + 1, home), (2 * index + 2, away)):
                contract, tricks = results(number, table, ns, winner)
                r = director.post(
                    f"/api/v1/tournaments/{tid}/sessions/1/results/",
                    {
                        "board_number": board,
                        "table": table,
                        "contract": contract,
                        "tricks": tricks,
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
    assert {
        (m.round, m.team_a, m.team_b): (m.points_a, m.points_b)
        for m in MatchRow.objects.filter(tournament_id=tid, round=1)
    } == {(1, 1, 2): (0, 470), (1, 3, 4): (420, 420)}
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


def test_level_on_imps_the_total_points_decide() -> None:
    """FIGB N-L78 §5(a)(3)-(4) and the mini-league for three or more: every
    match is drawn in IMPs, all four teams end on 30 VPs, so only the total
    points part them. In round 1 the open room makes 1NT+1 (120) with team 1
    North-South and the closed room 2S= (110) with team 2 North-South:
    10 points, 0 IMPs. Team 1 wins 960 points and loses 950 over its
    matches, team 2 the reverse; 3 and 4 win what they lose."""

    def results(
        round_: int, table: int, ns: int, winner: int | None
    ) -> tuple[str, int]:
        if round_ == 1 and table in (1, 2):
            return ("1NTN", 8) if ns == 1 else ("2SN", 8)
        return four_spades(round_, table, ns, None)

    staff, _, tid = round_robin("teams_imps_vp", tag="tt", results=results)
    match = MatchRow.objects.get(tournament_id=tid, round=1, team_a=1)
    assert (match.imps_a, match.imps_b, match.points_a, match.points_b) == (
        0,
        0,
        120,
        110,
    )
    overall = staff.get(f"/api/v1/tournaments/{tid}/standings/").json()["standings"]  # type: ignore[attr-defined]
    assert {Decimal(r["vp"]) for r in overall} == {Decimal(30)}
    ranks = {r["entry_number"]: (r["rank"], r["tied"]) for r in overall}
    assert ranks[1] == (1, False)
    assert ranks[2] == (4, False)
    assert ranks[3] == ranks[4] == (2, True)  # they win what they lose
    assert overall[0]["criterion"] == "mini-league total points"
