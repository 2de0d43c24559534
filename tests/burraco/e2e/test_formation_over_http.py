"""The first turn formed alphabetically or by category, over real HTTP on
PostgreSQL (decision 0186).

F.I.Bur. Codice di Gara, April 2024 edition, Art. 2: the first turn's tables
"in ordine alfabetico (es. fissi dalla C - mobili dalla L)" or "per
categorie". The order's first half is the fixed line, the rest mobile.
"""

from __future__ import annotations

import uuid

import pytest

from eventstore.store import Metadata
from registry.domain import PlayerCategory
from registry.handlers import Identity, register_player
from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.burraco.e2e.test_scoring_room_exam_over_http import members, raw_post
from tests.support.http import HttpClient
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def named(family: str) -> str:
    player_id, _ = register_player(
        Identity(
            federation_number=str(uuid.uuid4().int)[:12],
            family_name=family,
            given_name="Ada",
        ),
        PlayerCategory.NOT_CLASSIFIED,
        metadata=Metadata(actor="system:tests"),
    )
    return str(player_id)


def test_the_first_turn_in_alphabetical_order_from_the_directors_letter(
    server: Server,
) -> None:
    event = Burraco(server.url, pairs=0, turns=2)
    families = {1: "Verdi", 2: "bianchi", 3: "Rossi", 4: "Conti"}
    for number, family in families.items():
        r = event.staff.post(
            f"/api/v1/tournaments/{event.tid}/entries/",
            {"number": number, "player_ids": [named(family), named("Zeta")]},
        )
        assert r.status_code == 201, r.json()
    # One method at a time; a letter is a letter (Art. 2).
    body = problem(event.post("lines/", {"alphabetical": True, "draw": True}), 422)
    assert (body["code"], body["law"]) == ("invalid_lines", "Codice di Gara Art. 2")
    body = problem(
        event.post("lines/", {"alphabetical": True, "from_letter": "4"}), 422
    )
    assert (body["code"], body["field"]) == ("invalid_lines", "from_letter")
    # Bianchi, Conti, Rossi, Verdi; from R: Rossi, Verdi | Bianchi, Conti.
    event.ok("lines/", {"alphabetical": True, "from_letter": "r"})
    detail = HttpClient(server.url).get(event.base).json()
    assert (detail["fixed"], detail["mobile"]) == ([3, 1], [2, 4])
    assert detail["formation"] == {
        "method": "alphabetical",
        "separated_by": "",
        "seed": None,
        "from_letter": "R",
        "categories": [],
    }


def test_the_first_turn_by_category_from_the_import(server: Server) -> None:
    event = Burraco(server.url, pairs=0, turns=3)
    numbers = members(12)
    categories = ["Seconda", "Prima", "", "prima", "Terza", "Seconda"]
    rows = "".join(
        f"{n},{numbers[2 * n - 2]},{numbers[2 * n - 1]},{categories[n - 1]}\n"
        for n in range(1, 7)
    )
    csv = ("pair,member_1,member_2,category\n" + rows).encode()
    r = raw_post(event.director, event.base + "entries/import/", csv, "text/csv")
    assert r.status_code == 201, r.json()
    body = problem(event.post("lines/", {"by_category": ["Prima", "prima"]}), 422)
    assert (body["code"], body["field"], body["law"]) == (
        "invalid_lines",
        "by_category",
        "Codice di Gara Art. 2",
    )
    # Prima 2, 4; Seconda 1, 6; Terza 5; none 3: the higher half fixed.
    event.ok("lines/", {"by_category": ["Prima", "Seconda", "Terza"]})
    detail = HttpClient(server.url).get(event.base).json()
    assert (detail["fixed"], detail["mobile"]) == ([2, 4, 1], [6, 5, 3])
    assert detail["formation"]["method"] == "category"
    assert detail["formation"]["categories"] == ["Prima", "Seconda", "Terza"]
    event.ok("turns/1/positions/")
    positions = event.director.get(event.base + "turns/1/positions/").json()
    assert [(p["fixed"], p["mobile"]) for p in positions["positions"]] == [
        (2, 6),
        (4, 5),
        (1, 3),
    ]
