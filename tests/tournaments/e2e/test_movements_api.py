"""Movements over the API (Law 8A): previewed before any session, and a Howell
scheduled, played and ranked as one field."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from tests.support.api_events import event_with_entries, schedule_session
from tests.support.pairs_event import project
from tournaments.models import MatchRow

pytestmark = pytest.mark.django_db


def preview(movement: str, **query: object) -> dict:
    r = APIClient().get(f"/api/v1/movements/{movement}/", query)
    assert r.status_code == 200, r.json()
    return r.json()


def test_a_howell_preview_meets_every_other_pair_once() -> None:
    howell = preview("howell", pairs=8, boards_per_round=2)
    assert (howell["rounds"], howell["tables"]) == (7, 4)
    assert howell["boards"] == list(range(1, 15))
    for pair in range(1, 9):
        card = howell["guide_cards"][str(pair)]
        assert sorted(line["opponent"] for line in card) == [
            p for p in range(1, 9) if p != pair
        ]
        boards = [b for line in card for b in line["boards"]]
        assert len(boards) == len(set(boards))  # no board twice (Law 15)


def test_a_mitchell_and_an_individual_preview() -> None:
    mitchell = preview("mitchell", pairs=10, boards_per_round=3)
    assert mitchell["tables"] == 5
    assert {a["ns"] for a in mitchell["assignments"]} == {1, 2, 3, 4, 5}
    whist = preview("individual", players=12, boards_per_round=2)
    assert (whist["rounds"], whist["tables"]) == (11, 3)
    partners = Counter(
        tuple(sorted((line["partner"], int(player))))
        for player, card in whist["guide_cards"].items()
        for line in card
    )
    assert set(partners.values()) == {2}  # each partnership seen from both sides
    assert len(partners) == 12 * 11 // 2


@pytest.mark.parametrize(
    ("movement", "query", "code", "law"),
    [
        ("rainbow", {"pairs": 8, "boards_per_round": 2}, "rule_violation", "Law 8"),
        ("howell", {"boards_per_round": 2}, "rule_violation", "Law 8"),
        ("howell", {"pairs": 99, "boards_per_round": 2}, "invalid_movement", "Law 8A"),
    ],
)
def test_a_movement_that_cannot_be_built_names_law_8(
    movement: str, query: dict, code: str, law: str
) -> None:
    r = APIClient().get(f"/api/v1/movements/{movement}/", query)
    assert r.status_code == 422, r.json()
    assert (r.json()["code"], r.json()["law"]) == (code, law)


def test_a_howell_session_is_scheduled_played_and_ranked_as_one_field() -> None:
    tid, staff, director = event_with_entries(
        "Howell del giovedì",
        form="pairs",
        scoring="matchpoints",
        entries=8,
        players_each=2,
    )
    r = schedule_session(staff, tid, 1, movement="howell", pairs=8, boards_per_round=2)
    assert r.status_code == 201, r.json()
    plan = preview("howell", pairs=8, boards_per_round=2)["assignments"]
    outcomes = [("4SN", 10), ("4SN", 11), ("3NTS", 9), ("2HE", 8)]
    for i, a in enumerate(plan):
        for board in a["boards"]:
            contract, tricks = outcomes[(i + board) % len(outcomes)]
            r = director.post(
                f"/api/v1/tournaments/{tid}/sessions/1/results/",
                {
                    "board_number": board,
                    "table": a["table"],
                    "contract": contract,
                    "tricks": tricks,
                },
                format="json",
            )
            assert r.status_code == 201, r.json()
    project()
    lines = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()[
        "standings"
    ]
    assert len(lines) == 8
    assert {line["direction"] for line in lines} == {
        ""
    }  # one field: pairs change sides
    assert sorted(line["rank"] for line in lines)[0] == 1
    # 14 boards, each played at 4 tables (top 6): everyone's total tops are 7 x 2 x 6.
    assert {line["top"] for line in lines} == {7 * 2 * 6}
    assert sum(Decimal(line["matchpoints"]) for line in lines) == 14 * 4 * 6


def test_a_round_robin_round_seats_each_match_in_two_rooms() -> None:
    """Berger tables; FIGB N-L4 §1: home team NS in the open room, EW in the
    closed room; with five teams one has the bye each round."""
    rounds = [
        preview("round_robin", pairs=5, boards_per_round=8, round_number=r, teams=True)
        for r in range(1, 6)
    ]
    met: Counter[tuple[int, int]] = Counter()
    byes = []
    for plan in rounds:
        tables = plan["assignments"]
        assert len(tables) == 4  # two matches, two rooms each
        for open_room, closed in zip(tables[0::2], tables[1::2], strict=True):
            assert (open_room["ns"], open_room["ew"]) == (closed["ew"], closed["ns"])
            assert open_room["boards"] == closed["boards"] == list(range(1, 9))
            met[tuple(sorted((open_room["ns"], open_room["ew"])))] += 1
        seated = {a["ns"] for a in tables}
        byes.extend(set(range(1, 6)) - seated)
    assert set(met.values()) == {1}
    assert len(met) == 10  # every two teams meet once
    assert sorted(byes) == [1, 2, 3, 4, 5]
    r = APIClient().get(
        "/api/v1/movements/round_robin/", {"pairs": 5, "boards_per_round": 8}
    )
    assert r.status_code == 422  # a session plays one round: which one


def test_a_round_robin_session_of_a_teams_event_scores_its_matches() -> None:
    tid, staff, director = event_with_entries(
        "Girone all'italiana",
        form="teams",
        scoring="teams_imps_vp",
        entries=4,
        players_each=4,
    )
    r = schedule_session(
        staff,
        tid,
        1,
        movement="round_robin",
        pairs=4,
        round_number=1,
        boards_per_round=2,
        hours=2,
    )
    assert r.status_code == 201, r.json()
    # Round 1 of the Berger table for four: 1-4 at tables 1-2, 2-3 at tables 3-4.
    for table in (1, 2, 3, 4):
        for board in (1, 2):
            contract, tricks = ("4SN", 10) if table % 2 or board == 2 else ("4SN", 9)
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
    matches = sorted(
        (m.team_a, m.team_b, m.imps_a, m.imps_b)
        for m in MatchRow.objects.filter(tournament_id=tid)
    )
    # Board 1: 420 in the open room, the closed room's NS (the away team) go one
    # down (+50 to the home team): 470 -> 10 IMPs to the home team in each match.
    assert matches == [(1, 4, 10, 0), (2, 3, 10, 0)]
