"""The director's console, a table's phone and the printables in headless
chromium against the server process (issue 18).

The director signs in, types round 1 with the keyboard in Italian notation
and records it in one batch (decision 0130), then gives a ruling whose Laws
come from a list and whose weighted score the form builds (Law 12C1(c)); a
table signs in on a 390x844 phone with its code, North enters, East-West
confirm and the traveller appears; every printable renders for paper.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from console.models import TableCode
from console.table_codes import issue_codes
from tests.console.integration.test_late_corrections import late_event
from tests.support.auth import PASSWORD
from tests.support.pairs_event import project
from tests.support.runner import caught_up
from tests.support.server import Server
from tests.support.site import site_event
from tournaments import handlers
from tournaments.domain import board_result

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
EVERYTHING = frozenset((b, t) for b in range(1, 7) for t in range(1, 4))


def sign_in(
    page: Any, server: Server, user: Any, next_path: str, *, english: bool = False
) -> None:
    page.goto(f"{server.url}/login/?next={next_path}")
    page.get_by_label("Username" if english else "Nome utente").fill(
        user.get_username()
    )
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in" if english else "Accedi").click()
    page.wait_for_url(f"{server.url}{next_path}")


def stored(tid: str, board: int, table: int) -> board_result.BoardResultState:
    stream = board_result.stream_id(uuid.UUID(tid), 1, board, table)
    return handlers.BOARD_RESULTS.load(stream)[1]


def test_the_director_enters_a_round_from_the_console_and_gives_a_ruling(
    server: Server, browser: Any, shot: Any
) -> None:
    event = site_event(publish=False, skip=EVERYTHING)
    console = f"/console/events/{event.tid}/sessions/1/"
    page = browser.window(DESKTOP, "it-IT")
    sign_in(page, server, event.director_user, console)
    assert (
        page.get_by_role("heading", level=1)
        .inner_text()
        .startswith("Console dell'arbitro")
    )
    assert page.locator("#movement .state-not_started").count() == 9
    shot(page, "console-desktop-it")

    page.get_by_role("link", name="Giro 1").click()
    page.wait_for_url(f"{server.url}{console}rounds/1/")
    # The keyboard only: the first contract has the focus; Tab to the next.
    state = handlers.load_tournament(uuid.UUID(event.tid))
    lines = [
        (a.table, b)
        for a in sorted(state.sessions[1].assignments, key=lambda a: a.table)
        if a.round == 1
        for b in a.boards
    ]
    assert len(lines) == 6
    # The page focuses the first contract once loaded: type only then, or
    # the first keystrokes land nowhere (seen under load in CI).
    page.wait_for_function("document.activeElement.tagName === 'INPUT'")
    typed = ["4P", "N", "C A", "10"]
    for n, _line in enumerate(lines):
        values = typed if n != 1 else ["3SA", "E", "P 10", "14"]
        for value in values:
            page.keyboard.type(value)
            page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    refused = page.locator("tr.refused")
    refused.wait_for()
    assert refused.count() == 1
    assert "Le prese vanno da 0 a 13" in refused.inner_text()
    assert "Non è stato registrato nulla" in page.locator("#round .error").inner_text()
    assert stored(event.tid, lines[0][1], lines[0][0]).entered is None
    shot(page, "round-refused-it")
    # The keyboard is back on the refused line's first field.
    contract = f"Contratto, tavolo {lines[1][0]}, smazzata {lines[1][1]}"
    page.wait_for_function(
        f"document.activeElement.getAttribute('aria-label') === {contract!r}"
    )
    for _field in range(3):
        page.keyboard.press("Tab")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    page.locator("#round .ok").wait_for()
    assert page.locator("#round .ok").inner_text() == "6 risultati registrati."
    assert page.locator("tr.recorded").count() == 6
    shot(page, "round-recorded-it")
    second = stored(event.tid, lines[1][1], lines[1][0])
    assert (second.contract, second.lead, second.tricks) == ("3NTE", "ST", 9)

    # A ruling on the first line: the Laws from the list, a weighted score.
    project()
    table, board = lines[0]
    page.goto(f"{server.url}{console}?board={board}&table={table}#ruling")
    ruling = page.locator("#ruling")
    assert ruling.get_by_label("Smazzata", exact=True).input_value() == str(board)
    ruling.get_by_label("12C1(c) Punteggio ponderato").check()
    ruling.get_by_label("16B1(a) Informazione non autorizzata dal compagno").check()
    ruling.get_by_label("Fatti", exact=True).fill(
        "Esitazione evidente prima del passo di Sud"
    )
    ruling.get_by_label("Decisione", exact=True).fill(
        "Punteggio ponderato per Est-Ovest"
    )
    ruling.get_by_label("Ponderato (Legge 12C1(c))").check()
    ruling.get_by_label("Contratto 1").fill("4P")
    ruling.locator("#o0-declarer").fill("N")
    ruling.locator("#o0-tricks").fill("10")
    ruling.locator("#o0-percent").fill("70")
    ruling.get_by_label("Contratto 2").fill("4P")
    ruling.locator("#o1-declarer").fill("N")
    ruling.locator("#o1-tricks").fill("9")
    ruling.locator("#o1-percent").fill("30")
    page.evaluate("window.__kept = true")
    ruling.get_by_role("button", name="Registra la decisione").click()
    page.locator("#ruling .ok").wait_for()
    assert page.evaluate("window.__kept") is True  # HTMX: no reload
    assert page.locator("#ruling .ok").inner_text() == "Decisione registrata."
    assert "Legge 12C1(c), 16B1(a)" in page.locator("#ruling .cards").inner_text()
    adjusted = stored(event.tid, board, table).adjusted
    assert isinstance(adjusted, str)
    assert re.fullmatch(r"assigned:\d+@0\.7,-\d+@0\.3", adjusted)
    shot(page, "ruling-recorded-it")

    # The movement shows round 1 in: the director's results need no
    # confirmation (Law 79A).
    page.reload()
    assert page.locator("#movement .state-confirmed").count() == 3
    assert page.locator("#movement .state-not_started").count() == 6
    shot(page, "console-after-round-it")


def test_a_board_not_played_gets_its_artificial_score_from_the_round(
    server: Server, browser: Any, shot: Any
) -> None:
    """Law 12C2: from round 1's line the director records "board not played"
    and the artificial score in the one ruling form (no 409 ``no_result``)."""
    event = site_event(publish=False, skip=EVERYTHING)
    console = f"/console/events/{event.tid}/sessions/1/"
    page = browser.window(DESKTOP, "it-IT")
    sign_in(page, server, event.director_user, f"{console}rounds/1/")
    line = page.locator("#round tbody tr").first
    table, board = (int(n) for n in line.get_attribute("data-line").split("-"))
    line.get_by_role("link", name="Non giocata…").click()
    page.wait_for_url(re.compile(r".*not_played=1#ruling$"))
    ruling = page.locator("#ruling")
    assert ruling.get_by_label("Smazzata", exact=True).input_value() == str(board)
    assert ruling.get_by_label("Tavolo", exact=True).input_value() == str(table)
    assert ruling.locator("#ruling-not-played").is_checked()
    assert ruling.get_by_label("12C2 Punteggio rettificato artificiale").is_checked()
    assert ruling.get_by_label("Artificiale (Legge 12C2)").is_checked()
    ruling.get_by_label("Nord-Sud %").select_option("60")
    ruling.get_by_label("Est-Ovest %").select_option("40")
    ruling.get_by_label("Fatti", exact=True).fill(
        "La coppia Est-Ovest è arrivata tardi"
    )
    ruling.get_by_label("Decisione", exact=True).fill("Media più a Nord-Sud")
    shot(page, "not-played-form-it")
    ruling.get_by_role("button", name="Registra la decisione").click()
    page.locator("#ruling .ok").wait_for()
    assert page.locator("#ruling .ok").inner_text() == "Decisione registrata."
    state = stored(event.tid, board, table)
    kind = state.irregularity.kind if state.irregularity else None
    assert (kind, state.adjusted) == ("not_played", "A60/40")
    shot(page, "not-played-recorded-it")


def test_the_organizer_approves_a_late_correction_from_their_own_account(
    server: Server, browser: Any, shot: Any
) -> None:
    """Law 79C2: the director's correction after the period waits for the
    organizer; the organizer's own account approves it with a reason; the
    director's correction then goes through (decisions 0119, 0161)."""
    tid, director_user, organizer_user = late_event()
    console = f"/console/events/{tid}/sessions/1/"
    director = browser.window(DESKTOP, "it-IT")
    sign_in(director, server, director_user, console)
    panel = director.locator("#correction")

    def correct() -> None:
        panel.get_by_label("Smazzata", exact=True).fill("1")
        panel.get_by_label("Tavolo", exact=True).fill("1")
        panel.get_by_label("Contratto", exact=True).fill("4P")
        panel.get_by_label("Giocante", exact=True).fill("N")
        panel.get_by_label("Prese", exact=True).fill("9")
        panel.get_by_label("Motivo", exact=True).fill("Errore del segnapunti")
        panel.get_by_role("button", name="Correggi il risultato").click()

    correct()
    director.locator("#correction .error").wait_for()
    assert (
        "inviata all'organizzatore"
        in director.locator("#correction .error").inner_text()
    )

    page = f"/console/events/{tid}/late-corrections/"
    organizer = browser.window(PHONE, "it-IT")
    sign_in(organizer, server, organizer_user, page)
    item = organizer.locator(".late-corrections li")
    assert item.count() == 1
    assert "Sessione 1, smazzata 1, tavolo 1" in item.inner_text()
    assert "Risultato corretto: 4SN 9" in item.inner_text()
    shot(organizer, "late-corrections-phone-it")
    item.get_by_label("Motivo dell'approvazione").fill(
        "Errore visto da entrambe le coppie"
    )
    item.get_by_role("button", name="Approva la correzione tardiva").click()
    organizer.wait_for_url(f"{server.url}{page}?approved=1")
    assert organizer.get_by_role("status").inner_text() == "Approvata."
    shot(organizer, "late-correction-approved-phone-it")

    director.reload()
    correct()
    director.locator("#correction .ok").wait_for()
    assert director.locator("#correction .ok").inner_text() == "Correzione registrata."
    state = stored(tid, 1, 1)
    assert (state.contract, state.tricks, state.late_approval) == ("4SN", 9, None)


