"""A lateness on the night, on a phone, in headless chromium against the
server process (decision 0188): the director gives turn 1's signal, sees
the countdown run, records a pair 3:20 late (Art. 39: 150 MP to the
opponents), sees it listed under the ladder, and finds the same pair's
lateness a second time refused beside the form with its article; the page
fits the phone's width.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from eventstore.projections import ProjectionRunner
from registry.projections import RegistryProjection
from tests.console.e2e.test_burraco_console_browser import director_of
from tests.console.e2e.test_console_browser import PHONE, sign_in
from tests.support.burraco import open_tournament
from tests.support.server import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def test_the_director_records_a_lateness_from_a_phone(
    server: Server, browser: Any, shot: Any
) -> None:
    tid, meta = open_tournament(6, hands_per_turn=2, turns=3, mitchell_turns=1)
    ProjectionRunner(RegistryProjection()).catch_up()  # the names shown
    handle_burraco(tid, b.FormLines(), metadata=meta)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)  # 1-4, 2-5, 3-6
    turn = f"/console/burraco/{tid}/turns/1/"
    page = browser.window(PHONE, "it-IT")
    sign_in(page, server, director_of(tid), turn)

    page.get_by_role("button", name="Dai il via: inizia il turno 1").click()
    page.locator("#clock .ok").wait_for()
    assert page.locator("#clock .ok").inner_text() == (
        "Via dato: il tempo del turno 1 scorre."
    )
    countdown = page.locator("#clock time.countdown")
    page.wait_for_function(
        "document.querySelector('#clock time.countdown').textContent.includes(':')"
        " && !document.querySelector('#clock time.countdown')"
        ".textContent.startsWith('25:00')"
        " && document.querySelector('#clock time.countdown').textContent.length <= 5"
    )
    assert re.fullmatch(r"2[45]:\d\d", countdown.inner_text())

    lateness = page.locator("#inc-lateness")
    assert lateness.locator("li").nth(1).inner_text() == (
        "oltre 2 e fino a 5 minuti: 150 MP agli avversari"
    )
    page.get_by_label("Tavolo e coppia").first.select_option("2-5")
    page.get_by_label("Ritardo (minuti:secondi)").fill("3:20")
    page.get_by_role("button", name="Registra il ritardo").click()
    page.locator("#inc-lateness .ok").wait_for()
    assert page.locator("#inc-lateness .ok").inner_text() == "Ritardo registrato."
    assert page.locator("#inc-lateness .recorded-list li").inner_text() == (
        "Tavolo 2, 5: 3:20 di ritardo – 150 MP agli avversari"
    )
    recorded = load_burraco(tid).lateness[(1, 5)]
    assert (recorded.seconds, recorded.bonus_to_opponents) == (200, 150)

    # The same pair a second time: refused beside the form, Art. 39.
    page.get_by_label("Tavolo e coppia").first.select_option("2-5")
    page.get_by_label("Ritardo (minuti:secondi)").fill("1:00")
    page.get_by_role("button", name="Registra il ritardo").click()
    page.locator("#inc-lateness .error").wait_for()
    assert page.locator("#inc-lateness .error").inner_text() == (
        "Il ritardo di questa coppia in questo turno è già registrato "
        "(Codice di Gara Art. 39)"
    )
    assert page.get_by_label("Ritardo (minuti:secondi)").input_value() == "1:00"
    assert len(load_burraco(tid).lateness) == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#inc-lateness").scroll_into_view_if_needed()
    shot(page, "burraco-lateness-phone-it")

    # Every incident's form opened: the page still fits the phone.
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "burraco-incidents-phone-it")
