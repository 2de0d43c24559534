"""Overall standings of a two-session Mitchell pairs event over the API.

Law 78A and the conditions of contest: a Mitchell whose every session ranks
each direction apart has NS and EW winners overall too (decision 0055); one
session ranked as a single field makes the overall one field.

Both sessions: NS 1-3 stay, EW 4-6 move; every board is 420 at table 1, 450
at table 2 and 400 at table 3. NS 2 tops every board, NS 1 scores 50%, NS 3
zero; every EW pair meets each table twice and scores 50%.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from eventstore.store import event_store
from tests.support.pairs_event import client_for, project
from tests.support.players import register_players

pytestmark = pytest.mark.django_db


def two_sessions(tag: str, winners: tuple[str, str]) -> list[dict]:
    staff, _ = client_for(f"{tag}staff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    r = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Mitchell in due tempi",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": now.isoformat(),
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    director, _ = client_for(f"{tag}td", chief_director={"tournament_id": tid})
    for number in range(1, 7):
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": number, "player_ids": register_players(2)},
            format="json",
        )
        assert r.status_code == 201, r.json()
    for session, ranking in enumerate(winners, start=1):
        r = staff.post(
            f"/api/v1/tournaments/{tid}/sessions/",
            {
                "session": session,
                "movement": "mitchell",
                "pairs": 6,
                "boards_per_round": 2,
                "winners": ranking,
                "starts_at": now.isoformat(),
                "ends_at": (now + timedelta(hours=3)).isoformat(),
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
        for board in range(1, 7):
            for table, (contract, tricks) in enumerate(
                (("4SN", 10), ("4SN", 11), ("3NTS", 9)), start=1
            ):
                r = director.post(
                    f"/api/v1/tournaments/{tid}/sessions/{session}/results/",
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
    response = director.get(f"/api/v1/tournaments/{tid}/standings/")
    return response.json()["standings"]


def test_mitchell_sessions_ranked_by_direction_give_two_overall_fields() -> None:
    """Every session ranks NS and EW apart: so does the overall standing."""
    overall = {r["entry_number"]: r for r in two_sessions("mo", ("auto", "auto"))}
    assert {n: overall[n]["direction"] for n in overall} == {
        1: "NS",
        2: "NS",
        3: "NS",
        4: "EW",
        5: "EW",
        6: "EW",
    }
    assert [overall[n]["rank"] for n in (2, 1, 3)] == [1, 2, 3]
    assert all(overall[n]["rank"] == 1 for n in (4, 5, 6))
    assert all(overall[n]["tied"] for n in (4, 5, 6))
    assert overall[2]["percent"] == "100.00"


def test_one_session_ranked_as_one_field_makes_the_overall_one_field() -> None:
    """A session ranked as a single field: the overall is one field too, and
    NS 1 shares second place with the three EW pairs at 50%."""
    overall = {r["entry_number"]: r for r in two_sessions("mf", ("auto", "one"))}
    assert {r["direction"] for r in overall.values()} == {""}
    assert overall[2]["rank"] == 1
    assert [overall[n]["rank"] for n in (1, 4, 5, 6)] == [2, 2, 2, 2]
    assert all(overall[n]["tied"] for n in (1, 4, 5, 6))
    assert overall[3]["rank"] == 6
