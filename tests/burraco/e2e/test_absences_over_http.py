"""Absences, substitutions and an interruption over real HTTP on PostgreSQL
(decision 0146).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 38 (one substitution a
pair before half the turns, by a registered player new to the tournament;
an absent pair 7 VP with the equivalent MP for three turns, 0 from the
fourth), Art. 39 (the side present wins 14-6 +305 with two hands), Art. 40
(interrupted after more than half the turns: prizes on the last standings
shown). Six pairs, three tables, three Mitchell turns.
"""

from __future__ import annotations

import uuid

import pytest

from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.support.http import HttpClient
from tests.support.players import register_players
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def one(fixed: int, mobile: int = 0) -> dict[str, int]:
    return {
        "fixed_base": 0,
        "fixed_points": fixed,
        "mobile_base": 0,
        "mobile_points": mobile,
    }


def test_absences_a_substitution_and_an_interruption(server: Server) -> None:
    event = Burraco(server.url)
    anonymous = HttpClient(server.url)
    newcomer = register_players(1)[0]
    swap = {"pair": 1, "player_out": event.players[1][0], "player_in": newcomer}
    event.ok("substitutions/", swap)
    body = problem(
        event.post("substitutions/", {**swap, "player_in": register_players(1)[0]}), 409
    )
    assert (body["code"], body["law"]) == (
        "substitution_not_allowed",
        "Codice di Gara Art. 38",
    )
    # A player who played (or entered) already, and one not on the register.
    body = problem(
        event.post(
            "substitutions/",
            {"pair": 2, "player_out": event.players[2][0], "player_in": newcomer},
        ),
        409,
    )
    assert body["code"] == "substitution_not_allowed"
    body = problem(
        event.post(
            "substitutions/",
            {
                "pair": 2,
                "player_out": event.players[2][0],
                "player_in": str(uuid.uuid4()),
            },
        ),
        422,
    )
    assert body["code"] == "unknown_player"
    detail = anonymous.get(event.base).json()
    assert detail["substitutions"] == [
        {"pair": 1, "player_out": event.players[1][0], "player_in": newcomer}
    ]

    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    event.ok("turns/1/tables/1/absence/", {"pair": 4})
    body = problem(event.sheet(1, 1, one(100)), 409)
    assert body["code"] == "sheet_already_entered"
    body = problem(event.post("turns/1/tables/2/absence/", {"pair": 4}), 422)
    assert (body["code"], body["law"]) == ("unknown_table", "Codice di Gara Art. 38")
    assert event.sheet(1, 2, one(100)).status_code == 201
    assert event.sheet(1, 3, one(0, 45)).status_code == 201
    event.ok("turns/2/positions/")
    # Turn 2: 1-6, 2-4, 3-5; pair 4 absent again (its second: 7 VP again).
    event.ok("turns/2/tables/2/absence/", {"pair": 4})
    assert event.sheet(2, 1, one(0)).status_code == 201
    assert event.sheet(2, 3, one(1005)).status_code == 201
    results = event.read(event.director, "turns/1/results/").json()["results"]
    assert [
        (r["table"], r["fixed_vp"], r["mobile_vp"], r["difference"], r["awarded"])
        for r in results
    ] == [(1, 14, 7, 305, True), (2, 11, 9, 100, False), (3, 9, 11, -45, False)]
    # Two turns of three played: no substitution now (Art. 38).
    body = problem(
        event.post(
            "substitutions/",
            {
                "pair": 2,
                "player_out": event.players[2][0],
                "player_in": register_players(1)[0],
            },
        ),
        409,
    )
    assert (body["code"], body["law"]) == (
        "substitution_not_allowed",
        "Codice di Gara Art. 38",
    )

    # Art. 38: pair 5 leaves after turn 2; asked twice, refused.
    event.ok("abandonments/", {"pair": 5, "reason": "illness"})
    body = problem(event.post("abandonments/", {"pair": 5, "reason": "again"}), 409)
    assert (body["code"], body["law"]) == (
        "sheet_already_entered",
        "Codice di Gara Art. 38",
    )
    assert anonymous.get(event.base).json()["abandoned"] == [5]
    event.ok("interruption/", {"reason": "blackout"})
    detail = anonymous.get(event.base).json()
    assert detail["interrupted"] == {
        "completed_turns": 2,
        "prizes": True,
        "standings_after": 1,
        "reason": "blackout",
    }
    body = problem(event.post("turns/3/positions/"), 409)
    assert (body["code"], body["law"]) == (
        "tournament_interrupted",
        "Codice di Gara Art. 40",
    )
    body = event.read(event.director, "standings/", after_turn=2).json()
    assert [(s["rank"], s["pair"], s["vp"], s["mp"]) for s in body["standings"]] == [
        (1, 3, 29, 960),
        (2, 2, 25, 405),
        (3, 1, 24, 305),
        (4, 6, 21, 45),
        (5, 4, 14, -410),
        (6, 5, 9, -1105),
    ]
