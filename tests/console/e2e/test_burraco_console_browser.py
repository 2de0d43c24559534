"""The burraco scoring room in headless chromium against the server process
(issue 19, decision 0176): the director forms the lines and publishes turn
1, types the turn's sheets from the keyboard, sees the one refused sheet
beside its line with its article and nothing recorded, records the turn,
generates the Danese turn 2 from the standings, finds turn 1 closed to
corrections (only an inversion, Art. 20), corrects a sheet of turn 2 and
prints turn 2's positions.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from burraco.handlers import load_burraco
from eventstore.projections import ProjectionRunner
from registry.projections import RegistryProjection
from tests.console.e2e.test_console_browser import DESKTOP, PHONE, sign_in
from tests.support.auth import PASSWORD
from tests.support.burraco import open_tournament
from tests.support.server import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

# Turn 1 (Mitchell, 1-4, 2-5, 3-6), two hands a table: fixed base, fixed
# points, mobile base, mobile points. Table 2's 123 is not a multiple of 5.
SHEETS = {
    1: [("300", "100", "0", "50"), ("0", "0", "0", "0")],
    2: [("100", "123", "0", "0"), ("0", "0", "0", "0")],
    3: [("0", "0", "200", "100"), ("0", "0", "0", "0")],
}


def director_of(tid: Any) -> Any:
    user = get_user_model().objects.create_user("bur2-director")
    user.set_password(PASSWORD)
    user.save()
    RoleGrant.objects.create(user=user, role="director", tournament_id=tid)
    return user


def test_the_director_runs_the_scoring_room_from_the_keyboard(
    server: Server, browser: Any, shot: Any
) -> None:
    tid, _meta = open_tournament(6, hands_per_turn=2, turns=3, mitchell_turns=1)
    ProjectionRunner(RegistryProjection()).catch_up()
    console = f"/console/burraco/{tid}/"
    page = browser.window(DESKTOP, "it-IT")
    sign_in(page, server, director_of(tid), console)
    assert page.get_by_role("heading", level=1).inner_text().startswith("Sala conti")
    page.get_by_role("button", name="Forma le linee").click()
    page.locator("#steps .ok").wait_for()
    assert page.locator("#steps .ok").inner_text() == "Linee formate."
    page.get_by_role(
        "button", name="Genera e pubblica le posizioni del turno 1"
    ).click()
    page.locator("#steps .ok").wait_for()
    assert (
        page.locator("#steps .ok").inner_text() == "Posizioni del turno 1 pubblicate."
    )
    assert page.locator(".burraco-tables .state-waiting").count() == 3
    shot(page, "burraco-console-it")

    page.get_by_role("link", name="Score del turno 1").first.click()
    page.wait_for_url(f"{server.url}{console}turns/1/")
    page.wait_for_function("document.activeElement.tagName === 'INPUT'")
    assert (
        page.evaluate("document.activeElement.getAttribute('aria-label')")
        == "Tavolo 1, smazzata 1, la base della linea fissa"
    )
    for table in (1, 2, 3):
        for hand in SHEETS[table]:
            for value in hand:
                page.keyboard.type(value)
                page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    refused = page.locator("tbody.refused")
    refused.wait_for()
    assert refused.count() == 1
    assert refused.get_attribute("data-table") == "2"
    assert refused.locator("td.err").inner_text() == (
        "Smazzata 1, i punti della linea fissa 123: ogni valore del conteggio è "
        "un multiplo di 5 (Codice di Gara Art. 18)"
    )
    assert (
        page.locator("#sheets .error").inner_text()
        == "Non è stato registrato nulla: correggi gli score segnati."
    )
    assert load_burraco(tid).results == {}
    shot(page, "burraco-sheets-refused-it")
    # The keyboard is back on the refused sheet's first field.
    page.wait_for_function(
        "document.activeElement.getAttribute('aria-label') === "
        "'Tavolo 2, smazzata 1, la base della linea fissa'"
    )
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("125")
    page.keyboard.press("Enter")
    page.locator("#sheets .ok").wait_for()
    assert page.locator("#sheets .ok").inner_text() == "3 score registrati."
    assert page.locator("tbody.recorded").count() == 3
    results = load_burraco(tid).results
    assert [
        (results[(1, t)].fixed_mp, results[(1, t)].mobile_mp) for t in (1, 2, 3)
    ] == [
        (400, 50),
        (225, 0),
        (0, 300),
    ]

    # Turn 2 is Danese from the standings: 1st against 2nd, the higher fixed.
    page.get_by_role("link", name="Sala conti").click()
    page.get_by_role(
        "button", name="Genera e pubblica le posizioni del turno 2"
    ).click()
    page.locator("#steps .ok").wait_for()
    seats = load_burraco(tid).positions[2]
    assert [(p.table, p.fixed, p.mobile) for p in seats] == [
        (1, 1, 6),
        (2, 2, 5),
        (3, 3, 4),
    ]
    assert page.locator("#turn-2 + ul + div .burraco-tables tbody tr").count() == 3

    # Turn 1 is closed to corrections: only the inversion (Art. 20).
    page.goto(f"{server.url}{console}turns/1/")
    fix = page.locator("#fix")
    assert "solo un'inversione" in fix.inner_text()
    assert (
        fix.get_by_role("button", name="Inverti i punteggi delle due coppie").count()
        == 1
    )
    assert fix.get_by_role("button", name="Correggi lo score").count() == 0

    # Turn 2: a sheet, then its correction with the opponents' confirmation.
    page.goto(f"{server.url}{console}turns/2/")
    page.get_by_label("Tavolo 1, smazzata 1, la base della linea fissa").fill("100")
    page.get_by_label("Tavolo 1, smazzata 1, i punti della linea fissa").fill("0")
    page.get_by_label("Tavolo 1, smazzata 1, la base della linea mobile").fill("0")
    page.get_by_label("Tavolo 1, smazzata 1, i punti della linea mobile").fill("0")
    page.get_by_role("button", name="Registra gli score del turno").click()
    page.locator("#sheets .ok").wait_for()
    assert page.locator("#sheets .ok").inner_text() == "1 score registrato."
    # Nothing in flight may replace the correction form once it is typed in.
    page.wait_for_load_state("networkidle")
    fix = page.locator("#fix")
    fix.get_by_label("Tavolo").fill("1")
    fix.get_by_label("Correzione, smazzata 1, la base della linea fissa").fill("200")
    fix.get_by_label("Correzione, smazzata 1, i punti della linea fissa").fill("0")
    fix.get_by_label("Correzione, smazzata 1, la base della linea mobile").fill("0")
    fix.get_by_label("Correzione, smazzata 1, i punti della linea mobile").fill("0")
    fix.get_by_role("button", name="Correggi lo score").click()
    page.locator("#fix .error").wait_for()
    assert page.locator("#fix .error").inner_text() == (
        "Una correzione richiede la conferma degli avversari (e, in un turno "
        "protetto, la controfirma dell'arbitro) (Codice di Gara Art. 20)"
    )
    page.locator("#fix").get_by_label("Gli avversari confermano la correzione").check()
    page.locator("#fix").get_by_role("button", name="Correggi lo score").click()
    page.locator("#fix .ok").wait_for()
    assert page.locator("#fix .ok").inner_text() == "Score corretto."
    corrected = load_burraco(tid).results[(2, 1)]
    assert (corrected.corrected, corrected.fixed_mp) == (True, 200)
    shot(page, "burraco-correction-it")

    page.goto(f"{server.url}{console}turns/2/print/")
    rows = page.locator(".positions-sheet tbody tr")
    assert rows.count() == 3
    assert rows.nth(1).inner_text().split("\t")[:1] == ["2"]
    assert rows.nth(1).inner_text().count("Ada Rossi") == 4
    shot(page, "burraco-positions-print-it")

    # On a phone the pages fit the screen's width (the tables scroll).
    phone = browser.window(PHONE, "it-IT")
    sign_in(
        phone, server, get_user_model().objects.get(username="bur2-director"), console
    )
    for path in (console, f"{console}turns/2/"):
        phone.goto(f"{server.url}{path}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "burraco-turn-phone-it")
