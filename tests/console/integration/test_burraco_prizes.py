"""The director's prize page (decision 0195): nothing before the final
standings, then the prize table with the entries' names, ties sharing the
places they hold; an Art. 40 interruption before half the turns shows the
refund and no prizes; a merit group's prizes name the group. Italian first,
then English."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest
from django.test import Client

from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from burraco.projections import BurracoStandings
from console.burraco_reads import burraco_console
from eventstore.projections import ProjectionRunner
from eventstore.store import Metadata
from registry.domain import SetPlayerPublication
from registry.handlers import forget_player, player_command
from registry.projections import RegistryProjection
from registry.selectors import public_people
from tests.console.integration.test_burraco_console import text, user_with
from tests.results_site.integration.test_team_pages import catch_up as catch_up_site
from tests.support.burraco import open_tournament
from tournaments.handlers import load_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

PRIZE = "€\xa010,00"
NIL = b.SheetHand(fixed_base=0, fixed_points=0, mobile_base=0, mobile_points=0)


def catch_up() -> None:
    """The site's read models, the burraco standings' too (the public prize
    list reads them only: decision 0221)."""
    catch_up_site()
    ProjectionRunner(BurracoStandings()).catch_up()


def won(by: int, fixed: bool) -> b.SheetHand:
    if fixed:
        return b.SheetHand(
            fixed_base=by, fixed_points=0, mobile_base=0, mobile_points=0
        )
    return b.SheetHand(fixed_base=0, fixed_points=0, mobile_base=by, mobile_points=0)


def rows(response: Any) -> list[list[str]]:
    """The prize table's rows, each cell's text."""
    body = text(response)
    table = re.search(r'<table class="results prizes">.*?<tbody>(.*?)</tbody>', body)
    assert table is not None
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", table.group(1))
    ]


def names(tid: UUID, entry: int) -> str:
    """An entry's players as the public prize list names them."""
    page = burraco_console(tid)
    assert page is not None
    people = page.people[entry].people
    assert all(p.name for p in people)
    return " – ".join(f"{p.name} {p.club or ''}".strip() for p in people)


def one_turn_tied(turns: int = 1) -> tuple[UUID, Any, tuple[int, int]]:
    """Four pairs; turn 1's two winners win by the same 200 MP: tied first."""
    tid, meta = open_tournament(4, turns=turns)
    ProjectionRunner(RegistryProjection()).catch_up()
    for command in (
        b.FormLines(),
        b.PublishPositions(turn=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(won(200, True), NIL)),
        b.EnterScoreSheet(turn=1, table=2, hands=(won(200, False), NIL)),
        b.SetPrizes(entry_fee_cents=1000, pool_percent=50, shares=(60, 40)),
    ):
        handle_burraco(tid, command, metadata=meta)
    seats = {p.table: p for p in load_burraco(tid).positions[1]}
    return tid, meta, (seats[1].fixed, seats[2].mobile)


def test_the_prize_table_ties_shared_with_the_names() -> None:
    tid, meta, (first, second) = one_turn_tied()
    path = f"/console/burraco/{tid}/prizes/"
    director = user_with("director", tournament_id=tid)
    early = director.get(path)
    assert early.status_code == 200
    assert "I premi seguono la classifica finale" in text(early)
    assert "Tabella dei premi" in text(director.get(f"/console/burraco/{tid}/"))

    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)
    page = director.get(path)
    assert page.status_code == 200
    assert "La classifica finale è esposta per il controllo (Art. 20)" in text(page)
    assert '<dd id="pool">€ 20,00 (50%)</dd>' in text(page)
    # 20.00: 60% and 40% for places 1 and 2, shared by the two tied first.
    assert rows(page) == [
        ["1 pari merito", str(first), names(tid, first), "€\xa010,00"],
        ["1 pari merito", str(second), names(tid, second), "€\xa010,00"],
    ]
    assert names(tid, first) != ""

    english = user_with("director", tournament_id=tid)
    english.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    answer = english.get(path)
    assert rows(answer)[0] == ["1 tied", str(first), names(tid, first), "€\xa010.00"]
    assert "Entries tied on a place share the prizes of the places they hold" in text(
        answer
    )


def test_an_interruption_before_half_the_turns_refunds() -> None:
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
    page = user_with("director", tournament_id=tid).get(
        f"/console/burraco/{tid}/prizes/"
    )
    assert page.status_code == 200
    shown = text(page)
    assert "Interrotto dopo 1 turni su 2 (Art. 40)." in shown
    assert "Non è stata superata la metà dei turni: nessuna premiazione" in shown
    assert '<dd id="refund">€ 7,00</dd>' in shown  # 10.00 less 3.00 costs
    assert 'class="results prizes"' not in shown


