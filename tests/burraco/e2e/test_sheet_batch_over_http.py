"""A turn's sheets in one request over real HTTP (decision 0221): ONE
command, all stored or none; a refusal names the sheet and its article
(Arts. 18, 19) and lists every refused sheet; a retried key is answered
the first answer."""

from __future__ import annotations

from uuid import UUID

import pytest

from burraco import domain as b
from eventstore.store import event_store
from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco, problem
from tests.burraco.e2e.test_table_sheets_over_http import hand
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _table_events(event: Burraco, *tables: int) -> list[object]:
    tid = UUID(event.tid)
    return [
        r.event
        for t in tables
        for r in event_store().read_stream(b.table_stream_id(tid, 1, t)).events
    ]


def test_a_refused_second_sheet_stores_none_and_a_right_batch_stores_all(
    server: Server,
) -> None:
    event = Burraco(server.url, pairs=4, turns=2)
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    first = {"table": 1, "hands": [hand(300, 40, 0, -60), hand(0, 120, 100, 90)]}
    wrong = {"table": 2, "hands": [hand(0, 123, 0, 0), hand(0, 0, 0, 0)]}
    body = problem(event.post("turns/1/sheets/", {"sheets": [first, wrong]}), 422)
    assert (body["code"], body["law"], body["field"]) == (
        "not_a_multiple_of_five",
        "Codice di Gara Art. 18",
        "sheets.1.hands.0.fixed_points",
    )
    assert body["detail"].startswith("table 2: ")
    assert [(e["table"], e["field"], e["code"]) for e in body["errors"]] == [
        (2, "sheets.1.hands.0.fixed_points", "not_a_multiple_of_five")
    ]
    assert _table_events(event, 1, 2) == []

    # Not countersigned (Art. 19) beside a right sheet: refused, 422.
    unsigned = {**wrong, "hands": [hand(0, 125, 0, 0)], "countersigned": False}
    body = problem(event.post("turns/1/sheets/", {"sheets": [first, unsigned]}), 422)
    assert (body["code"], body["law"], body["field"]) == (
        "invalid_sheet",
        "Codice di Gara Art. 19",
        "sheets.1.countersigned",
    )
    assert _table_events(event, 1, 2) == []

    right = {**wrong, "hands": [hand(0, 125, 0, 0), hand(0, 0, 0, 0)]}
    key = {"HTTP_IDEMPOTENCY_KEY": "sheets-of-turn-1"}
    stored = event.director.post(
        event.base + "turns/1/sheets/", {"sheets": [first, right]}, **key
    )
    assert stored.status_code == 201, stored.json()
    answer = stored.json()
    assert answer["tables"] == [1, 2]
    assert answer["last_position"] == event_store().head_position()
    assert answer["last_position"] - answer["first_position"] == 1
    assert len(_table_events(event, 1, 2)) == 2
    # The answer lost, sent again: the first answer, nothing stored twice.
    again = event.director.post(
        event.base + "turns/1/sheets/", {"sheets": [first, right]}, **key
    )
    assert (again.status_code, again.json()) == (201, answer)
    assert len(_table_events(event, 1, 2)) == 2
    event.position = answer["last_position"]
    results = event.read(event.director, "turns/1/results/").json()["results"]
    assert [(r["table"], r["fixed_mp"], r["mobile_mp"]) for r in results] == [
        (1, 460, 130),
        (2, 125, 0),
    ]


def test_a_batch_of_no_sheet_or_a_table_twice_is_refused(server: Server) -> None:
    event = Burraco(server.url, pairs=4, turns=2)
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    body = problem(event.post("turns/1/sheets/", {"sheets": []}), 400)
    assert body["errors"][0]["field"] == "sheets"
    sheet = {"table": 1, "hands": [hand(0, 100, 0, 0)]}
    body = problem(event.post("turns/1/sheets/", {"sheets": [sheet, sheet]}), 422)
    assert (body["code"], body["field"], body["law"]) == (
        "invalid_sheet",
        "sheets.1.table",
        "Codice di Gara Art. 19",
    )
    assert _table_events(event, 1) == []
