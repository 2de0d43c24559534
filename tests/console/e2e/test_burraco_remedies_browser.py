"""The director's remedies on a phone, in headless chromium against the
server process (decision 0217): a quarrel at table 2 (Art. 38: the guilty
pair 0 and out, the innocent 14 VP and 305 MP with two hands), refused
first without its report beside the form, then recorded and listed with
its report; the page fits the phone's width with every form open.
"""

from __future__ import annotations

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


def test_the_director_records_a_quarrel_from_a_phone(
    server: Server, browser: Any, shot: Any
) -> None:
    tid, meta = open_tournament(6, hands_per_turn=2, turns=3, mitchell_turns=1)
    ProjectionRunner(RegistryProjection()).catch_up()  # the names shown
    handle_burraco(tid, b.FormLines(), metadata=meta)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)  # 1-4, 2-5, 3-6
    page = browser.window(PHONE, "it-IT")
    sign_in(page, server, director_of(tid), f"/console/burraco/{tid}/turns/1/")

    page.locator("#inc-quarrel summary").click()
    quarrel = page.locator("#inc-quarrel")
    assert "Alla coppia incolpevole 14 VP e 305 MP" in quarrel.inner_text()
    quarrel.get_by_label("Tavolo e coppia colpevole").select_option("2-5")
    quarrel.get_by_role("button", name="Registra l'abbandono per litigio").click()
    page.locator("#inc-quarrel .error").wait_for()
    assert page.locator("#inc-quarrel .error").inner_text() == (
        "Scrivi la segnalazione: l'accaduto, per gli organi di Giustizia Sportiva"
    )
    assert (1, 2) not in load_burraco(tid).results

    quarrel = page.locator("#inc-quarrel")
    quarrel.get_by_label("Tavolo e coppia colpevole").select_option("2-5")
    quarrel.get_by_label("Segnalazione agli organi di Giustizia Sportiva").fill(
        "La coppia 5 lascia il tavolo dopo una lite."
    )
    quarrel.get_by_role("button", name="Registra l'abbandono per litigio").click()
    page.locator("#inc-quarrel .ok").wait_for()
    assert page.locator("#remedied li").inner_text() == (
        "Tavolo 2, 2 – 5: abbandono per litigio · VP 14 – 0 · MP 305 / -305 "
        "(Codice di Gara Art. 38)"
    )
    assert page.locator("table.reports tbody td").nth(5).inner_text() == (
        "La coppia 5 lascia il tavolo dopo una lite."
    )
    state = load_burraco(tid)
    assert (state.abandoned, state.results[(1, 2)].remedy) == (
        frozenset({5}),
        "quarrel",
    )
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#remedies").scroll_into_view_if_needed()
    shot(page, "burraco-remedies-phone-it")
