"""Burraco individual and giallo tournaments, and the 800-MP rule, over real
HTTP on PostgreSQL, from the registration to the final standings
(decisions 0173-0175).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (individual, "uno contro
uno": each player registers singly and meets a new opponent every turn;
giallo: each player registers singly and changes partner every turn; the
first turn formed by the director's method), Art. 20 (corrections before the
next positions; the final standings checked, then final), Art. 39
(lateness), I poteri dell'arbitro (g) (the 800-MP monitoring of group A),
Le tabelle (2-hand VP: 45-120 11-9, 125-200 12-8, 205-300 13-7, 305-400
14-6, 405-500 15-5, 875-1000 19-1).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

import pytest

from eventstore.deadlines import sweep
from eventstore.store import EventStore, event_store
from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.burraco.e2e.test_scoring_room_exam_over_http import members, raw_post
from tests.support.http import HttpClient
from tests.support.players import register_players
from tests.support.server import Server

SECOND = timedelta(seconds=1)
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def points(fixed: int, mobile: int) -> dict[str, int]:
    return {
        "fixed_base": 0,
        "fixed_points": fixed,
        "mobile_base": 0,
        "mobile_points": mobile,
    }


def seats(client: HttpClient, event: Burraco, turn: int) -> list[tuple[Any, ...]]:
    body = client.get(event.base + f"turns/{turn}/positions/").json()
    return [
        (p["table"], *p["fixed_players"], *p["mobile_players"])
        for p in body["positions"]
    ]


def ranking(event: Burraco, client: HttpClient, after: int) -> list[tuple[Any, ...]]:
    body = event.read(client, "standings/", after_turn=after).json()
    return [
        (s["rank"], s["pair"], s["vp"], s["deduction"], s["mp"])
        for s in body["standings"]
    ]


def finish(event: Burraco, monkeypatch: pytest.MonkeyPatch) -> None:
    """The final standings shown, their check passed: the sweep closes it."""
    event.ok("standings/final/")
    deadline = datetime.fromisoformat(
        event.director.get(event.base).json()["check_deadline"]
    )
    # The check holds its last instant (decision 0218): a second after it.
    monkeypatch.setattr(EventStore, "now", lambda self: deadline + SECOND)
    assert sweep() == 1
    monkeypatch.undo()


def test_an_individual_tournament_from_the_import_to_final_standings(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = Burraco(server.url, pairs=0, form="individual", mitchell_turns=1)
    anonymous = HttpClient(server.url)
    detail = anonymous.get(event.base).json()
    assert (detail["form"], detail["category"], detail["turn_minutes"]) == (
        "individual",
        "club",
        25,
    )
    # Six players from the organiser's file, one a row, with their clubs.
    numbers = members(7)
    clubs = ["Circolo Roma", "Circolo Roma", "Circolo Milano", "", "circolo roma"]
    clubs.append("Circolo Milano")
    rows = "".join(
        f"{n},{numbers[n - 1]},Lazio,RM,{clubs[n - 1]}\n" for n in range(1, 7)
    )
    csv = ("entry,member_1,region,province,club\n" + rows).encode()
    r = raw_post(event.director, event.base + "entries/import/", csv, "text/csv")
    assert r.status_code == 201, r.json()
    assert r.json()["entered"] == 6
    assert anonymous.get(event.base).json()["origins"] == 6
    # An individual entry is one player.
    r = event.staff.post(
        f"/api/v1/tournaments/{event.tid}/entries/",
        {"number": 7, "player_ids": register_players(2)},
    )
    body = problem(r, 422)
    assert body["code"] == "entry_conflict"
    assert "1 players, not 2" in body["detail"]

    # The director keeps each club's players on one Mitchell line: they
    # never meet in the Mitchell turn.
    event.ok("lines/", {"separate_by": "club"})
    detail = anonymous.get(event.base).json()
    assert (detail["fixed"], detail["mobile"]) == ([1, 2, 5], [3, 4, 6])
    event.ok("turns/1/positions/")
    assert seats(anonymous, event, 1) == [(1, 1, 3), (2, 2, 4), (3, 5, 6)]
    event.ok("turns/1/tables/1/sheet/", {"hands": [points(300, 0)]})  # 13-7
    event.ok("turns/1/tables/2/sheet/", {"hands": [points(0, 500)]})  # 5-15
    event.ok("turns/1/tables/3/sheet/", {"hands": [points(0, 0)]})
    # Art. 20: corrected with the opponent's confirmation before turn 2.
    event.ok(
        "turns/1/tables/3/corrections/",
        {"hands": [points(125, 0)], "opponents_confirmed": True},
    )  # 12-8
    event.ok("turns/2/positions/")
    assert ranking(event, anonymous, 1) == [
        (1, 4, 15, 0, 500),
        (2, 1, 13, 0, 300),
        (3, 5, 12, 0, 125),
        (4, 6, 8, 0, -125),
        (5, 3, 7, 0, -300),
        (6, 2, 5, 0, -500),
    ]
    # Danese with a new opponent (Art. 2): the puro would seat 5 against 6
    # again; 5 meets 3 and 6 meets 2.
    assert seats(anonymous, event, 2) == [(1, 4, 1), (2, 5, 3), (3, 6, 2)]
    body = problem(
        event.post(
            "turns/1/tables/3/corrections/",
            {
                "hands": [points(0, 0)],
                "opponents_confirmed": True,
            },
        ),
        409,
    )
    assert (body["code"], body["law"]) == (
        "correction_window_closed",
        "Codice di Gara Art. 20",
    )
    event.ok("turns/2/tables/1/sheet/", {"hands": [points(0, 0)]})
    event.ok("turns/2/tables/2/sheet/", {"hands": [points(1000, 0)]})  # 19-1
    # Art. 19: a sheet signed by no player of a pair is refused; one left on
    # the table warns the winner who had to hand it in (player 2, 11-9).
    body = problem(
        event.post(
            "turns/2/tables/3/sheet/",
            {"hands": [points(0, 45)], "countersigned": False},
        ),
        422,
    )
    assert (body["field"], body["law"]) == ("countersigned", "Codice di Gara Art. 19")
    event.ok(
        "turns/2/tables/3/sheet/", {"hands": [points(0, 45)], "delivered": False}
    )  # 9-11
    event.ok("turns/3/positions/")
    assert seats(anonymous, event, 3) == [(1, 5, 4), (2, 1, 6), (3, 2, 3)]
    # Player 6: a warning, then late by a minute: the second costs a VP.
    event.ok("warnings/", {"pair": 6, "turn": 1, "article": 19, "reason": "score"})
    # Art. 6: the director's signal starts the 25 minutes; the clock is the
    # directors' (players may not ask the time left).
    event.ok("turns/3/start/")
    clock = event.director.get(event.base).json()["clock"]
    started = datetime.fromisoformat(clock["started_at"])
    assert datetime.fromisoformat(clock["ends_at"]) - started == timedelta(minutes=25)
    assert anonymous.get(event.base).json()["clock"] is None
    body = problem(event.post("turns/3/start/"), 409)
    assert (body["code"], body["law"]) == ("turn_not_current", "Codice di Gara Art. 6")
    # Player 6 sits down a minute after the signal: timed by the clock.
    server.pin(started + timedelta(seconds=60))
    try:
        event.ok("turns/3/tables/2/lateness/", {"pair": 6})
    finally:
        server.pin(None)
    event.ok("warnings/", {"pair": 2, "turn": 3, "article": 4, "reason": "shuffle"})
    event.ok("turns/3/tables/1/sheet/", {"hands": [points(205, 0)]})  # 13-7
    event.ok("turns/3/tables/2/sheet/", {"hands": [points(0, 0)]})
    event.ok("turns/3/tables/3/sheet/", {"hands": [points(0, 305)]})  # 6-14
    finish(event, monkeypatch)
    final = ranking(event, anonymous, 3)
    assert final == [
        (1, 5, 44, 0, 1330),
        (2, 1, 33, 0, 300),
        (3, 4, 32, 0, 295),
        (4, 6, 26, 1, -170),
        (5, 3, 22, 0, -995),
        (6, 2, 21, 1, -760),
    ]
    lines = event.read(anonymous, "standings.csv").content.decode().splitlines()
    assert lines[1:3] == ["1,0,5,44,44,0,1330,3,", "2,0,1,33,33,0,300,3,"]


def test_a_giallo_tournament_from_registration_to_final_standings(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = Burraco(server.url, pairs=0, form="giallo")
    anonymous = HttpClient(server.url)
    for number in range(1, 9):
        event.players[number] = register_players(1)
        r = event.staff.post(
            f"/api/v1/tournaments/{event.tid}/entries/",
            {"number": number, "player_ids": event.players[number]},
        )
        assert r.status_code == 201, r.json()
    # A giallo changes partners: no all'italiana calendar.
    r = event.staff.post(
        "/api/v1/burraco/tournaments/",
        {
            "name": "Giallo",
            "starts_at": event_store().now().isoformat(),
            "hands_per_turn": 2,
            "turns": 3,
            "form": "giallo",
            "movement": "italiana",
        },
    )
    body = problem(r, 422)
    assert (body["field"], body["law"]) == ("movement", "Codice di Gara Art. 2")

    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    # Registration order: the 1st with the 4th against the 2nd with the 3rd.
    assert seats(anonymous, event, 1) == [(1, 1, 4, 2, 3), (2, 5, 8, 6, 7)]
    event.ok("turns/1/tables/1/sheet/", {"hands": [points(300, 0)]})  # 13-7
    event.ok("turns/1/tables/2/sheet/", {"hands": [points(0, 45)]})  # 9-11
    event.ok("turns/2/positions/")
    assert ranking(event, anonymous, 1) == [
        (1, 1, 13, 0, 300),
        (1, 4, 13, 0, 300),
        (3, 6, 11, 0, 45),
        (3, 7, 11, 0, 45),
        (5, 5, 9, 0, -45),
        (5, 8, 9, 0, -45),
        (7, 2, 7, 0, -300),
        (7, 3, 7, 0, -300),
    ]
    # Each four from the standings, none with his partner of turn 1.
    assert seats(anonymous, event, 2) == [(1, 1, 7, 4, 6), (2, 5, 3, 8, 2)]
    # Player 7 three minutes late: his line gives 150 MP to 4 and 6.
    event.ok("turns/2/tables/1/lateness/", {"pair": 7, "seconds": 180})
    event.ok("turns/2/tables/1/sheet/", {"hands": [points(0, 0)]})  # 8-12
    event.ok("turns/2/tables/2/sheet/", {"hands": [points(500, 0)]})  # 15-5
    event.ok("turns/3/positions/")
    assert seats(anonymous, event, 3) == [(1, 4, 3, 5, 6), (2, 1, 2, 7, 8)]
    printed = anonymous.get(event.base + "turns/3/positions.csv").content.decode()
    assert printed.splitlines() == [
        "table,group,fixed,fixed_partner,mobile,mobile_partner",
        "1,,4,3,5,6",
        "2,,1,2,7,8",
    ]
    event.ok("turns/3/tables/1/sheet/", {"hands": [points(0, 1000)]})  # 1-19
    event.ok("turns/3/tables/2/sheet/", {"hands": [points(0, 0)]})
    # Before the final standings a player sees his own table only.
    own = event.read(event.player(3), "turns/3/results/").json()["results"]
    assert [(r["table"], r["fixed_players"], r["mobile_players"]) for r in own] == [
        (1, [4, 3], [5, 6])
    ]
    finish(event, monkeypatch)
    final = ranking(event, anonymous, 3)
    assert final == [
        (1, 5, 43, 0, 1455),
        (2, 6, 42, 0, 1195),
        (3, 1, 31, 0, 150),
        (4, 7, 29, 0, -105),
        (5, 4, 26, 0, -550),
        (6, 8, 24, 0, -545),
        (7, 3, 23, 0, -800),
        (8, 2, 22, 0, -800),
    ]
    assert sum(line[2] for line in final) == 2 * 20 * 2 * 3  # two players a line


def test_a_giallo_absence_and_abandonment_over_http(server: Server) -> None:
    """Art. 38 in a giallo (decision 0187): the absent player's line takes
    7 VP -205, the opponents and his partner of the turn 14 +305; a player
    who abandons stays in the draw, his line of the next turn loses 0 -305,
    his partner there takes 14 +305."""
    event = Burraco(server.url, pairs=0, form="giallo")
    anonymous = HttpClient(server.url)
    for number in range(1, 9):
        event.players[number] = register_players(1)
        r = event.staff.post(
            f"/api/v1/tournaments/{event.tid}/entries/",
            {"number": number, "player_ids": event.players[number]},
        )
        assert r.status_code == 201, r.json()
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    assert seats(anonymous, event, 1) == [(1, 1, 4, 2, 3), (2, 5, 8, 6, 7)]
    # A player who sits at another table is named with the rule.
    body = problem(event.post("turns/1/tables/2/absence/", {"pair": 3}), 422)
    assert body["law"] == "Codice di Gara Art. 38"
    event.ok("turns/1/tables/1/absence/", {"pair": 3})
    body = problem(event.post("turns/1/tables/1/absence/", {"pair": 2}), 409)
    assert body["law"] == "Codice di Gara Art. 38"
    event.ok("turns/1/tables/2/sheet/", {"hands": [points(0, 45)]})  # 9-11
    event.ok("abandonments/", {"pair": 5, "reason": "unwell"})
    event.ok("turns/2/positions/")
    assert ranking(event, anonymous, 1) == [
        (1, 1, 14, 0, 305),
        (1, 2, 14, 0, 305),  # 3's partner: the present side's score
        (1, 4, 14, 0, 305),
        (4, 6, 11, 0, 45),
        (4, 7, 11, 0, 45),
        (6, 5, 9, 0, -45),
        (6, 8, 9, 0, -45),
        (8, 3, 7, 0, -205),
    ]
    assert seats(anonymous, event, 2) == [(1, 1, 6, 2, 4), (2, 7, 8, 5, 3)]
    event.ok("turns/2/tables/1/sheet/", {"hands": [points(0, 0)]})  # 10-10
    event.ok("turns/3/positions/")
    assert ranking(event, anonymous, 2) == [
        (1, 7, 25, 0, 350),
        (2, 1, 24, 0, 305),
        (2, 2, 24, 0, 305),
        (2, 4, 24, 0, 305),
        (5, 8, 23, 0, 260),
        (6, 3, 21, 0, 100),  # 5's partner: 14 +305
        (7, 6, 21, 0, 45),
        (8, 5, 9, 0, -350),
    ]


def test_the_800_mp_rule_at_a_national_event_over_http(server: Server) -> None:
    event = Burraco(
        server.url,
        pairs=8,
        turns=2,
        split_after=1,
        mitchell_turns=1,
        category="national",
        monitoring_800=True,
    )
    # A club event may not announce it.
    r = event.staff.post(
        "/api/v1/burraco/tournaments/",
        {
            "name": "Club",
            "starts_at": event_store().now().isoformat(),
            "hands_per_turn": 2,
            "turns": 2,
            "split_after": 1,
            "mitchell_turns": 1,
            "monitoring_800": True,
        },
    )
    body = problem(r, 422)
    assert (body["field"], body["law"]) == (
        "monitoring_800",
        "Codice di Gara, I poteri dell'arbitro (g)",
    )
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    for table, fixed in ((1, 1000), (2, 500), (3, 0), (4, 0)):
        event.ok(f"turns/1/tables/{table}/sheet/", {"hands": [points(fixed, 0)]})
    event.ok("standings/provisional/")
    deadline = event.director.get(event.base).json()["provisional_check_deadline"]
    # After the check, whose last instant is still in it (decision 0218).
    server.pin(datetime.fromisoformat(deadline) + SECOND)
    try:
        event.ok("groups/", {})
    finally:
        server.pin(None)
    assert event.director.get(event.base).json()["groups"] == {
        "A": [1, 2, 3, 4],
        "B": [7, 8, 6, 5],
    }
    event.ok("turns/2/positions/")
    # Group A, table 1 (1 v 2): 900 MP after the second hand, the director
    # not called: annulled, 19-1 capped to 7-1 (Poteri g).
    event.ok("turns/2/tables/1/sheet/", {"hands": [points(500, 0), points(400, 0)]})
    # Table 2 (3 v 4) called him: the score stands, flagged.
    event.ok(
        "turns/2/tables/2/sheet/",
        {"hands": [points(900, 0)], "director_called": True},
    )
    # Group B is not watched.
    event.ok("turns/2/tables/3/sheet/", {"hands": [points(900, 0)]})
    results = event.read(event.director, "turns/2/results/").json()["results"]
    assert [
        (
            r["table"],
            r["awarded"],
            r["fixed_vp"],
            r["mobile_vp"],
            r["fixed_mp"],
            r["mobile_mp"],
            r["threshold_800"],
            r["article"],
        )
        for r in results[:3]
    ] == [
        (
            1,
            True,
            7,
            1,
            -205,
            -875,
            "annulled",
            "Codice di Gara, I poteri dell'arbitro (g)",
        ),
        (2, False, 19, 1, 900, 0, "called", ""),
        (3, False, 19, 1, 900, 0, "", ""),
    ]
    body = problem(
        event.post(
            "turns/2/tables/1/corrections/",
            {
                "hands": [points(0, 0)],
                "opponents_confirmed": True,
                "director_countersigned": True,
            },
        ),
        409,
    )
    assert body["law"] == "Codice di Gara, I poteri dell'arbitro (g)"


def test_the_first_turn_drawn_by_lot_over_http(server: Server) -> None:
    """Art. 2, "per sorteggio": the seed recorded with the lines reproduces
    the draw; a retried request is answered the stored draw."""
    event = Burraco(server.url, pairs=8)
    first = event.director.post(
        event.base + "lines/", {"draw": True}, HTTP_IDEMPOTENCY_KEY="draw-1"
    )
    assert first.status_code == 201, first.json()
    again = event.director.post(
        event.base + "lines/", {"draw": True}, HTTP_IDEMPOTENCY_KEY="draw-1"
    )
    assert again.status_code == 201, again.json()
    assert again.json()["last_position"] == first.json()["last_position"]
    detail = event.director.get(event.base).json()
    formation = detail["formation"]
    assert formation["method"] == "draw"
    drawn = list(range(1, 9))
    random.Random(formation["seed"]).shuffle(drawn)
    assert (detail["fixed"], detail["mobile"]) == (drawn[:4], drawn[4:])
    body = problem(event.post("lines/", {"draw": True, "separate_by": "club"}), 422)
    assert body["law"] == "Codice di Gara Art. 2"


def test_a_pair_at_the_wrong_table_over_http(server: Server) -> None:
    """Art. 2: the result between the pairs seated stands, the pair that sat
    wrongly is warned, the next turn is the movement's."""
    event = Burraco(server.url, pairs=6)
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    event.ok("turns/1/wrong-table/", {"pair": 5, "other": 6})
    body = event.director.get(event.base + "turns/1/positions/").json()
    assert [(p["fixed"], p["mobile"]) for p in body["positions"]] == [
        (1, 4),
        (2, 6),
        (3, 5),
    ]
    event.ok("turns/1/tables/2/sheet/", {"hands": [points(0, 300)]})  # 6 wins 13-7
    body = problem(event.post("turns/1/wrong-table/", {"pair": 5, "other": 6}), 409)
    assert (body["code"], body["law"]) == (
        "sheet_already_entered",
        "Codice di Gara Art. 2",
    )
    event.ok("turns/1/tables/1/sheet/", {"hands": [points(0, 0)]})
    event.ok("turns/1/tables/3/sheet/", {"hands": [points(0, 0)]})
    event.ok("turns/2/positions/")
    body = event.director.get(event.base + "turns/2/positions/").json()
    assert [(p["fixed"], p["mobile"]) for p in body["positions"]] == [
        (1, 6),
        (2, 4),
        (3, 5),
    ]
    after = {s[1]: s for s in ranking(event, event.director, 1)}
    assert after[6][2:] == (13, 0, 300)
    assert after[5][2:] == (10, 0, 0)
    # A second warning would cost pair 5 a VP: the first is on record.
    event.ok("warnings/", {"pair": 5, "turn": 2, "article": 19, "reason": "sheet"})
    event.ok("turns/2/tables/1/sheet/", {"hands": [points(0, 0)]})
    event.ok("turns/2/tables/2/sheet/", {"hands": [points(0, 0)]})
    event.ok("turns/2/tables/3/sheet/", {"hands": [points(0, 0)]})
    event.ok("turns/3/positions/")
    after = {s[1]: s for s in ranking(event, event.director, 2)}
    assert after[5][2:] == (19, 1, 0)
