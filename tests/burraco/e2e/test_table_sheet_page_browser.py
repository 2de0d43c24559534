"""The table's score sheet on a phone, in chromium (decision 0185; Art. 19):
the keeper fills it, the opponents sign it, the winners deliver it; a
refusal is shown in Italian naming the article."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from burraco.handlers import load_burraco
from tests.burraco.e2e.test_pairs_tournament_over_http import Burraco
from tests.console.e2e.test_console_browser import PHONE, sign_in
from tests.results_site.e2e.conftest import browser, shot
from tests.support.auth import PASSWORD
from tests.support.server import Server

__all__ = ["browser", "shot"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def account(event: Burraco, pair: int) -> Any:
    user = get_user_model().objects.create_user(
        f"b{pair}-{uuid.uuid4().hex[:6]}", password=PASSWORD
    )
    RoleGrant.objects.create(user=user, role="player", player_id=event.players[pair][0])
    return user


def test_the_table_fills_signs_and_delivers_its_sheet_on_phones(
    server: Server, browser: Any, shot: Any
) -> None:
    event = Burraco(server.url)
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    path = f"/burraco/{event.tid}/table/"

    keeper = browser.window(PHONE, "it-IT")
    sign_in(keeper, server, account(event, 1), path)
    assert "Turno 1 · tavolo 1" in keeper.locator("main").inner_text()
    keeper.get_by_label("Punti linea fissa, smazzata 1").fill("300")
    keeper.get_by_label("Punti linea mobile, smazzata 1").fill("40")
    assert keeper.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Each figure's label stands above its field, and the page is burraco's.
    assert (
        keeper.evaluate(
            "[...document.querySelectorAll('#file label')]"
            ".map(l => getComputedStyle(l).flexDirection)"
        )
        == ["column"] * 8
    )
    assert "Codice di Gara F.I.Bur." in keeper.locator("footer").inner_text()
    shot(keeper, "burraco-table-sheet-phone-it")
    keeper.get_by_role("button", name="Registra lo score").click()
    keeper.locator("#sheet").wait_for()
    assert "Compilato dalla linea 1." in keeper.locator("#signatures").inner_text()

    opponent = browser.window(PHONE, "it-IT")
    sign_in(opponent, server, account(event, 4), path)
    assert opponent.locator("#file").count() == 0  # the keeper writes it
    opponent.get_by_role("button", name="Consegna lo score").click()
    opponent.locator("#refusal").wait_for()
    assert opponent.locator("#refusal").inner_text() == (
        "Lo score va controfirmato da almeno un componente per coppia prima "
        "della consegna. (Codice di Gara Art. 19)"
    )
    opponent.get_by_role("button", name="Firma lo score").click()
    opponent.wait_for_url(f"{server.url}{path}")
    assert "La tua coppia ha firmato." in opponent.locator("#signatures").inner_text()
    opponent.get_by_role("button", name="Consegna lo score").click()
    opponent.locator("#refusal").wait_for()
    assert "coppia che ha vinto" in opponent.locator("#refusal").inner_text()

    keeper.reload()
    keeper.get_by_role("button", name="Consegna lo score").click()
    keeper.locator("#done").wait_for()
    result = load_burraco(uuid.UUID(event.tid)).results[(1, 1)]
    assert (result.fixed, result.mobile, result.fixed_mp, result.mobile_mp) == (
        1,
        4,
        300,
        40,
    )
