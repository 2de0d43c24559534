"""The prize table in the director's console (decision 0195): for a
tournament whose final standings are published, or one interrupted
(Art. 40), each prize's place, entry, names and amount, ties shared, as
``burraco.export.prizes_of`` computes them for the API and the export
(decisions 0189, 0194). Read only; the tournament's directors. Italian
first, readable on a phone; and the same as a printable (decision 0200).
The entries' people as the public list shows them: the printable goes on
the notice board, and a player who asked not to be published is not named
there either (decision 0203).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from burraco.selectors import prizes_of, prizes_public
from console.burraco_views import director_only, page_of
from results_site.burraco_prizes import euros, prize_lines

__all__ = ["print_prizes", "prizes"]


def _context(tournament_id: UUID) -> dict[str, Any]:
    page = page_of(tournament_id)
    state = page.state
    over = prizes_public(state)  # the public's rule too (decision 0200)
    found = prizes_of(state) if over else None
    settings = None if found is None else found["settings"]
    return {
        "page": page,
        "over": over,
        "settings": settings,
        "found": found,
        "lines": [] if found is None else prize_lines(found["prizes"], page.people),
        "fee": None if settings is None else euros(settings["entry_fee_cents"]),
        "pool": None if found is None else euros(found["pool_cents"]),
        "undistributed": None
        if found is None
        else euros(found.get("undistributed_cents")),
        "refund": None if found is None else euros(found["refund_cents"]),
        "interrupted": state.interrupted,
    }


@require_GET
@director_only
def prizes(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    return render(request, "console/burraco/prizes.html", _context(tournament_id))


@require_GET
@director_only
def print_prizes(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """The prize list for the room's notice board and the prize-giving (A4,
    print CSS; decision 0200), as the positions' printable: the same table
    as the prize page, the entries' names, the place and the amount."""
    return render(request, "console/burraco/print_prizes.html", _context(tournament_id))
