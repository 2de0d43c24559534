"""The table's score sheet on a phone, in chromium (decision 0185; Art. 19):
the keeper fills it, the opponents sign it, the winners deliver it; a
refusal is shown in Italian naming the article."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from burraco.domain import table_stream_id
from burraco.handlers import load_burraco
from eventstore.store import event_store
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


def test_a_delivery_whose_answer_was_lost_is_sent_again(
    server: Server, browser: Any, shot: Any
) -> None:
    """The winners' delivery reaches the server, its answer is lost (the
    connection reset on the way back); the player goes back and presses
    the button again: the page's key makes it the same command, answered
    as the first (the sheet delivered), stored once, not refused as a
    sheet already entered."""
    event = Burraco(server.url)
    event.ok("lines/", {})
    event.ok("turns/1/positions/")
    path = f"/burraco/{event.tid}/table/"
    keeper = browser.window(PHONE, "it-IT")
    sign_in(keeper, server, account(event, 1), path)
    keeper.get_by_label("Punti linea fissa, smazzata 1").fill("300")
    keeper.get_by_role("button", name="Registra lo score").click()
    keeper.locator("#sheet").wait_for()
    opponent = browser.window(PHONE, "it-IT")
    sign_in(opponent, server, account(event, 4), path)
    opponent.get_by_role("button", name="Firma lo score").click()
    opponent.wait_for_url(f"{server.url}{path}")

    answered: list[int] = []

    def lose(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        answered.append(route.fetch(max_redirects=0).status)  # the server answers
        route.abort("connectionreset")  # ... and the answer is lost

    url = f"{server.url}{path}"
    keeper.route(url, lose)
    key = keeper.locator("input[name=idempotency_key]").first.input_value()
    keeper.get_by_role("button", name="Consegna lo score").click()
    keeper.wait_for_url("chrome-error://chromewebdata/")
    keeper.unroute(url)
    assert answered == [302]
    keeper.go_back()
    assert keeper.locator("input[name=idempotency_key]").first.input_value() == key
    keeper.get_by_role("button", name="Consegna lo score").click()
    keeper.locator("#done").wait_for()
    assert keeper.locator("#refusal").count() == 0
    shot(keeper, "burraco-table-sheet-resent-it")
    stream = table_stream_id(uuid.UUID(event.tid), 1, 1)
    assert [
        type(e.event).__name__ for e in event_store().read_stream(stream).events
    ] == [
        "ScoreSheetFiled",
        "ScoreSheetSigned",
        "ScoreSheetDelivered",
        "ScoreSheetEntered",
    ]
