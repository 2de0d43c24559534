"""A burraco pairs tournament over real HTTP on PostgreSQL, from the
registration to the final standings, with every Art. 20 refusal.

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (Mitchell: fixed and
mobile lines), Art. 18 (multiples of 5), Art. 20 (corrections until the
next positions, then only an inversion; the final standings checked for
their period, then final, closed by the deadline sweep against database
time), Le tabelle (2-hand VP). Six pairs, three tables, three turns.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from burraco.domain import stream_id as burraco_stream
from burraco.projections import BurracoStandings
from eventstore.deadlines import sweep
from eventstore.projections import ProjectionRunner
from eventstore.store import EventStore, event_store
from tests.support.http import HttpClient, HttpResponse
from tests.support.players import register_players
from tests.support.server import Server

SECOND = timedelta(seconds=1)
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def hand(fb: int, fp: int, mb: int, mp: int) -> dict[str, int]:
    return {
        "fixed_base": fb,
        "fixed_points": fp,
        "mobile_base": mb,
        "mobile_points": mp,
    }


def problem(response: HttpResponse, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.json()
    body: dict[str, Any] = response.json()
    return body


class Burraco:
    def __init__(self, url: str, pairs: int = 6, **settings: Any) -> None:
        self.url = url
        self.staff = self.client("staff", federation_staff={})
        self.tid = str(uuid.uuid4())
        r = self.staff.post(
            "/api/v1/burraco/tournaments/",
            {
                "tournament_id": self.tid,
                "name": "Burraco d'autunno",
                "starts_at": event_store().now().isoformat(),
                "hands_per_turn": 2,
                "turns": 3,
                "standings_check_minutes": 10,
                **settings,
            },
        )
        assert r.status_code == 201, r.json()
        self.director = self.client("td", chief_director={"tournament_id": self.tid})
        self.players: dict[int, list[str]] = {}
        for number in range(1, pairs + 1):
            self.players[number] = register_players(2)
            r = self.staff.post(
                f"/api/v1/tournaments/{self.tid}/entries/",
                {"number": number, "player_ids": self.players[number]},
            )
            assert r.status_code == 201, r.json()
        self.base = f"/api/v1/burraco/tournaments/{self.tid}/"
        self.position = 0

    def client(self, name: str, **grant: dict[str, Any]) -> HttpClient:
        user = get_user_model().objects.create_user(f"{name}-{uuid.uuid4().hex[:6]}")
        for role, scope in grant.items():
            RoleGrant.objects.create(user=user, role=role, **scope)
        return HttpClient(self.url, user)

    def player(self, number: int) -> HttpClient:
        user = get_user_model().objects.create_user(f"p{number}-{uuid.uuid4().hex[:6]}")
        RoleGrant.objects.create(
            user=user, role="player", player_id=self.players[number][0]
        )
        return HttpClient(self.url, user)

    def post(self, path: str, body: Any = None) -> HttpResponse:
        r = self.director.post(self.base + path, body)
        if r.status_code == 201:
            self.position = r.json()["last_position"]
        return r

    def ok(self, path: str, body: Any = None) -> None:
        r = self.post(path, body)
        assert r.status_code == 201, r.json()

    def sheet(self, turn: int, table: int, *hands: dict[str, int]) -> HttpResponse:
        return self.post(f"turns/{turn}/tables/{table}/sheet/", {"hands": list(hands)})

    def read(self, client: HttpClient, path: str, **query: int) -> HttpResponse:
        ProjectionRunner(BurracoStandings()).catch_up()
        return client.get(self.base + path, {"min_position": self.position, **query})


def standings(body: dict[str, Any]) -> list[tuple[int, int, int, int, int]]:
    return [
        (s["rank"], s["pair"], s["vp"], s["deduction"], s["mp"])
        for s in body["standings"]
    ]


@pytest.fixture
def pinned(server: Server) -> Iterator[Server]:
    yield server
    server.pin(None)


def test_a_pairs_tournament_from_registration_to_final_standings(
    pinned: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    event = Burraco(pinned.url)
    anonymous = HttpClient(pinned.url)
    event.ok("lines/", {})
    detail = anonymous.get(event.base).json()
    assert (detail["fixed"], detail["mobile"]) == ([1, 2, 3], [4, 5, 6])

    # Turn 1: the mobile lines start at their tables.
    event.ok("turns/1/positions/")
    positions = anonymous.get(event.base + "turns/1/positions/").json()["positions"]
    assert [(p["table"], p["fixed"], p["mobile"]) for p in positions] == [
        (1, 1, 4),
        (2, 2, 5),
        (3, 3, 6),
    ]
    # Not a multiple of 5: refused naming Art. 18, nothing written.
    body = problem(event.sheet(1, 1, hand(300, 152, 0, 40)), 422)
    assert (body["code"], body["law"], body["field"], body["value"]) == (
        "not_a_multiple_of_five",
        "Codice di Gara Art. 18",
        "hands.0.fixed_points",
        "152",
    )
    assert (
        event.sheet(1, 1, hand(300, 150, 0, 40), hand(100, 55, 200, 60)).status_code
        == 201
    )
    assert (
        event.sheet(
            1, 2, hand(200, 100, 200, 100), hand(200, 100, 200, 100)
        ).status_code
        == 201
    )
    assert (
        event.sheet(1, 3, hand(0, 30, 300, 200), hand(0, -20, 100, 90)).status_code
        == 201
    )
    body = problem(event.sheet(1, 3, hand(0, 0, 0, 0)), 409)
    assert (body["code"], body["law"]) == (
        "sheet_already_entered",
        "Codice di Gara Art. 20",
    )

    # Art. 20: a correction needs the opponents' confirmation.
    correction = {"hands": [hand(250, 100, 200, 100), hand(200, 100, 200, 100)]}
    body = problem(
        event.post(
            "turns/1/tables/2/corrections/",
            {**correction, "opponents_confirmed": False},
        ),
        422,
    )
    assert (body["code"], body["law"], body["field"]) == (
        "correction_not_confirmed",
        "Codice di Gara Art. 20",
        "opponents_confirmed",
    )
    event.ok(
        "turns/1/tables/2/corrections/", {**correction, "opponents_confirmed": True}
    )
    # Before the next positions, an inversion is not the remedy.
    body = problem(
        event.post("turns/1/tables/3/inversions/", {"pairs_confirmed": True}), 409
    )
    assert (body["code"], body["law"]) == (
        "inversion_not_allowed",
        "Codice di Gara Art. 20",
    )

    # Unpublished: the director sees every table, a player his own, anyone else nothing.
    everything = event.read(event.director, "turns/1/results/").json()
    assert [
        (r["table"], r["fixed_mp"], r["mobile_mp"], r["fixed_vp"], r["mobile_vp"])
        for r in everything["results"]
    ] == [(1, 605, 300, 14, 6), (2, 650, 600, 11, 9), (3, 10, 690, 3, 17)]
    assert everything["published"] is False
    own = event.read(event.player(4), "turns/1/results/").json()["results"]
    assert [r["table"] for r in own] == [1]
    assert event.read(anonymous, "turns/1/results/").status_code == 403
    assert event.read(anonymous, "standings/", after_turn=1).status_code == 403
    assert event.read(event.player(4), "standings/", after_turn=1).status_code == 403
    assert event.read(anonymous, "standings/").json()["standings"] == []
    missing = problem(event.read(anonymous, "standings.csv"), 404)
    assert missing["code"] == "not_found"
    assert event.read(anonymous, "standings.csv", after_turn=1).status_code == 403

    # Turn 2's positions: turn 1 is public and its correction window closed.
    event.ok("turns/2/positions/")
    positions = anonymous.get(event.base + "turns/2/positions/").json()["positions"]
    assert [(p["fixed"], p["mobile"]) for p in positions] == [(1, 6), (2, 4), (3, 5)]
    body = problem(
        event.post(
            "turns/1/tables/2/corrections/", {**correction, "opponents_confirmed": True}
        ),
        409,
    )
    assert (body["code"], body["law"]) == (
        "correction_window_closed",
        "Codice di Gara Art. 20",
    )
    published = event.read(anonymous, "standings/").json()
    assert published["after_turn"] == 1
    assert standings(published) == [
        (1, 6, 17, 0, 680),
        (2, 1, 14, 0, 305),
        (3, 2, 11, 0, 50),
        (4, 5, 9, 0, -50),
        (5, 4, 6, 0, -305),
        (6, 3, 3, 0, -680),
    ]
    # After the positions, only the inversion of the two pairs' scores; it
    # counts in the standings from the next turn (Art. 20).
    event.ok("turns/1/tables/3/inversions/", {"pairs_confirmed": True})
    assert event.sheet(2, 1, hand(200, 200, 0, 0), hand(0, 0, 0, 0)).status_code == 201
    assert event.sheet(2, 2, hand(0, 0, 100, 105)).status_code == 201
    assert (
        event.sheet(2, 3, hand(100, 0, 100, 0), hand(100, 0, 100, 0)).status_code == 201
    )
    event.ok("warnings/", {"pair": 1, "turn": 2, "article": 39, "reason": "late"})
    after_1 = event.read(event.director, "standings/", after_turn=1).json()
    assert after_1["standings"][0]["vp"] == 17  # pair 6, not inverted yet

    event.ok("turns/3/positions/")
    positions = anonymous.get(event.base + "turns/3/positions/").json()["positions"]
    assert [(p["fixed"], p["mobile"]) for p in positions] == [(1, 5), (2, 6), (3, 4)]
    after_2 = event.read(anonymous, "standings/").json()
    assert after_2["after_turn"] == 2
    assert standings(after_2) == [
        (1, 1, 28, 0, 705),
        (2, 3, 27, 0, 680),
        (3, 5, 19, 0, -50),
        (4, 4, 19, 0, -100),
        (5, 2, 18, 0, -155),
        (6, 6, 9, 0, -1080),
    ]
    assert (
        event.sheet(3, 1, hand(100, 0, 100, 0), hand(100, 0, 100, 0)).status_code == 201
    )
    assert event.sheet(3, 2, hand(300, 0, 0, 0), hand(300, 0, 0, 0)).status_code == 201
    assert event.sheet(3, 3, hand(0, 0, 100, 0), hand(0, 0, 0, 0)).status_code == 201
    event.ok("warnings/", {"pair": 1, "turn": 3, "article": 19, "reason": "sheet left"})
    # The last turn is protected: the director must countersign (Art. 20).
    late = {"hands": [hand(0, 0, 100, 0)], "opponents_confirmed": True}
    body = problem(event.post("turns/3/tables/3/corrections/", late), 422)
    assert (body["code"], body["field"]) == (
        "correction_not_confirmed",
        "director_countersigned",
    )

    event.ok("standings/final/")
    final = event.read(anonymous, "standings/").json()
    assert (final["after_turn"], final["final_published"], final["final"]) == (
        3,
        True,
        False,
    )
    # Pair 1's second warning costs a VP: 28 + 10 - 1.
    assert standings(final) == [
        (1, 1, 37, 1, 705),
        (2, 3, 36, 0, 580),
        (3, 2, 34, 0, 445),
        (4, 4, 30, 0, 0),
        (5, 5, 29, 0, -50),
        (6, 6, 13, 0, -1680),
    ]
    # During the check, an inversion of the last turn is still put right.
    deadline = datetime.fromisoformat(final["check_deadline"])
    pinned.pin(deadline)  # its last instant is in the check (decision 0218)
    event.ok("turns/3/tables/3/inversions/", {"pairs_confirmed": True})
    # After the deadline the window is closed, before any sweep (database time).
    pinned.pin(deadline + timedelta(microseconds=1))
    body = problem(
        event.post("turns/3/tables/1/inversions/", {"pairs_confirmed": True}), 409
    )
    assert (body["code"], body["law"]) == ("standings_final", "Codice di Gara Art. 20")
    # The check holds its last instant (decision 0218): a second after it.
    monkeypatch.setattr(EventStore, "now", lambda self: deadline + SECOND)
    assert sweep() == 1
    assert sweep() == 0
    final = event.read(anonymous, "standings/").json()
    assert (final["final_published"], final["final"]) == (True, True)
    # The last turn's inversion made during the check: pair 3 11-9 at table 3.
    assert standings(final)[:3] == [
        (1, 3, 38, 0, 780),
        (2, 1, 37, 1, 705),
        (3, 2, 34, 0, 445),
    ]
    assert event.read(anonymous, "turns/3/results/").status_code == 200
    csv = event.read(anonymous, "standings.csv")
    assert csv.status_code == 200
    assert csv.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert csv.content.decode().splitlines()[:3] == [
        "rank,tied,pair,vp,turn_vp,deduction,mp,turns,group",
        "1,0,3,38,38,0,780,3,",
        "2,0,1,37,38,1,705,3,",
    ]


def test_a_burraco_tournament_refuses_what_the_code_does_not_allow(
    server: Server,
) -> None:
    event = Burraco(server.url)
    body = problem(event.post("turns/1/positions/"), 409)
    assert (body["code"], body["law"]) == ("turn_not_current", "Codice di Gara Art. 2")
    body = problem(event.post("lines/", {"fixed": [1, 2, 3], "mobile": [4, 5, 7]}), 422)
    assert (body["code"], body["law"]) == ("invalid_lines", "Codice di Gara Art. 2")
    r = event.staff.post(
        "/api/v1/burraco/tournaments/",
        {
            "name": "x",
            "starts_at": event_store().now().isoformat(),
            "hands_per_turn": 5,
            "turns": 3,
        },
    )
    body = problem(r, 422)
    assert (body["code"], body["field"], body["law"]) == (
        "invalid_setting",
        "hands_per_turn",
        "Codice di Gara Art. 6",
    )
    # Only staff create, only the directors act.
    r = event.player(1).post("/api/v1/burraco/tournaments/", {"name": "x"})
    assert r.status_code == 403
    r = event.player(1).post(event.base + "lines/", {})
    assert r.status_code == 403


def test_danese_turns_lateness_and_a_second_warning_over_http(server: Server) -> None:
    """Art. 2 (Danese puro after one Mitchell turn), Art. 39 (lateness),
    Definizioni (the second warning costs a VP), Art. 20 (the seat swap)."""
    event = Burraco(server.url, pairs=4, mitchell_turns=1)
    anonymous = HttpClient(server.url)
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    # Turn 1: 1 v 3 and 2 v 4.
    assert event.sheet(1, 1, hand(300, 5, 0, 0)).status_code == 201  # 14-6
    assert event.sheet(1, 2, hand(0, 0, 100, 0)).status_code == 201  # 9-11
    event.ok("turns/2/positions/")
    seats = anonymous.get(event.base + "turns/2/positions/").json()["positions"]
    assert [(p["fixed"], p["mobile"]) for p in seats] == [(1, 4), (2, 3)]
    # The 1 v 3 score was inverted: 3 and 1 swap their seats in the Danese turn.
    event.ok("turns/1/tables/1/inversions/", {"pairs_confirmed": True})
    seats = anonymous.get(event.base + "turns/2/positions/").json()["positions"]
    assert [(p["fixed"], p["mobile"]) for p in seats] == [(3, 4), (2, 1)]
    # Pair 4 is four minutes late: 150 MP to pair 3 before the lookup.
    event.ok("turns/2/tables/1/lateness/", {"pair": 4, "seconds": 240})
    assert event.sheet(2, 1, hand(0, 0, 0, 0)).status_code == 201
    # Pair 1 a minute late: a warning; it has one already, so it costs a VP.
    event.ok("warnings/", {"pair": 1, "turn": 1, "article": 19, "reason": "sheet"})
    event.ok("turns/2/tables/2/lateness/", {"pair": 1, "seconds": 60})
    assert event.sheet(2, 2, hand(100, 0, 100, 0)).status_code == 201
    event.ok("turns/3/positions/")
    after_2 = event.read(anonymous, "standings/").json()
    assert after_2["after_turn"] == 2
    # The inversion counts now: 3 has 14 + 12, 1 has 6 + 10 - 1 (warnings).
    assert [
        (s["pair"], s["vp"], s["deduction"], s["mp"]) for s in after_2["standings"]
    ] == [
        (3, 26, 0, 455),
        (4, 19, 0, -50),
        (2, 19, 0, -100),
        (1, 15, 1, -305),
    ]
    results = event.read(anonymous, "turns/2/results/").json()["results"]
    assert [(r["fixed_mp"], r["mobile_mp"], r["fixed_vp"]) for r in results] == [
        (150, 0, 12),  # 0-0 at the table, +150 for pair 4's lateness: 12-8
        (100, 100, 10),
    ]
    # Turn 3: beyond ten minutes the side present wins 14-6 and 305 MP.
    first = anonymous.get(event.base + "turns/3/positions/").json()["positions"][0]
    late = first["mobile"]
    event.ok("turns/3/tables/1/lateness/", {"pair": late, "seconds": 660})
    body = problem(event.sheet(3, 1, hand(0, 0, 0, 0)), 409)
    assert (body["code"], body["law"]) == (
        "sheet_already_entered",
        "Codice di Gara Art. 39",
    )
    own = event.read(event.director, "turns/3/results/").json()["results"][0]
    assert (own["awarded"], own["fixed_vp"], own["mobile_vp"]) == (True, 14, 6)
    assert (own["fixed_mp"], own["mobile_mp"]) == (305, -305)
    # Art. 19: table 2's sheet is lost (7-7, -205 MP each), then found.
    event.ok("turns/3/tables/2/lost-sheet/")
    lost = event.read(event.director, "turns/3/results/").json()["results"][1]
    assert (lost["awarded"], lost["fixed_vp"], lost["fixed_mp"]) == (True, 7, -205)
    assert event.sheet(3, 2, hand(100, 50, 0, 0)).status_code == 201
    found = event.read(event.director, "turns/3/results/").json()["results"][1]
    assert (found["awarded"], found["fixed_vp"], found["fixed_mp"]) == (False, 12, 150)


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("turns/1/tables/1/sheet/", {"hands": "x"}, "hands"),
        ("turns/1/tables/1/sheet/", {"hands": [{}]}, "hands.0.fixed_base"),
        (
            "turns/1/tables/1/sheet/",
            {"hands": [{"fixed_base": 10**12}]},
            "hands.0.fixed_base",
        ),
        ("turns/1/tables/1/sheet/", {"hands": [hand(0, 0, 0, 0)] * 5}, "hands"),
        ("turns/1/tables/1/corrections/", {"hands": []}, "opponents_confirmed"),
        ("lines/", {"fixed": ["a"]}, "fixed.0"),
        ("warnings/", {"pair": 1, "turn": 1, "article": 41, "reason": "x"}, "article"),
        ("turns/1/tables/1/lateness/", {"pair": 1, "seconds": -1}, "seconds"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    server: Server, path: str, body: Any, field: str
) -> None:
    """Never a 500, nothing written (decision 0084)."""
    event = Burraco(server.url, pairs=2)
    version = event_store().stream_version(b_stream(event.tid))
    answer = problem(event.director.post(event.base + path, body), 400)
    assert answer["field"] == field
    assert event_store().stream_version(b_stream(event.tid)) == version


def b_stream(tid: str) -> uuid.UUID:
    return burraco_stream(uuid.UUID(tid))
