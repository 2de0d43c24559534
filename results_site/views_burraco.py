"""A burraco event's page (``?turn=n``: the standings after turn n), and its
prize list once the standings it follows are shown (decision 0200)."""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render

from access.roles import is_director
from burraco.selectors import standings_read
from results_site import burraco_pages
from results_site.burraco_prizes import prize_list


def _fresh(
    request: HttpRequest, tournament_id: UUID, answer: Callable[[], HttpResponse]
) -> HttpResponse:
    """Read from the read model only (decision 0221): a page that must show
    its own write (``?min_position=``, a command's ``last_position``) waits
    for the projection as the API's reads do (decision 0073) and says in the
    same headers how fresh it is; a value that is no position is 400."""
    try:
        fresh = standings_read(tournament_id, request.GET.get("min_position"))
    except ValueError as refused:
        return HttpResponseBadRequest(
            str(refused), content_type="text/plain; charset=utf-8"
        )
    response = answer()
    response["Arbitro-Read-Position"] = str(fresh.position)
    response["Arbitro-Behind"] = "true" if fresh.behind else "false"
    if fresh.parked_at is not None:
        response["Arbitro-Parked-At"] = str(fresh.parked_at)
    return response


def event(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    return _fresh(request, tournament_id, lambda: _event(request, tournament_id))


def prizes(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    return _fresh(request, tournament_id, lambda: _prizes(request, tournament_id))


def _event(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    raw = request.GET.get("turn", "")
    turn = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 2 else None
    page = burraco_pages.burraco_page(request.user, tournament_id, turn)
    if page is None:
        raise Http404("no such burraco event")
    # The event's directors find their scoring room from here (decision 0176).
    director = is_director(request.user, tournament_id)
    return render(
        request, "results_site/burraco.html", {"page": page, "director": director}
    )


def _prizes(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """The prize list, the same for every reader: before the standings are
    published, only that it is not shown yet."""
    page = prize_list(tournament_id)
    if page is None:
        raise Http404("no such burraco event")
    return render(request, "results_site/burraco_prizes.html", {"page": page})
