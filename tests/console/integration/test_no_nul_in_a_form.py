"""A NUL character in a page's form or query is refused before any view
(``config.form_text``): PostgreSQL refuses it in a query and in an event's
JSON, and a console form's facts or reason holding one answered 500."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from tests.console.integration.test_burraco_incidents import Room
from tests.console.integration.test_console_pages import (
    IT,
    base,
    director_client,
    round_one,
)
from tests.support.burraco import open_tournament
from tests.support.site import site_event
from tournaments.handlers import load_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_ruling_whose_facts_hold_a_nul_is_refused_and_nothing_recorded() -> None:
    event = site_event(publish=False)
    client = director_client(event)
    table, board, *_ = round_one(event)[0]
    response = client.post(
        f"{base(event)}/rulings/",
        {
            "idempotency_key": "nul-1",
            "board": str(board),
            "table": str(table),
            "laws": ["16B1(a)"],
            "facts": "esitazione\x00",
            "decision": "media più",
            "adjustment": "artificial",
            "ns_percent": "60",
            "ew_percent": "40",
        },
        **IT,
    )
    assert (response.status_code, response.content.decode()) == (
        400,
        "facts: un carattere NUL non fa parte di alcun testo",
    )
    assert load_tournament(uuid.UUID(event.tid)).rulings == {}


def test_a_burraco_warning_whose_reason_holds_a_nul_is_refused() -> None:
    tid, _meta = open_tournament(8, hands_per_turn=2, turns=3, mitchell_turns=3)
    room = Room(tid)
    room.step("lines")
    room.step("positions")
    warned = room.send(1, "warning", entry="1", article="19", reason="x\x00y")
    assert (warned.status_code, warned.content.decode()) == (
        400,
        "reason: un carattere NUL non fa parte di alcun testo",
    )


def test_the_sites_search_and_a_players_page_with_a_nul() -> None:
    searched = Client().get("/events/", {"q": "Coppa\x00"}, HTTP_ACCEPT_LANGUAGE="en")
    assert (searched.status_code, searched.content.decode()) == (
        400,
        "q: a NUL character is no part of any text here",
    )
    assert Client().get("/players/%00/").status_code == 404
    assert Client().get("/events/", {"q": "Coppa"}).status_code == 200
