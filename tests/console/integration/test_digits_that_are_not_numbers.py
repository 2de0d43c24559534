"""Digits ``int`` cannot read: "²" is a digit to ``str.isdigit`` and not a
number to ``int``, so a console form or a page's query that took it answered
500 (found by a crawl of the demo, every link with its numbers made wrong).
Each is now refused as any other bad number is, beside its form."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.console.integration.test_burraco_console import text
from tests.console.integration.test_burraco_incidents import Room, alert
from tests.console.integration.test_console_pages import IT, base, director_client
from tests.support.burraco import open_tournament
from tests.support.site import site_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

SUPERSCRIPT_TWO = "²"


def test_a_ruling_on_board_superscript_two_is_refused_beside_its_form() -> None:
    event = site_event(publish=False)
    client = director_client(event)
    response = client.post(
        f"{base(event)}/rulings/",
        {
            "idempotency_key": "ruling-sup",
            "board": SUPERSCRIPT_TWO,
            "table": "1",
            "laws": ["16B1(a)"],
            "facts": "Esitazione",
            "decision": "Media più",
            "adjustment": "artificial",
            "ns_percent": "60",
            "ew_percent": "40",
        },
        **IT,
    )
    assert response.status_code == 400
    assert re.findall(r'<p class="error" role="alert">(.*?)</p>', text(response)) == [
        "Scegli la smazzata e il tavolo"
    ]


def test_the_burraco_room_refuses_superscript_tables_seats_and_sizes() -> None:
    tid, _meta = open_tournament(8, hands_per_turn=2, turns=3, mitchell_turns=3)
    room = Room(tid)
    room.step("lines")
    room.step("positions")
    late = room.send(1, "lateness", seat=f"{SUPERSCRIPT_TWO}-1", late="1:00")
    assert late.status_code == 400
    assert alert(late, "lateness") == "Scegli il tavolo e la coppia"
    absent = room.send(1, "absence", seat=f"1-{SUPERSCRIPT_TWO}")
    assert absent.status_code == 400
    assert alert(absent, "absence") == "Scegli il tavolo e la coppia"
    fixed = room.client.post(
        f"/console/burraco/{tid}/turns/1/corrections/",
        {"kind": "inversion", "table": SUPERSCRIPT_TWO, "idempotency_key": "f1"},
    )
    assert fixed.status_code == 400
    groups = room.client.post(
        f"/console/burraco/{tid}/steps/",
        {"action": "groups", "sizes": SUPERSCRIPT_TWO, "idempotency_key": "g1"},
    )
    assert groups.status_code == 400


def test_the_time_control_refuses_a_superscript_moment() -> None:
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/as-of/"
    assert Client().get(f"{path}?moment={SUPERSCRIPT_TWO}").status_code == 400
    assert Client().get(f"{path}?moment=3").status_code == 200