def test_who_may_see_the_prize_page() -> None:
    tid, _meta, _winners = one_turn_tied()
    path = f"/console/burraco/{tid}/prizes/"
    anonymous = Client().get(path)
    assert (anonymous.status_code, anonymous["Location"]) == (
        302,
        f"/login/?next={path}",
    )
    assert user_with(None).get(path).status_code == 403
    other = user_with("director", tournament_id=open_tournament(4)[0])
    assert other.get(path).status_code == 403
    assert user_with("director", tournament_id=tid).post(path).status_code == 405


def test_the_printable_prize_list() -> None:
    """Decision 0200: the prize table as a printable, as the positions';
    nothing before the final standings are published."""
    tid, meta, (first, second) = one_turn_tied()
    path = f"/console/burraco/{tid}/prizes/print/"
    director = user_with("director", tournament_id=tid)
    early = director.get(path)
    assert early.status_code == 200
    assert "I premi seguono la classifica finale" in text(early)
    assert 'class="results prizes"' not in text(early)
    assert "print-prizes" not in text(director.get(f"/console/burraco/{tid}/prizes/"))

    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)
    prizes = text(director.get(f"/console/burraco/{tid}/prizes/"))
    assert (
        f'<a id="print-prizes" href="{path}">Elenco dei premi da stampare</a>' in prizes
    )
    page = director.get(path)
    assert page.status_code == 200
    shown = text(page)
    assert "<h1>Elenco dei premi " in shown
    assert 'onclick="window.print()">Stampa</button>' in shown
    assert '<section class="sheet prize-sheet">' in shown
    assert rows(page) == [
        ["1 pari merito", str(first), names(tid, first), "€\xa010,00"],
        ["1 pari merito", str(second), names(tid, second), "€\xa010,00"],
    ]
    anonymous = Client().get(path)
    assert (anonymous.status_code, anonymous["Location"]) == (
        302,
        f"/login/?next={path}",
    )
    other = user_with("director", tournament_id=open_tournament(4)[0])
    assert other.get(path).status_code == 403


def test_the_printable_names_no_one_the_public_list_does_not() -> None:
    """Decision 0203: the printable goes on the notice board, so a player
    who asked not to be published is his federation number there, as on
    the public list, and a forgotten one is no one (never his id)."""
    tid, meta, (first, second) = one_turn_tied()
    entered = load_tournament(tid).entries
    hidden, forgotten = entered[first].player_ids[0], entered[second].player_ids[0]
    number = public_people([str(hidden)])[str(hidden)].number
    system = Metadata(actor="system:tests")
    player_command(
        SetPlayerPublication(player_id=hidden, published=False), metadata=system
    )
    forget_player(forgotten, metadata=system)
    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)
    catch_up()  # the public list reads the entries' read model
    director = user_with("director", tournament_id=tid)
    printable = director.get(f"/console/burraco/{tid}/prizes/print/")
    # Every player of one_turn_tied is registered as Ada Rossi.
    expected = [
        ["1 pari merito", str(first), f"Giocatore n. {number} – Ada Rossi", PRIZE],
        ["1 pari merito", str(second), "Giocatore non pubblicato – Ada Rossi", PRIZE],
    ]
    assert rows(printable) == expected
    assert str(forgotten) not in text(printable)
    assert rows(director.get(f"/console/burraco/{tid}/prizes/")) == expected
    public = Client(HTTP_ACCEPT_LANGUAGE="it").get(f"/events/{tid}/burraco/prizes/")
    assert rows(public) == expected


def headers(response: Any) -> list[str]:
    """The prize table's column headings."""
    body = text(response)
    [table] = re.findall(r'<table class="results prizes"><thead>(.*?)</thead>', body)
    return [
        re.sub(r"<[^>]+>", "", cell).strip()
        for cell in re.findall(r"<th[^>]*>(.*?)</th>", table)
    ]


def test_the_console_and_the_public_list_name_the_columns_alike() -> None:
    """Decision 0203: the director's prize page, its printable and the
    public list are one table, Italian first."""
    tid, meta, _winners = one_turn_tied()
    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)
    catch_up()
    paths = (
        f"/console/burraco/{tid}/prizes/",
        f"/console/burraco/{tid}/prizes/print/",
        f"/events/{tid}/burraco/prizes/",
    )
    for language, columns in (
        ("it", ["Posto", "N.", "Giocatori", "Premio"]),
        ("en", ["Place", "No.", "Players", "Prize"]),
    ):
        director = user_with("director", tournament_id=tid)
        director.defaults["HTTP_ACCEPT_LANGUAGE"] = language
        assert [headers(director.get(path)) for path in paths] == [columns] * 3
