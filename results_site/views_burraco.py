"""A burraco event's page (``?turn=n``: the standings after turn n), and its
prize list once the standings it follows are shown (decision 0200)."""

from __future__ import annotations

from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from access.roles import is_director
from results_site import burraco_pages
from results_site.burraco_prizes import prize_list


def event(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
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


def prizes(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """The prize list, the same for every reader: before the standings are
    published, only that it is not shown yet."""
    page = prize_list(tournament_id)
    if page is None:
        raise Http404("no such burraco event")
    return render(request, "results_site/burraco_prizes.html", {"page": page})
