"""Movements over the API (Law 8A): previewed before any session, and a Howell
scheduled, played and ranked as one field."""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import timedelta
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from eventstore.store import event_store
from tests.e2e.tournaments.test_pairs_event import client_for, project

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
    ("movement", "query"),
    [
        ("rainbow", {"pairs": 8, "boards_per_round": 2}),
        ("howell", {"boards_per_round": 2}),
        ("howell", {"pairs": 99, "boards_per_round": 2}),
    ],
)
def test_a_movement_that_cannot_be_built_names_law_8(
    movement: str, query: dict
) -> None:
    r = APIClient().get(f"/api/v1/movements/{movement}/", query)
    assert r.status_code == 422, r.json()
    assert r.json()["law"].startswith("Law 8")


def test_a_howell_session_is_scheduled_played_and_ranked_as_one_field() -> None:
    staff, _ = client_for("hstaff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Howell del giovedì",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
        },
        format="json",
    )
    assert r.status_code == 201
    director, _ = client_for("htd", chief_director={"tournament_id": tid})
    for number in range(1, 9):
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": number, "player_ids": [str(uuid.uuid4()), str(uuid.uuid4())]},
            format="json",
        )
        assert r.status_code == 201
    r = staff.post(
        f"/api/v1/tournaments/{tid}/sessions/",
        {
            "session": 1,
            "movement": "howell",
            "pairs": 8,
            "boards_per_round": 2,
            "starts_at": (now - timedelta(hours=2)).isoformat(),
            "ends_at": (now + timedelta(hours=1)).isoformat(),
        },
        format="json",
    )
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