def test_a_table_enters_a_result_on_a_phone_and_east_west_confirm(
    server: Server, browser: Any, shot: Any, start_runner: Any
) -> None:
    """The phone's pages read the results read model; after each command the
    board's page waits for the projection's runner to apply it (decision
    0220), so the page a table sees next shows what it just sent."""
    event = site_event(publish=False, skip=EVERYTHING - {(1, 2), (2, 2)})
    start_runner()
    director = browser.window(DESKTOP, "it-IT")
    sign_in(
        director,
        server,
        event.director_user,
        f"/console/events/{event.tid}/sessions/1/",
    )
    # No code yet (decision 0160): the console offers to issue them.
    director.get_by_role("button", name="Emetti i codici dei tavoli").click()
    director.locator("#movement .ok").wait_for()
    assert director.locator("#movement .ok").inner_text() == "Codici dei tavoli emessi."
    code = TableCode.objects.get(
        tournament_id=uuid.UUID(event.tid), session=1, table=1
    ).code
    assert code in director.locator("#movement").inner_text()

    phone = browser.window(PHONE, "it-IT")
    phone.goto(f"{server.url}/table/")
    shot(phone, "table-login-phone-it")
    phone.get_by_label("Codice del tavolo").fill(code.lower())
    phone.get_by_role("button", name="Accedi con il tavolo").click()
    phone.wait_for_url(f"{server.url}/table/boards/")
    shot(phone, "table-boards-phone-it")
    phone.get_by_role("link", name="Smazzata 1").first.click()
    phone.wait_for_url(f"{server.url}/table/boards/1/")
    assert phone.get_by_role("heading", name="Nord inserisce il risultato").is_visible()
    assert phone.locator("#traveller").count() == 0  # not before the result
    phone.get_by_label("Contratto").fill("4C")
    phone.get_by_label("S", exact=True).check()
    phone.get_by_label("Attacco").fill("P R")
    phone.get_by_label("Prese fatte dal giocante").fill("10")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "table-enter-phone-it")
    key = phone.locator("input[name=idempotency_key]").input_value()

    # The connection drops after the server recorded the result and before
    # its answer arrives: the page stays as it was, with its key, and says
    # so; sent again, it is the same command (one result, answered).
    def drop_the_answer(route: Any) -> None:
        if route.request.method == "POST":
            route.fetch()
            route.abort()
        else:
            route.continue_()

    phone.route("**/table/boards/1/", drop_the_answer)
    phone.get_by_role("button", name="Inserisci il risultato").click()
    phone.locator("#offline").wait_for()
    assert stored(event.tid, 1, 1).entered is not None
    phone.unroute("**/table/boards/1/")
    assert phone.locator("input[name=idempotency_key]").input_value() == key
    assert phone.get_by_label("Contratto").input_value() == "4C"
    shot(phone, "table-offline-phone-it")
    phone.get_by_role("button", name="Inserisci il risultato").click()
    phone.get_by_role("button", name="Est-Ovest confermano").wait_for()
    result = stored(event.tid, 1, 1)
    assert (result.contract, result.lead, result.tricks) == ("4HS", "SK", 10)
    assert result.confirmed is False
    assert "4C S" in phone.locator(".big").inner_text()
    caught_up()
    phone.reload()
    assert phone.locator("#traveller").is_visible()
    shot(phone, "table-confirm-phone-it")
    phone.get_by_role("button", name="Est-Ovest confermano").click()
    phone.get_by_text("Risultato confermato da Est-Ovest.").wait_for()
    assert stored(event.tid, 1, 1).confirmed is True
    caught_up()
    phone.reload()
    traveller = phone.locator("table.traveller").inner_text()
    assert "4C S" in traveller
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "table-confirmed-phone-it")
    director.reload()
    row = director.locator('#movement tr[data-round="1"][data-table="1"]')
    assert row.locator(".state").inner_text() == "in gioco"


