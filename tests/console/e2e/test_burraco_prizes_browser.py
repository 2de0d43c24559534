"""The director's prize page on a phone, in chromium (decision 0195): a
tournament split into two merit groups, each paying its own first place
(decision 0194); Italian first, then English; nothing wider than the
phone."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from eventstore.store import Metadata
from tests.burraco.integration.test_export import played
from tests.console.e2e.test_console_browser import PHONE, sign_in
from tests.support.auth import PASSWORD
from tests.support.server import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def test_the_prize_table_on_a_phone(
    server: Server, browser: Any, shot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = played(monkeypatch)
    handle_burraco(
        tid,
        b.SetPrizes(
            entry_fee_cents=2500,
            pool_percent=60,
            shares=(60, 40),
            group_shares=((45, 25), (20, 10)),
        ),
        metadata=Metadata(actor="system:tests", tournament_id=tid),
    )
    standings = b.standings_after(load_burraco(tid), 3)
    user = get_user_model().objects.create_user("prize-director")
    user.set_password(PASSWORD)
    user.save()
    RoleGrant.objects.create(user=user, role="director", tournament_id=tid)
    path = f"/console/burraco/{tid}/prizes/"

    page = browser.window(PHONE, "it-IT")
    sign_in(page, server, user, path)
    assert page.get_by_role("heading", level=1).inner_text().startswith("Premi")
    assert page.locator("#pool").inner_text() == "€ 60,00 (60%)"
    cells = page.locator("table.prizes tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText))"
    )
    # 4 x 25.00 x 60% = 60.00: A's 45% and 25%, B's 20% and 10%.
    expected = [
        (s.rank - (0 if s.group == "A" else 2), s.group, s.pair) for s in standings
    ]
    amounts = ["27,00", "15,00", "12,00", "6,00"]
    assert [(int(c[0]), c[1], int(c[2])) for c in cells] == expected
    assert [c[4] for c in cells] == [f"€\xa0{a}" for a in amounts]
    assert page.locator("table.prizes thead th").first.inner_text() == "Posto"
    assert "Codice di Gara F.I.Bur." in page.locator("footer").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "burraco-prizes-phone-it")

    english = browser.window(PHONE, "en-GB")
    sign_in(english, server, user, path, english=True)
    assert english.get_by_role("heading", level=1).inner_text().startswith("Prizes")
    assert english.locator("table.prizes thead").inner_text().strip().split("\t") == [
        "Place",
        "Group",
        "No.",
        "Players",
        "Prize",
    ]
    assert english.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(english, "burraco-prizes-phone-en")


def test_staff_create_a_tournament_with_prizes_on_a_phone(
    server: Server, browser: Any, shot: Any
) -> None:
    """The console's creation form (decision 0193): the prizes typed with
    the tournament, a refusal naming Art. 40, then the creation."""
    user = get_user_model().objects.create_user("prize-staff")
    user.set_password(PASSWORD)
    user.save()
    RoleGrant.objects.create(user=user, role="federation_staff")
    path = "/console/burraco/new/"
    page = browser.window(PHONE, "it-IT")
    sign_in(page, server, user, path)
    page.get_by_label("Nome", exact=True).fill("Burraco del venerdì")
    page.get_by_label("Inizio").fill("2026-03-20T21:00")
    page.get_by_label("Turni", exact=True).fill("4")
    page.get_by_label("Quota di iscrizione, euro").fill("15")
    page.get_by_label("Montepremi, percentuale delle quote").fill("60")
    page.get_by_label("Quota di ogni posto sul montepremi").fill("60 50")
    page.get_by_role("button", name="Crea il torneo").click()
    page.locator("#refusal").wait_for()
    assert page.locator("#refusal").inner_text() == (
        "Ogni posto ha una quota in percentuale intera, tutte insieme al "
        "massimo il montepremi (100%) (Codice di Gara Art. 40)"
    )
    assert page.locator("#shares").get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "burraco-new-refused-phone-it")
    page.locator("#shares").fill("60 40")
    page.get_by_role("button", name="Crea il torneo").click()
    page.locator("#created").wait_for()
    created = page.url.rsplit("=", 1)[1]
    prizes = load_burraco(uuid.UUID(created)).prizes
    assert prizes == b.PrizesSet(
        entry_fee_cents=1500, pool_percent=60, shares=(60, 40), costs_per_entry_cents=0
    )
