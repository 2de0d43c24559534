"""The public prize list of a burraco event (decision 0200): nothing before
the final standings are published, not even to the director; then the
prizes with the entries' names as the site shows them, ties sharing their
places, open to the Art. 20 check until final; an Art. 40 interruption
shows the refund. Italian first, then English; linked from the event's
page once shown; the API answers the public by the same rule."""

from __future__ import annotations

import html
import re
import uuid
from datetime import timedelta
from typing import Any
from uuid import UUID

import pytest
from django.test import Client

from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from burraco.projections import BurracoStandings
from eventstore.deadlines import sweep
from eventstore.projections import ProjectionRunner
from eventstore.store import EventStore
from results_site.pages import _entries
from tests.console.integration.test_burraco_console import user_with
from tests.console.integration.test_burraco_prizes import one_turn_tied
from tests.results_site.integration.test_team_pages import EN, IT, catch_up, text
from tournaments import selectors

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def rows(response: Any) -> list[list[str]]:
    """The prize table's rows, each cell's text."""
    body = response.content.decode()
    table = re.search(
        r'<table class="results prizes">.*?<tbody>(.*?)</tbody>', body, re.S
    )
    assert table is not None, body
    return [
        [
            html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell))).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S)
    ]


def names(tid: UUID, entry: int) -> str:
    """An entry's players as the public pages name them."""
    people = _entries(selectors.entries(tid))[entry].people
    assert all(p.name for p in people)
    return " – ".join(f"{p.name} {p.club or ''}".strip() for p in people)


def read_models() -> None:
    catch_up()
    ProjectionRunner(BurracoStandings()).catch_up()


def test_the_prize_list_is_public_once_the_final_standings_are() -> None:
    tid, meta, (first, second) = one_turn_tied()
    read_models()
    path = f"/events/{tid}/burraco/prizes/"
    api = f"/api/v1/burraco/tournaments/{tid}/prizes/"
    director = user_with("director", tournament_id=tid)
    for reader in (Client(), director):
        early = reader.get(path, **IT)
        assert early.status_code == 200
        shown = text(early)
        assert "I premi seguono la classifica finale: sono mostrati qui" in shown
        assert "€" not in shown
        assert 'class="results prizes"' not in early.content.decode()
    assert (
        'id="prizes-link"'
        not in Client().get(f"/events/{tid}/burraco/").content.decode()
    )
    assert Client().get(api).status_code == 404

    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)
    read_models()
    page = Client().get(path, **IT)
    assert page.status_code == 200
    shown = text(page)
    assert "La classifica finale è esposta per il controllo (Art. 20)" in shown
    assert "€ 20,00 (50%)" in shown
    # 20.00: 60% and 40% for places 1 and 2, shared by the two tied first.
    assert rows(page) == [
        ["1 pari merito", str(first), names(tid, first), "€\xa010,00"],
        ["1 pari merito", str(second), names(tid, second), "€\xa010,00"],
    ]
    assert "Risultati tenuti da Arbitro, secondo il Codice di Gara F.I.Bur." in shown
    event = Client().get(f"/events/{tid}/burraco/", **IT).content.decode()
    assert f'<a id="prizes-link" href="{path}">Premi</a>' in event
    assert Client().get(api).json()["prizes"][0]["cents"] == 1000

    english = Client().get(path, **EN)
    assert rows(english)[0] == ["1 tied", str(first), names(tid, first), "€\xa010.00"]
    assert "The final standings are shown for their check (Art. 20)" in text(english)


def status(response: Any) -> tuple[str, str]:
    """The status box's class and its badge."""
    [found] = re.findall(
        r'<div (?:id="prize-status" )?class="status status-(\w+)">\s*<p[^>]*>'
        r'<strong class="badge">([^<]+)</strong>',
        response.content.decode(),
    )
    return found


def test_provisional_during_the_art_20_check_then_final(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Art. 20: the final standings are checked for 10 minutes, then they
    are final (definitiva) and the prizes are given. The prize list and the
    event's page call them provisional during the check, not official,
    and final once the check is over (decision 0203)."""
    tid, meta, _winners = one_turn_tied()
    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)
    read_models()
    prizes, event = f"/events/{tid}/burraco/prizes/", f"/events/{tid}/burraco/"
    for path in (prizes, event):
        assert status(Client().get(path, **IT)) == ("provisional", "Provvisoria")
        assert status(Client().get(path, **EN)) == ("provisional", "Provisional")
        assert "Ufficiale" not in text(Client().get(path, **IT))
    assert "i premi possono ancora cambiare" in text(Client().get(prizes, **IT))

    deadline = load_burraco(tid).check_deadline
    # A second after the deadline, whose instant is in the check (decision 0218).
    monkeypatch.setattr(EventStore, "now", lambda self: deadline + timedelta(seconds=1))
    assert sweep() == 1  # StandingsFinal: the check is over
    read_models()
    for path in (prizes, event):
        assert status(Client().get(path, **IT)) == ("final", "Definitiva")
        assert status(Client().get(path, **EN)) == ("final", "Final")
    assert "possono ancora cambiare" not in text(Client().get(prizes, **IT))


def test_an_interruption_shows_the_refund() -> None:
    tid, meta, _winners = one_turn_tied(turns=2)
    handle_burraco(
        tid,
        b.SetPrizes(
            entry_fee_cents=1000,
            pool_percent=50,
            shares=(60, 40),
            costs_per_entry_cents=300,
        ),
        metadata=meta,
    )
    handle_burraco(tid, b.InterruptTournament(reason="blackout"), metadata=meta)
    read_models()
    page = Client().get(f"/events/{tid}/burraco/prizes/", **IT)
    assert page.status_code == 200
    shown = text(page)
    assert "Interrotto dopo 1 turni su 2 (Art. 40)." in shown
    assert "Rimborso per iscritto € 7,00" in shown  # 10.00 less 3.00 costs
    assert 'class="results prizes"' not in page.content.decode()


def test_no_prize_list_for_what_is_not_a_burraco_event() -> None:
    assert Client().get(f"/events/{uuid.uuid4()}/burraco/prizes/").status_code == 404
