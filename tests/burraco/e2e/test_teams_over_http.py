"""A burraco teams tournament over real HTTP on PostgreSQL, from the
registration to the final standings (decision 0146).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (teams of four or more;
all'italiana: each team meets every other once), Art. 39 (lateness: the
bonus on the open room's sheet), Le tabelle (the team VP table: 155-350 is
11-9, 1305-1600 16-4, over 2500 20-0). A match's MP are the team's
difference in the open room plus its difference in the closed room
(decision 0069). Four teams, two matches a turn, three turns.
"""

from __future__ import annotations

import pytest

from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.support.players import register_players
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def room(fixed: int, mobile: int) -> list[dict[str, int]]:
    return [
        {
            "fixed_base": 0,
            "fixed_points": fixed,
            "mobile_base": 0,
            "mobile_points": mobile,
        }
    ]


def test_a_teams_tournament_from_registration_to_final_standings(
    server: Server,
) -> None:
    event = Burraco(server.url, pairs=0, form="teams", movement="italiana")
    for number in range(1, 5):
        r = event.staff.post(
            f"/api/v1/tournaments/{event.tid}/entries/",
            {"number": number, "player_ids": register_players(4)},
        )
        assert r.status_code == 201, r.json()
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    positions = event.director.get(event.base + "turns/1/positions/").json()[
        "positions"
    ]
    assert [(p["table"], p["fixed"], p["mobile"]) for p in positions] == [
        (1, 1, 4),
        (2, 2, 3),
    ]
    # A team match's sheet has both rooms.
    body = problem(event.post("turns/1/tables/1/sheet/", {"hands": room(300, 0)}), 422)
    assert (body["code"], body["field"], body["law"]) == (
        "invalid_sheet",
        "closed_hands",
        "Codice di Gara Art. 6",
    )
    event.ok(
        "turns/1/tables/1/sheet/", {"hands": room(300, 0), "closed_hands": room(0, 100)}
    )
    event.ok(
        "turns/1/tables/2/sheet/",
        {"hands": room(1000, 0), "closed_hands": room(600, 0)},
    )
    event.ok("turns/2/positions/")
    event.ok(
        "turns/2/tables/1/sheet/", {"hands": room(0, 0), "closed_hands": room(0, 0)}
    )
    event.ok(
        "turns/2/tables/2/sheet/", {"hands": room(0, 2600), "closed_hands": room(0, 0)}
    )
    event.ok("turns/3/positions/")
    positions = event.director.get(event.base + "turns/3/positions/").json()[
        "positions"
    ]
    assert [(p["table"], p["fixed"], p["mobile"]) for p in positions] == [
        (1, 1, 2),
        (2, 3, 4),
    ]
    # Team 4 three minutes late: 150 MP to team 3, on the open room's sheet.
    event.ok("turns/3/tables/2/lateness/", {"pair": 4, "seconds": 180})
    event.ok(
        "turns/3/tables/1/sheet/", {"hands": room(555, 0), "closed_hands": room(0, 0)}
    )
    event.ok(
        "turns/3/tables/2/sheet/", {"hands": room(0, 0), "closed_hands": room(805, 0)}
    )
    event.ok("standings/final/")
    results = event.read(event.director, "turns/3/results/").json()["results"]
    assert [
        (r["table"], r["fixed_mp"], r["mobile_mp"], r["fixed_vp"], r["mobile_vp"])
        for r in results
    ] == [(1, 555, 0, 13, 7), (2, 955, 0, 14, 6)]
    assert results[1]["closed_hands"] == room(805, 0)
    body = event.read(event.director, "standings/", after_turn=3).json()
    assert [(s["rank"], s["pair"], s["vp"], s["mp"]) for s in body["standings"]] == [
        (1, 2, 43, 3645),
        (2, 1, 34, 755),
        (3, 3, 28, -645),
        (4, 4, 15, -3755),
    ]
