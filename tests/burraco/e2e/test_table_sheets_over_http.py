"""Score sheets entered by the table over real HTTP on PostgreSQL (decision 0185).

F.I.Bur. Codice di Gara, April 2024 edition, Art. 19: the player who drew
the highest card fills the sheet, at least one player of each pair signs
it, a player of the winning side hands it in. Each step is a seated
player's own account; every refusal names the article. Six pairs, three
tables, Mitchell: turn 1 is 1-4, 2-5, 3-6; turn 2 is 1-6, 2-4, 3-5.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.support.http import HttpClient, HttpResponse
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ART_19 = "Codice di Gara Art. 19"


def hand(fb: int, fp: int, mb: int, mp: int) -> dict[str, int]:
    return {
        "fixed_base": fb,
        "fixed_points": fp,
        "mobile_base": mb,
        "mobile_points": mp,
    }


class Table:
    """The players of the event, each signed in with his own account."""

    def __init__(self, event: Burraco) -> None:
        self.event = event
        self.accounts: dict[tuple[int, int], HttpClient] = {}

    def player(self, pair: int, member: int = 0) -> HttpClient:
        key = (pair, member)
        if key not in self.accounts:
            user = get_user_model().objects.create_user(
                f"p{pair}{member}-{uuid.uuid4().hex[:6]}"
            )
            RoleGrant.objects.create(
                user=user, role="player", player_id=self.event.players[pair][member]
            )
            self.accounts[key] = HttpClient(self.event.url, user)
        return self.accounts[key]

    def path(self, turn: int, table: int, step: str = "") -> str:
        return f"{self.event.base}turns/{turn}/tables/{table}/table-sheet/{step}"

    def file(
        self, pair: int, turn: int, table: int, *hands: dict[str, int], member: int = 0
    ) -> HttpResponse:
        return self.player(pair, member).post(
            self.path(turn, table), {"hands": list(hands)}
        )

    def sign(self, pair: int, turn: int, table: int, member: int = 0) -> HttpResponse:
        return self.player(pair, member).post(self.path(turn, table, "signature/"))

    def deliver(
        self, pair: int, turn: int, table: int, member: int = 0
    ) -> HttpResponse:
        return self.player(pair, member).post(self.path(turn, table, "delivery/"))


def refused(response: HttpResponse, status: int) -> tuple[Any, Any]:
    body = problem(response, status)
    return body["code"], body.get("law")


def test_a_sheet_filed_signed_and_delivered_by_the_table(server: Server) -> None:
    event = Burraco(server.url)
    table = Table(event)
    event.ok("lines/", {})
    event.ok("turns/1/positions/")

    # Table 1 (1-4): pair 1's first player drew the highest card and files.
    filed = table.file(1, 1, 1, hand(300, 150, 0, 40), hand(100, 55, 200, 60))
    assert filed.status_code == 201, filed.json()
    seen = table.player(4, 1).get(table.path(1, 1)).json()
    assert seen == {
        "turn": 1,
        "table": 1,
        "fixed": 1,
        "mobile": 4,
        "your_line": 4,
        "filed": True,
        "keeper": 1,
        "hands": [hand(300, 150, 0, 40), hand(100, 55, 200, 60)],
        "closed_hands": [],
        "signed": [1],
        "delivered_by": None,
        "entered": False,
    }

    # Nobody else's table: pair 2 sits at table 2 (Art. 19).
    assert refused(table.file(2, 1, 1, hand(0, 100, 0, 0)), 422) == (
        "not_at_this_table",
        ART_19,
    )
    assert refused(table.sign(2, 1, 1), 422) == ("not_at_this_table", ART_19)
    assert refused(table.player(2).get(table.path(1, 1)), 422)[0] == (
        "not_at_this_table"
    )
    # The director and an anonymous visitor are not players of the table.
    assert event.director.post(table.path(1, 1), {"hands": []}).status_code == 403
    # Session authentication comes first, so an anonymous caller gets 403.
    assert HttpClient(server.url).post(table.path(1, 1, "delivery/")).status_code == 403
    # The keeper's opponents sign; they do not write the sheet.
    assert refused(table.file(4, 1, 1, hand(0, 0, 300, 200)), 409) == (
        "sheet_kept_by_opponents",
        ART_19,
    )
    # Not signed by the losing side: not delivered.
    assert refused(table.deliver(1, 1, 1), 409) == ("sheet_not_signed", ART_19)
    # The keeper's side signed by filing it.
    assert refused(table.sign(1, 1, 1, member=1), 409) == (
        "sheet_already_signed",
        ART_19,
    )
    # Filed again (Art. 18: a score not a multiple of 5 is refused).
    body = problem(table.file(1, 1, 1, hand(300, 152, 0, 40)), 422)
    assert (body["code"], body["law"], body["field"]) == (
        "not_a_multiple_of_five",
        "Codice di Gara Art. 18",
        "hands.0.fixed_points",
    )
    assert table.sign(4, 1, 1).status_code == 201
    assert table.player(1).get(table.path(1, 1)).json()["signed"] == [1, 4]
    # The losing side does not deliver.
    assert refused(table.deliver(4, 1, 1, member=1), 409) == (
        "not_the_winning_side",
        ART_19,
    )
    delivered = table.deliver(1, 1, 1, member=1)
    assert delivered.status_code == 201, delivered.json()
    event.position = delivered.json()["last_position"]
    # Entered: the table no longer writes it; the director corrects (Art. 20).
    assert refused(table.file(1, 1, 1, hand(0, 100, 0, 0)), 409) == (
        "sheet_already_entered",
        "Codice di Gara Art. 20",
    )
    after = table.player(4).get(table.path(1, 1)).json()
    assert (after["delivered_by"], after["entered"]) == (1, True)

    # Table 2 (2-5): filed again after the signature, the opponents sign anew.
    assert table.file(5, 1, 2, hand(0, 0, 100, 0)).status_code == 201
    assert table.sign(2, 1, 2).status_code == 201
    assert table.file(5, 1, 2, hand(0, 0, 200, 0)).status_code == 201
    assert refused(table.deliver(5, 1, 2), 409) == ("sheet_not_signed", ART_19)
    assert table.sign(2, 1, 2, member=1).status_code == 201
    r = table.deliver(5, 1, 2)
    assert r.status_code == 201, r.json()
    event.position = r.json()["last_position"]

    # Table 3 (3-6) filed and signed, but the scoring room enters it first.
    assert table.file(3, 1, 3, hand(0, 0, 0, 50)).status_code == 201
    assert table.sign(6, 1, 3).status_code == 201
    assert event.sheet(1, 3, hand(0, 0, 0, 45)).status_code == 201
    assert refused(table.deliver(6, 1, 3), 409) == (
        "sheet_already_entered",
        "Codice di Gara Art. 20",
    )

    results = event.read(event.director, "turns/1/results/").json()["results"]
    assert [
        (r["table"], r["fixed"], r["mobile"], r["difference"], r["fixed_vp"])
        for r in results
    ] == [(1, 1, 4, 305, 14), (2, 2, 5, -200, 8), (3, 3, 6, -45, 9)]

    # The next positions close turn 1's sheets (Art. 19).
    event.ok("turns/2/positions/")
    assert refused(table.file(3, 1, 3, hand(0, 100, 0, 0)), 409) == (
        "turn_not_current",
        ART_19,
    )
    # Turn 2, table 1 (1-6): a 10-10 names no winner: either side delivers.
    assert table.file(1, 2, 1, hand(100, 50, 100, 50)).status_code == 201
    assert refused(table.sign(4, 2, 1), 422) == ("not_at_this_table", ART_19)
    assert table.sign(6, 2, 1).status_code == 201
    r = table.deliver(6, 2, 1, member=1)
    assert r.status_code == 201, r.json()
    event.position = r.json()["last_position"]
    results = event.read(event.director, "turns/2/results/").json()["results"]
    assert [(r["table"], r["fixed_vp"], r["mobile_vp"]) for r in results] == [
        (1, 10, 10)
    ]
