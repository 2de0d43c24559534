"""The record, shown, in headless chromium (issue 17): a result's history
from its traveller, and the time control replaying the standings, in both
languages on a phone and a desktop; the traveller fits a phone and prints."""

from __future__ import annotations

from typing import Any

import pytest

from tests.results_site.e2e.conftest import DESKTOP, PHONE
from tests.results_site.integration.test_record import corrected_and_ruled
from tests.support.pairs_event import project
from tests.support.server import Server
from tests.support.site import site_event

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def _right_edge(page: Any, selector: str) -> float:
    return float(
        page.locator(selector).evaluate("e => e.getBoundingClientRect().right")
    )


def test_a_results_history_from_its_traveller_on_a_phone_and_a_desktop(
    server: Server, browser: Any, shot: Any
) -> None:
    event = site_event(publish=False)
    corrected_and_ruled(event)
    published = event.director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/publications/"
    )
    assert published.status_code == 201, published.json()
    project()
    session = f"{server.url}/events/{event.tid}/sessions/1"

    phone = browser.window(PHONE, "it-IT")
    phone.goto(f"{session}/boards/1/")
    shot(phone, "traveller-phone-it-fits")
    # The whole traveller on 390 px: its last column (MP EO) inside the screen,
    # the page and the table itself not scrolling sideways.
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    header = phone.get_by_role("columnheader", name="MP EO")
    assert header.is_visible()
    assert _right_edge(phone, "table.traveller") <= PHONE["width"]
    assert phone.locator("table.traveller").evaluate(
        "e => e.scrollWidth <= e.clientWidth"
    )
    phone.locator("table.traveller tbody tr").first.get_by_role("link").nth(2).click()
    phone.wait_for_url(f"{session}/boards/1/tables/1/")
    record = phone.locator("ol.record").inner_text()
    # The director is "l'arbitro" on every Italian page (the console too).
    assert "Inserito dall'arbitro" in record
    assert "direttore" not in record
    assert "Corretto (Legge 79C1)" in record
    assert "Motivo: recount" in record
    assert "4P N, attacco C A, 11 prese" in record
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "record-phone-it")

    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(f"{session}/boards/3/")
    desktop.get_by_role("link", name="Adjusted A60/40").click()
    desktop.wait_for_url(f"{session}/boards/3/tables/2/")
    record = desktop.locator("ol.record").inner_text()
    assert "Score adjusted to A60/40 (Law 12C2)" in record
    assert "(Laws 12C2): average plus to NS, average minus to EW" in record
    shot(desktop, "record-desktop-en")

    # On paper: the traveller without the navigation, every column shown.
    desktop.goto(f"{session}/boards/1/")
    desktop.emulate_media(media="print")
    assert not desktop.locator("header.top").is_visible()
    assert desktop.get_by_role("columnheader", name="Lead").is_visible()
    assert desktop.get_by_role("columnheader", name="MP EW").is_visible()
    shot(desktop, "traveller-print-en")


def test_the_time_control_replays_the_standings_in_both_languages(
    server: Server, browser: Any, shot: Any
) -> None:
    event = site_event(publish=True)
    session = f"{server.url}/events/{event.tid}/sessions/1"

    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(f"{session}/")
    desktop.get_by_role(
        "link", name="The standings at any moment of the session"
    ).click()
    desktop.wait_for_url(f"{session}/as-of/")
    assert (
        "after 18 of 18 changes to the scores"
        in desktop.locator("#replay").inner_text()
    )
    desktop.evaluate("window.__kept = true")  # gone if the page reloads
    desktop.get_by_label("Changes to the scores (0 to 18)").fill("3")
    desktop.wait_for_function(
        "document.querySelector('#replay').innerText.includes('after 3 of 18')",
        timeout=20_000,
    )
    assert desktop.evaluate("window.__kept") is True
    assert desktop.url.endswith("/as-of/?moment=3")
    rows = desktop.locator("#replay table.standings tbody tr")
    assert rows.count() == 6
    # One board played by then: every pair shows it.
    assert {rows.nth(i).locator("td").nth(3).inner_text() for i in range(6)} == {"1"}
    shot(desktop, "as-of-desktop-en")
    desktop.get_by_role("link", name="Later ›").click()
    desktop.wait_for_url(f"{session}/as-of/?moment=4")
    assert "after 4 of 18" in desktop.locator("#replay").inner_text()

    phone = browser.window(PHONE, "it-IT")
    phone.goto(f"{session}/as-of/")
    assert (
        phone.get_by_role("heading", level=1)
        .inner_text()
        .startswith("La classifica in ogni momento")
    )
    phone.get_by_label("Oppure un orario del turno").fill("00:00:00")
    phone.locator("form").filter(has=phone.locator("#time")).get_by_role(
        "button", name="Mostra"
    ).click()
    phone.wait_for_function(
        "document.querySelector('#replay').innerText.includes('Prima del primo')",
        timeout=20_000,
    )
    assert "Ancora nessun risultato." in phone.locator("#replay").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "as-of-phone-it-before")
    phone.get_by_label("Modifiche ai punteggi (da 0 a 18)").fill("18")
    phone.wait_for_function(
        "document.querySelector('#replay').innerText.includes('dopo 18 di 18')",
        timeout=20_000,
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "as-of-phone-it")
