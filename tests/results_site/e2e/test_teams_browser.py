"""Team matches, the knockout bracket, rulings, a player's history and a
burraco event as a person sees them (issue 17): headless chromium opens the
pages of the demo's events on a phone in Italian and on a desktop in
English, against the server process, and reads what is on screen.
"""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from burraco import demo as burraco_demo
from burraco import selectors as burraco_selectors
from eventstore.projections import ProjectionRunner
from registry.projections import RegistryProjection
from tests.support.server import Server
from tournaments import demo, demo_knockout
from tournaments.models import MatchRow
from tournaments.projections import TournamentResults

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
KO = demo_knockout.KNOCKOUT_EVENT


def catch_up() -> None:
    ProjectionRunner(TournamentResults()).catch_up()
    ProjectionRunner(RegistryProjection()).catch_up()


def fits(page: Any) -> bool:
    """Nothing makes the page scroll sideways (a wide table scrolls in its box)."""
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width <= page.viewport_size["width"]


def test_team_matches_and_standings_on_a_phone_and_a_desktop(
    server: Server, browser: Any, shot: Any
) -> None:
    demo.build_teams_event(random.Random(2017))
    catch_up()
    first = MatchRow.objects.filter(tournament_id=demo.TEAMS_EVENT, session=1).order_by(
        "round", "team_a"
    )[0]
    path = f"{server.url}/events/{demo.TEAMS_EVENT}/sessions/1/matches/"
    phone = browser.window(PHONE, "it-IT")
    phone.goto(path)
    # A Swiss round is a "giro", as everywhere else on the site: "turno" is
    # the session ("Incontri del turno 1"), and the two read alike here.
    heading = f"Giro 1: squadra {first.team_a} contro squadra {first.team_b}"
    assert phone.get_by_role("heading", name=heading).is_visible()
    assert "Incontri del turno 1" in phone.locator("h1").inner_text()
    assert "Turno 1: squadra" not in phone.locator("main").inner_text()
    match = phone.locator("section.match").first
    assert f"IMP {first.imps_a} – {first.imps_b}" in match.inner_text()
    assert f"VP {first.vp_a:.2f}".replace(".", ",") in match.inner_text()
    table = phone.get_by_role(
        "table",
        name=f"IMP smazzata per smazzata, squadra {first.team_a} contro squadra {first.team_b}",
    )
    assert table.locator("tbody tr").count() == demo.BOARDS_PER_MATCH
    assert table.locator("tfoot").inner_text().split()[-2:] == [
        str(first.imps_a),
        str(first.imps_b),
    ]
    assert match.locator(".person .name").count() == 8  # two teams of four
    assert fits(phone)
    shot(phone, "team-matches-phone-it")

    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(f"{server.url}/events/{demo.TEAMS_EVENT}/standings/")
    assert desktop.get_by_role("heading", name="Team standings").is_visible()
    assert "Over 2 published sessions of 3" in desktop.locator("main").inner_text()
    rows = desktop.locator("table.standings tbody tr")
    assert rows.count() == demo.TEAMS
    assert rows.first.locator(".person .name").count() == 4
    shot(desktop, "team-standings-desktop-en")


def test_the_knockout_bracket_shows_its_winners(
    server: Server, browser: Any, shot: Any
) -> None:
    demo_knockout.build()
    catch_up()
    path = f"{server.url}/events/{KO}/bracket/"
    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(path)
    assert desktop.get_by_role("heading", name="Semifinals").is_visible()
    assert desktop.get_by_role("heading", name="Final", exact=True).is_visible()
    assert desktop.get_by_role("status").inner_text().startswith("Winners: Team 1")
    winners = desktop.locator(".ko-won .ko-number").all_inner_texts()
    assert winners == ["1", "3", "1"]
    # On a desktop the final stands beside the semifinals, to their right.
    semis = desktop.locator("section.stage").nth(0).bounding_box()
    final = desktop.locator("section.stage").nth(1).bounding_box()
    assert final["x"] > semis["x"] + semis["width"] - 1
    shot(desktop, "bracket-desktop-en")

    phone = browser.window(PHONE, "it-IT")
    phone.goto(path)
    assert phone.get_by_role("heading", name="Semifinali").is_visible()
    assert phone.get_by_role("heading", name="Finale").is_visible()
    assert "Vincitori: Squadra 1" in phone.get_by_role("status").inner_text()
    assert phone.locator(".ko-through").count() == 3
    assert phone.get_by_text("Qualificata").first.is_visible()
    assert fits(phone)
    shot(phone, "bracket-phone-it")