def test_the_printables_render_for_paper(
    server: Server, browser: Any, shot: Any
) -> None:
    event = site_event(publish=True)
    base = f"/console/events/{event.tid}/sessions/1/print/"
    page = browser.window(DESKTOP, "it-IT")
    sign_in(page, server, event.director_user, f"{base}guide-cards/")
    page.emulate_media(media="print")
    assert page.locator("section.guide-card").count() == 6
    assert not page.locator("header.top").is_visible()
    assert not page.locator(".print-actions").is_visible()
    assert "Coppia 1" in page.locator("section.guide-card").first.inner_text()
    shot(page, "print-guide-cards-it")
    issue_codes(uuid.UUID(event.tid), 1, (1, 2, 3))  # the console's button
    page.goto(f"{server.url}{base}table-cards/")
    cards = page.locator("section.table-card")
    assert cards.count() == 3
    codes = dict(
        TableCode.objects.filter(tournament_id=uuid.UUID(event.tid)).values_list(
            "table", "code"
        )
    )
    assert codes[1] in cards.first.inner_text()
    shot(page, "print-table-cards-it")
    page.goto(f"{server.url}{base}travellers/")
    assert page.locator("section.traveller-sheet").count() == 6
    # Three tables play each board, and one spare line.
    assert (
        page.locator("section.traveller-sheet").first.locator("tbody tr").count() == 4
    )
    shot(page, "print-travellers-it")
    page.goto(f"{server.url}{base}recap/")
    assert page.locator("table.recap tbody tr").count() == 6
    shot(page, "print-recap-it")
    page.goto(f"{server.url}{base}standings/")
    assert page.get_by_role("heading", name="Classifica finale").is_visible()
    assert page.locator("table.standings tbody tr").count() == 6
    shot(page, "print-standings-it")
    page.emulate_media(media="screen")
    page.goto(f"{server.url}{base}table-cards/")
    page.set_viewport_size(PHONE)
    shot(page, "table-cards-phone-screen-it")

    # In English: the console of the published session, its windows running.
    console = f"/console/events/{event.tid}/sessions/1/"
    english = browser.window(DESKTOP, "en-GB")
    sign_in(english, server, event.director_user, console, english=True)
    assert (
        english.get_by_role("heading", level=1)
        .inner_text()
        .startswith("Director's console")
    )
    assert english.locator("#publication time.countdown").count() == 3
    assert english.locator("#movement .state-confirmed").count() == 9
    english.goto(f"{server.url}{base}travellers/")
    assert english.get_by_role("heading", name="Board 1").is_visible()
    english.goto(f"{server.url}{console}")
    shot(english, "console-published-en")


def test_a_round_sheet_on_a_phone_scrolls_in_its_box_not_the_page(
    server: Server, browser: Any, shot: Any
) -> None:
    """The round's table scrolls sideways inside its box; the hidden label of
    its last column (absolute, "Problema") sat outside that box and widened
    the whole page on a 390 px phone (506 px on the demo)."""
    event = site_event(publish=False, skip=EVERYTHING)
    path = f"/console/events/{event.tid}/sessions/1/rounds/1/"
    phone = browser.window(PHONE, "it-IT")
    sign_in(phone, server, event.director_user, path)
    assert phone.get_by_role("heading", level=1).inner_text().startswith("Giro 1")
    assert phone.locator("#round tbody tr").count() == 6
    assert phone.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    box = phone.locator("#round table.results")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth")  # it scrolls itself
    shot(phone, "round-phone-it")
