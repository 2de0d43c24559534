"""On a phone, in chromium: the public prize list of a burraco event and
the director's printable prize list (decision 0200), and the creation form
making its creator the chief director (decision 0201); every page's footer
names the F.I.Bur. Codice di Gara. Italian first, then English."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from burraco import domain as b
from burraco.handlers import handle_burraco
from burraco.projections import BurracoStandings
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry.projections import RegistryProjection
from tests.burraco.integration.test_export import played
from tests.console.e2e.test_console_browser import PHONE, sign_in
from tests.support.auth import PASSWORD
from tests.support.server import Server
from tournaments.projections import TournamentResults

pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

FIBUR = {
    "it": "Risultati tenuti da Arbitro, secondo il Codice di Gara F.I.Bur.",
    "en": "Results kept by Arbitro, by the F.I.Bur. Codice di Gara.",
}


def cells(page: Any) -> list[list[str]]:
    return page.locator("table.prizes tbody tr").evaluate_all(  # type: ignore[no-any-return]
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def fits(page: Any) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_public_prize_list_and_the_printable_on_a_phone(
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
    for projection in (TournamentResults(), RegistryProjection(), BurracoStandings()):
        ProjectionRunner(projection).catch_up()

    public = browser.window(PHONE, "it-IT")
    public.goto(f"{server.url}/events/{tid}/burraco/")
    public.get_by_role("link", name="Premi", exact=True).click()
    public.wait_for_url(f"{server.url}/events/{tid}/burraco/prizes/")
    assert public.get_by_role("heading", level=1).inner_text().startswith("Premi")
    assert public.locator("#pool").inner_text() == "€ 60,00 (60%)"
    shown = cells(public)
    # 4 x 25.00 x 60% = 60.00: A's 45% and 25%, B's 20% and 10%.
    assert [(row[0], row[1], row[4]) for row in shown] == [
        ("1", "A", "€\xa027,00"),
        ("2", "A", "€\xa015,00"),
        ("1", "B", "€\xa012,00"),
        ("2", "B", "€\xa06,00"),
    ]
    assert all(row[3] for row in shown)  # the players' names
    assert public.locator("#checking").inner_text() == (
        "PROVVISORIA La classifica finale è esposta per il controllo (Art. 20): "
        "i premi possono ancora cambiare."
    )
    assert public.locator("footer").inner_text() == FIBUR["it"]
    assert fits(public)
    shot(public, "burraco-public-prizes-phone-it")

    english = browser.window(PHONE, "en-GB")
    english.goto(f"{server.url}/events/{tid}/burraco/prizes/")
    assert english.locator("table.prizes thead").inner_text().strip().split("\t") == [
        "Place",
        "Group",
        "No.",
        "Players",
        "Prize",
    ]
    assert english.locator("footer").inner_text() == FIBUR["en"]
    assert fits(english)
    shot(english, "burraco-public-prizes-phone-en")

    user = get_user_model().objects.create_user("prize-list-director")
    user.set_password(PASSWORD)
    user.save()
    RoleGrant.objects.create(user=user, role="director", tournament_id=tid)
    director = browser.window(PHONE, "it-IT")
    sign_in(director, server, user, f"/console/burraco/{tid}/prizes/")
    director.get_by_role("link", name="Elenco dei premi da stampare").click()
    director.wait_for_url(f"{server.url}/console/burraco/{tid}/prizes/print/")
    assert (
        director.get_by_role("heading", level=1)
        .inner_text()
        .startswith("Elenco dei premi")
    )
    assert director.get_by_role("button", name="Stampa").is_visible()
    assert [row[4] for row in cells(director)] == [row[4] for row in shown]
    assert director.locator("footer").inner_text() == FIBUR["it"]
    assert fits(director)
    shot(director, "burraco-print-prizes-phone-it")


def test_the_creator_takes_the_chief_directors_office_on_a_phone(
    server: Server, browser: Any, shot: Any
) -> None:
    user = get_user_model().objects.create_user("chief-staff", first_name="Marta")
    user.set_password(PASSWORD)
    user.save()
    RoleGrant.objects.create(user=user, role="federation_staff")
    path = "/console/burraco/new/"
    page = browser.window(PHONE, "it-IT")
    sign_in(page, server, user, path)
    box = page.get_by_label("Nominami direttore del torneo")
    assert box.is_checked()
    assert page.locator("footer").inner_text() == FIBUR["it"]
    page.get_by_label("Nome", exact=True).fill("Burraco del sabato")
    page.get_by_label("Inizio").fill("2026-03-21T21:00")
    page.get_by_label("Turni", exact=True).fill("4")
    assert fits(page)
    shot(page, "burraco-new-chief-phone-it")
    page.get_by_role("button", name="Crea il torneo").click()
    page.locator("#created").wait_for()
    page.get_by_role("link", name="La sua sala conti").click()
    assert page.get_by_role("heading", level=1).inner_text().startswith("Sala conti")
    assert page.locator("footer").inner_text() == FIBUR["it"]
    shot(page, "burraco-new-chief-scoring-room-phone-it")

    english = browser.window(PHONE, "en-GB")
    sign_in(english, server, user, path, english=True)
    assert english.get_by_label("Make me its chief director").is_checked()
    assert english.locator("footer").inner_text() == FIBUR["en"]
    assert fits(english)
    shot(english, "burraco-new-chief-phone-en")
