"""A NUL character in a page's form or query is refused before any view
(``config.form_text``): PostgreSQL refuses it in a query and in an event's
JSON, and a console form's facts or reason holding one answered 500."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.burraco.e2e.test_scoring_room_exam_over_http import members
from tests.console.integration.test_burraco_console import text, user_with
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

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


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


def test_a_registrations_file_holding_a_nul_is_a_400_naming_its_line() -> None:
    """Uploaded files are not forms' fields: the entries' import checks its
    CSV itself; a NUL is a 400 naming the file and the line, nothing entered."""
    tid, _meta = open_tournament(0, hands_per_turn=2, turns=2)
    director = user_with("director", tournament_id=tid)
    one, two, three, four = members(4)
    lines = f"pair,member_1,member_2\n1,{one},{two}\n2,{three},{four}\n"
    spoiled = lines.replace(f"2,{three}", f"2,{three}\x00")

    def upload(content: str, client: Client) -> Any:
        sent = SimpleUploadedFile("iscrizioni.csv", content.encode(), "text/csv")
        return client.post(f"/console/burraco/{tid}/entries/", {"file": sent})

    refused = upload(spoiled, director)
    assert refused.status_code == 400
    assert re.findall(r'<p class="error" role="alert">(.*?)</p>', text(refused)) == [
        "iscrizioni.csv, riga 3: un carattere NUL non fa parte di alcun testo"
    ]
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    english.force_login(
        get_user_model().objects.get(pk=director.session["_auth_user_id"])
    )
    refused = upload(spoiled, english)
    assert refused.status_code == 400
    assert re.findall(r'<p class="error" role="alert">(.*?)</p>', text(refused)) == [
        "iscrizioni.csv, line 3: a NUL character is no part of any text"
    ]
    assert load_tournament(tid).entries == {}  # nothing half-written
    entered = upload(lines, director)
    assert entered.status_code == 201
    assert sorted(load_tournament(tid).entries) == [1, 2]
