"""The results site as a player sees it, in headless chromium (issue 17).

Names on the standings in both languages, the language switch, a phone and a
desktop window, the 404 page, and a result entered through the API appearing
on an open standings page without a reload (HTMX polling).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.auth import PASSWORD
from tests.support.http import HttpClient
from tests.support.pairs_event import project
from tests.support.server import Server
from tests.support.site import FAMILY, GIVEN, HIDDEN, site_event

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def test_standings_show_names_in_italian_on_a_phone_and_english_on_a_desktop(
    server: Server, browser: Any, shot: Any
) -> None:
    event = site_event(publish=True)
    path = f"{server.url}/events/{event.tid}/sessions/1/"
    phone = browser.window(PHONE, "it-IT")
    phone.goto(path)
    assert phone.locator("html").get_attribute("lang") == "it"
    assert phone.get_by_role("heading", name="Classifica").is_visible()
    table = phone.locator("#live")
    assert f"{GIVEN[0]} {FAMILY[0]}" in table.inner_text()
    assert f"Giocatore n. {event.numbers[HIDDEN]}" in table.inner_text()
    assert FAMILY[HIDDEN] not in table.inner_text()
    assert event.clubs[0] in table.inner_text()
    # Readable on a phone: the page itself does not scroll sideways.
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "standings-phone-it")

    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(path)
    assert desktop.get_by_role("heading", name="Ranking").is_visible()
    rows = desktop.locator("table.standings tbody tr")
    assert rows.count() == 6
    assert "Ufficiale" not in desktop.content()
    assert desktop.get_by_text("Official", exact=True).first.is_visible()
    shot(desktop, "standings-desktop-en")

    # On paper: the standings without the navigation, every column shown.
    desktop.emulate_media(media="print")
    assert not desktop.locator("header.top").is_visible()
    assert desktop.get_by_role("columnheader", name="Boards").first.is_visible()
    assert rows.count() == 6
    shot(desktop, "standings-print-en")
    desktop.emulate_media(media="screen")

    desktop.goto(f"{server.url}/events/{event.tid}/sessions/1/boards/1/")
    assert "4S N" in desktop.locator("table.traveller").inner_text()
    shot(desktop, "traveller-desktop-en")
    phone.goto(f"{server.url}/events/{event.tid}/sessions/1/boards/1/")
    assert "4P N" in phone.locator("table.traveller").inner_text()
    shot(phone, "traveller-phone-it")
    phone.goto(f"{server.url}/events/{event.tid}/sessions/1/entries/1/")
    assert "Score card della coppia 1" in phone.locator("h1").inner_text()
    shot(phone, "score-card-phone-it")
    desktop.goto(f"{server.url}/events/{event.tid}/")
    shot(desktop, "event-desktop-en")
    desktop.goto(f"{server.url}/")
    shot(desktop, "home-desktop-en")
    phone.goto(f"{server.url}/events/")
    shot(phone, "events-phone-it")


def test_the_language_switch_turns_the_site_to_english_and_back(
    server: Server, browser: Any
) -> None:
    page = browser.window(DESKTOP, "it-IT")
    page.goto(f"{server.url}/")
    assert (
        page.get_by_role("heading", level=1).inner_text()
        == "Risultati di bridge e burraco"
    )
    page.get_by_label("Lingua").select_option("en")
    page.get_by_role("button", name="Cambia").click()
    page.wait_for_url(f"{server.url}/")
    assert (
        page.get_by_role("heading", level=1).inner_text()
        == "Bridge and burraco results"
    )
    page.goto(f"{server.url}/events/")
    assert page.get_by_role("heading", level=1).inner_text() == "Events"
    page.get_by_label("Language").select_option("it")
    page.get_by_role("button", name="Change").click()
    page.wait_for_url(f"{server.url}/events/")
    assert page.get_by_role("heading", level=1).inner_text() == "Tornei"


def test_the_404_page_is_the_sites(server: Server, browser: Any, shot: Any) -> None:
    page = browser.window(PHONE, "it-IT")
    response = page.goto(f"{server.url}/events/not-an-event/")
    assert response.status == 404
    assert page.get_by_role("heading", level=1).inner_text() == "Pagina non trovata"
    assert page.get_by_role("link", name="Vedi i tornei").is_visible()
    # The site's stylesheet applies: the banner is the brand's blue.
    colour = page.locator("header.top").evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    assert colour == "rgb(11, 79, 138)"
    shot(page, "404-phone-it")


def test_a_result_entered_through_the_api_appears_on_an_open_standings_page(
    server: Server, browser: Any, shot: Any
) -> None:
    missing = {(2, table) for table in range(1, 4)}
    event = site_event(publish=False, skip=missing)
    # The API client first: signing in gives the director his password, and
    # a new password would end the browser's session.
    director = HttpClient(server.url, event.director_user)
    page = browser.window(DESKTOP, "en-GB")
    page.goto(f"{server.url}/login/")
    page.get_by_label("Username").fill(event.director_user.get_username())
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{server.url}/me/")  # a signed-in person lands on their page
    page.goto(f"{server.url}/events/{event.tid}/sessions/1/")
    assert page.get_by_text("Provisional", exact=True).is_visible()
    before = page.locator("#live").inner_text()
    boards_before = page.locator("ul.boards li").count()
    page.evaluate("window.__kept = true")  # gone if the page reloads
    table = next(
        t
        for t in range(1, 4)
        if director.post(
            f"/api/v1/tournaments/{event.tid}/sessions/1/results/",
            {
                "board_number": 2,
                "table": t,
                "contract": "3NTS",
                "tricks": 9,
                "lead": "HA",
            },
        ).status_code
        == 201
    )
    assert table in {1, 2, 3}
    project()
    page.wait_for_function(
        f"document.querySelectorAll('ul.boards li').length > {boards_before}",
        timeout=20_000,
    )
    assert page.evaluate("window.__kept") is True
    assert page.locator("#live").inner_text() != before
    assert re.search(r"\b2\b", page.locator("ul.boards").inner_text())
    shot(page, "standings-live-director-en")


def test_the_api_docs_render_from_the_server_alone(
    server: Server, browser: Any, shot: Any
) -> None:
    """Swagger UI and Redoc come from drf-spectacular-sidecar: everything the
    pages load comes from our server (Redoc's maker's logo is blocked by the
    page's policy before any request leaves), and the documentation renders."""
    page = browser.window(DESKTOP, "en-GB")
    loaded: list[str] = []
    page.on("requestfinished", lambda request: loaded.append(request.url))
    page.goto(f"{server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=30_000)
    assert "Arbitro API" in page.locator(".swagger-ui .info .title").inner_text()
    # The operations render, grouped by area (decision 0190; the tags are
    # checked in the schema's own test): Swagger UI draws the sections near
    # the viewport, so the first areas' headings and operations are here.
    page.wait_for_function(
        "document.querySelectorAll('.opblock').length > 5", timeout=30_000
    )
    tags = page.locator(".opblock-tag").all_inner_texts()
    assert [t.split()[0] for t in tags[:2]] == ["health", "appeals"]
    shot(page, "api-docs-desktop", full_page=False)
    page.goto(f"{server.url}/api/redoc/")
    page.wait_for_selector("h1", timeout=30_000)
    assert "Arbitro API" in page.locator("h1").first.inner_text()
    shot(page, "api-redoc-desktop", full_page=False)
    assert any(url.endswith("swagger-ui-bundle.js") for url in loaded)
    assert any(url.endswith("redoc.standalone.js") for url in loaded)
    outside = [
        url
        for url in loaded
        if not url.startswith((server.url, f"blob:{server.url}", "data:"))
    ]
    assert outside == []
