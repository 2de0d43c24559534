"""A board's deal as a player sees it on a phone, in Italian (issue 17):
headless chromium opens a published board's page at 390 px and finds the
four-hand diagram, the double-dummy table and par, without the page
scrolling sideways; on a desktop and on paper too.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.server import Server
from tests.support.site import DEALS, record_deals, site_event

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def test_a_boards_diagram_on_a_phone_in_italian(
    server: Server, browser: Any, shot: Any
) -> None:
    event = site_event(publish=True)
    record_deals(event.tid, DEALS)
    path = f"{server.url}/events/{event.tid}/sessions/1/boards/2/"
    phone = browser.window(PHONE, "it-IT")
    phone.goto(path)
    assert phone.get_by_role("heading", name="La distribuzione").is_visible()
    north = phone.get_by_role("group", name="Nord , in zona")
    assert north.is_visible()
    assert "A R 9 6" in north.inner_text()
    south = phone.get_by_role("group", name="Sud , in zona")
    assert "—" in south.inner_text()
    east = phone.get_by_role("group", name="Est mazziere")
    west = phone.get_by_role("group", name="Ovest")
    # The classic layout: N above, W left of E, S below, all on screen.
    box = {
        name: hand.bounding_box()
        for name, hand in (("n", north), ("s", south), ("e", east), ("w", west))
    }
    assert box["n"]["y"] < box["w"]["y"] < box["s"]["y"]
    assert box["w"]["x"] + box["w"]["width"] <= box["e"]["x"]
    assert box["e"]["x"] + box["e"]["width"] <= PHONE["width"]
    table = phone.get_by_role("table", name="Doppio morto")
    assert table.is_visible()
    assert table.locator("tbody tr").count() == 4
    assert "+100" in phone.locator(".par").inner_text()
    # Red suits in red, dark enough on white.
    heart = phone.locator(".hand-n .suit-h").first
    assert heart.evaluate("e => getComputedStyle(e).color") == "rgb(176, 0, 30)"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "deal-phone-it")

    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(path.replace("/boards/2/", "/boards/1/"))
    assert desktop.get_by_role("heading", name="The deal").is_visible()
    assert desktop.get_by_role("group", name="North dealer").is_visible()
    shot(desktop, "deal-desktop-en")
    desktop.emulate_media(media="print")
    assert desktop.locator(".diagram").is_visible()
    assert desktop.get_by_role("table", name="Double dummy").is_visible()
    shot(desktop, "deal-print-en")