def test_a_ruling_and_a_players_history(
    server: Server, browser: Any, shot: Any
) -> None:
    demo.build_pairs_event(random.Random(2017))
    demo_knockout.build()
    catch_up()
    phone = browser.window(PHONE, "it-IT")
    phone.goto(f"{server.url}/events/{demo.PAIRS_EVENT}/sessions/1/rulings/")
    ruling = phone.locator("article.ruling")
    assert ruling.count() == 1
    assert phone.get_by_role("heading", name="Smazzata 1, tavolo 1").is_visible()
    assert "Assegnato: 60% / 40%" in ruling.locator(".adjusted").inner_text()
    assert "Legge 16B, Legge 12C2" in ruling.inner_text()
    assert fits(phone)
    shot(phone, "ruling-phone-it")
    # From the ruling, the North-South player's name leads to his history.
    phone.locator("article.ruling a.name").first.click()
    phone.wait_for_url("**/players/99001010/")
    assert phone.get_by_role("heading", name="Tornei giocati").is_visible()
    events = phone.locator("article.history h3").all_inner_texts()
    assert events == [
        "Coppa a eliminazione (demo knockout)",
        "Coppa Arbitro (demo pairs)",
    ]
    assert fits(phone)
    shot(phone, "player-phone-it")

    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(f"{server.url}/players/99001010/")
    assert "Federation number 99001010" in desktop.locator("main").inner_text()
    assert desktop.locator("article.history").nth(1).locator("tbody tr").count() == 2
    shot(desktop, "player-desktop-en")
    desktop.goto(f"{server.url}/events/{demo.PAIRS_EVENT}/sessions/1/rulings/")
    assert "Awarded: 60% / 40%" in desktop.locator(".adjusted").inner_text()
    shot(desktop, "ruling-desktop-en")


def test_a_burraco_events_standings(server: Server, browser: Any, shot: Any) -> None:
    director = get_user_model().objects.create_user(f"bd{uuid.uuid4().hex[:6]}")
    burraco_demo.build(lambda _m: None, director=f"user:{director.pk}")
    catch_up()
    top = burraco_selectors.standings(burraco_demo.BURRACO_EVENT, burraco_demo.TURNS)[0]
    desktop = browser.window(DESKTOP, "en-GB")
    desktop.goto(f"{server.url}/events/")
    desktop.get_by_role("link", name="Torneo di burraco (demo)").click()
    desktop.wait_for_url("**/burraco/")
    assert desktop.get_by_role("heading", name="Standings after turn 5").is_visible()
    first = desktop.locator("table.standings tbody tr").first
    cells = first.locator("td").all_inner_texts()
    assert cells[1] == str(top["pair"])
    assert cells[3] == str(top["vp"])
    assert cells[5] == str(top["mp"])
    assert f"Demo burraco Giocatore {top['pair']}.1" in cells[2]
    assert desktop.get_by_text("Checks until").is_visible()
    shot(desktop, "burraco-desktop-en")

    phone = browser.window(PHONE, "it-IT")
    phone.goto(f"{server.url}/events/{burraco_demo.BURRACO_EVENT}/burraco/")
    assert phone.get_by_role("heading", name="Classifica dopo il turno 5").is_visible()
    phone.get_by_role("link", name="Turno 2").click()
    assert phone.get_by_role("heading", name="Classifica dopo il turno 2").is_visible()
    assert fits(phone)
    shot(phone, "burraco-phone-it")


def test_a_score_card_fits_a_phone_in_italian(
    server: Server, browser: Any, shot: Any
) -> None:
    """The Italian headers (Smazzata, Avversari) made the demo's score card
    six pixels wider than a 390 px phone: the whole page scrolled sideways."""
    demo.build_pairs_event(random.Random(2017))
    catch_up()
    phone = browser.window(PHONE, "it-IT")
    phone.goto(f"{server.url}/events/{demo.PAIRS_EVENT}/sessions/1/entries/2/")
    assert phone.get_by_role("heading", name="Score card della coppia 2").is_visible()
    assert phone.locator("table.card tbody tr").count() == 15
    assert phone.locator("table.card thead th").first.inner_text() == "Smazzata"
    assert fits(phone)
    shot(phone, "score-card-phone-it")
