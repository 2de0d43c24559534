"""The director's remedies over real HTTP on PostgreSQL (decision 0217).

F.I.Bur. Codice di Gara, April 2024 edition. Four pairs, four hands a turn,
two Mitchell turns. Turn 2, the last, is protected (Art. 20): pair 3 leaves
table 2 after a quarrel (Art. 38: 0 VP and -505 MP, out, referred; pair 2
13 VP and 505 MP); table 1's sheet is altered without the director to put
pair 4 first, and the director annuls it (Art. 20: 7-7, -505 MP each) and
reports it. The standings, the prize list, the export and the reports list
after: pair 2 first, not pair 4.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def hand(fixed: int, mobile: int) -> dict[str, int]:
    return {
        "fixed_base": 0,
        "fixed_points": fixed,
        "mobile_base": 0,
        "mobile_points": mobile,
    }


def standing(body: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    return [(s["rank"], s["pair"], s["vp"], s["mp"]) for s in body["standings"]]


def test_a_quarrel_and_an_annulled_sheet_reach_the_standings_and_prizes(
    server: Server,
) -> None:
    event = Burraco(server.url, pairs=4, hands_per_turn=4, turns=2)
    event.ok(
        "prizes/", {"entry_fee_cents": 1000, "pool_percent": 50, "shares": [60, 40]}
    )
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    # Turn 1: 1-3 (pair 1 +600: 13-7), 2-4 (level: 10-10).
    assert event.sheet(1, 1, hand(600, 0)).status_code == 201
    assert event.sheet(1, 2, hand(100, 100)).status_code == 201
    event.ok("turns/2/positions/")
    # Turn 2: 1-4 and 2-3.

    # Art. 38: the quarrel is the tournament's directors' to record only.
    quarrel = {"guilty": 3, "report": "La coppia 3 lascia il tavolo dopo un litigio."}
    body = problem(
        event.staff.post(event.base + "turns/2/tables/2/quarrel/", quarrel), 403
    )
    assert body["detail"] == "Only a director of this tournament may do this"
    body = problem(
        event.post("turns/2/tables/2/quarrel/", {**quarrel, "report": ""}), 400
    )
    assert body["field"] == "report"
    body = problem(
        event.post("turns/2/tables/2/quarrel/", {**quarrel, "guilty": 1}), 422
    )
    assert (body["code"], body["law"], body["field"]) == (
        "remedy_not_allowed",
        "Codice di Gara Art. 38",
        "guilty",
    )
    event.ok("turns/2/tables/2/quarrel/", quarrel)
    body = problem(event.sheet(2, 2, hand(100, 100)), 409)
    assert body["code"] == "sheet_already_entered"
    body = problem(event.post("turns/2/tables/2/misconduct/", {}), 409)
    assert (body["code"], body["law"]) == (
        "sheet_already_entered",
        "Codice di Gara Art. 38",
    )

    # Art. 20: table 1's sheet (pair 4 +600), then altered without the
    # director: the correction is refused, the director annuls the result.
    assert event.sheet(2, 1, hand(0, 600)).status_code == 201
    body = problem(
        event.post(
            "turns/2/tables/1/corrections/",
            {"hands": [hand(0, 900)], "opponents_confirmed": True},
        ),
        422,
    )
    assert (body["code"], body["law"]) == (
        "correction_not_confirmed",
        "Codice di Gara Art. 20",
    )
    body = problem(
        event.post(
            "turns/2/tables/1/annulment/",
            {"advantage": "higher_group", "report": "Score alterato."},
        ),
        422,
    )
    assert (body["code"], body["field"]) == ("remedy_not_allowed", "advantage")
    event.ok(
        "turns/2/tables/1/annulment/",
        {"advantage": "prize", "report": "Score alterato senza l'arbitro."},
    )

    results = event.read(event.director, "turns/2/results/").json()["results"]
    assert [
        (
            r["table"],
            r["fixed_vp"],
            r["fixed_mp"],
            r["mobile_vp"],
            r["mobile_mp"],
            r["article"],
            r["remedy"],
        )
        for r in results
    ] == [
        (1, 7, -505, 7, -505, "Codice di Gara Art. 20", "annulled"),
        (2, 13, 505, 0, -505, "Codice di Gara Art. 38", "quarrel"),
    ]
    body = event.read(event.director, "standings/", after_turn=2).json()
    assert standing(body) == [
        (1, 2, 23, 505),
        (2, 1, 20, 95),
        (3, 4, 17, -505),
        (4, 3, 7, -1105),
    ]
    csv = event.director.get(event.base + "standings.csv", {"after_turn": 2})
    assert csv.status_code == 200
    assert csv.content.decode().splitlines() == [
        "rank,tied,pair,vp,turn_vp,deduction,mp,turns,group",
        "1,0,2,23,23,0,505,2,",
        "2,0,1,20,20,0,95,2,",
        "3,0,4,17,17,0,-505,2,",
        "4,0,3,7,7,0,-1105,2,",
    ]

    event.ok("standings/final/")
    prizes = event.director.get(event.base + "prizes/").json()
    assert prizes["prizes"] == [
        {"pair": 2, "rank": 1, "group": "", "cents": 1200},
        {"pair": 1, "rank": 2, "group": "", "cents": 800},
    ]

    # The reports: recorded with each remedy, listed for the directors only.
    listed = event.director.get(event.base + "sports-justice-reports/").json()
    assert [
        (r["number"], r["article"], r["turn"], r["table"], r["pairs"], r["text"])
        for r in listed["reports"]
    ] == [
        (
            1,
            "Codice di Gara Art. 38",
            2,
            2,
            [3],
            "La coppia 3 lascia il tavolo dopo un litigio.",
        ),
        (2, "Codice di Gara Art. 20", 2, 1, [1, 4], "Score alterato senza l'arbitro."),
    ]
    assert event.staff.get(event.base + "sports-justice-reports/").status_code == 403
    # A report after the final standings, under I poteri dell'arbitro (b).
    event.ok(
        "sports-justice-reports/",
        {"turn": 2, "pairs": [3], "text": "Comportamento scorretto in sala."},
    )
    exported = event.director.get(event.base + "export/").json()
    assert [r["article"] for r in exported["sports_justice_reports"]] == [
        "Codice di Gara Art. 38",
        "Codice di Gara Art. 20",
        "Codice di Gara, I poteri dell'arbitro (b)",
    ]
    [turn_two] = [t for t in exported["turns"] if t["turn"] == 2]
    assert [s["remedy"] for s in turn_two["sheets"]] == ["annulled", "quarrel"]
    assert exported["abandoned"] == [3]
