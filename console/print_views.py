"""What a director prints from the browser (print CSS, A4): guide cards
(Law 8A1), table cards with the table's code, travellers to fill in, the
recap sheet and the final standings. The directors of the tournament only:
table cards carry the codes, and before publication the recap and the
standings are theirs (decision 0105).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from console import reads
from console.views import director_only, session_of
from results_site import pages
from tournaments.domain.movements.seating import guide_card

# Blank lines on a traveller beyond the tables that play the board: room for
# a late table or a replay (Law 6D).
SPARE_LINES = 1


def _render(
    request: HttpRequest, template: str, page: reads.SessionView, **more: Any
) -> HttpResponse:
    return render(request, f"console/print/{template}", {"page": page, **more})


@require_GET
@director_only
def guide_cards(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponse:
    page = session_of(tournament_id, session)
    cards = [
        (number, guide_card(page.session.assignments, number))
        for number in page.entries
    ]
    return _render(request, "guide_cards.html", page, cards=[c for c in cards if c[1]])


@require_GET
@director_only
def table_cards(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponse:
    page = session_of(tournament_id, session)
    tables = [
        (
            table,
            [a for rnd in page.rounds.values() for a in rnd if a.table == table],
        )
        for table in page.tables
    ]
    return _render(request, "table_cards.html", page, tables=tables)


@require_GET
@director_only
def travellers(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    """One traveller a board: a line for each table that plays it, in the
    order of the rounds (Law 79A: North writes, East-West agree)."""
    page = session_of(tournament_id, session)
    boards: dict[int, list[reads.TableView]] = {}
    for rnd in sorted(page.rounds):
        for table in page.rounds[rnd]:
            for line in table.lines:
                boards.setdefault(line.board_number, []).append(table)
    sheets = [(b, boards[b], range(SPARE_LINES)) for b in sorted(boards)]
    return _render(request, "travellers.html", page, sheets=sheets)


@require_GET
@director_only
def recap(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    page = session_of(tournament_id, session)
    sheet = pages.recap_page(request.user, tournament_id, session)
    if sheet is None:
        raise Http404("no results yet")
    return _render(request, "recap.html", page, sheet=sheet)


@require_GET
@director_only
def standings(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    page = session_of(tournament_id, session)
    ranking = pages.session_page(request.user, tournament_id, session)
    if ranking is None:
        raise Http404("no standings yet")
    return _render(request, "standings.html", page, ranking=ranking)
