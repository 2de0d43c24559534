"""A player's history page, by federation number: 404 for a number the
register does not know or a player who asked not to be published."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from results_site import player_pages


def player(request: HttpRequest, number: str) -> HttpResponse:
    # A federation number is a short code: anything longer is no player's,
    # nor anything holding a NUL (which PostgreSQL refuses in a query: a 500).
    page = (
        player_pages.history_page(request.user, number)
        if len(number) <= 32 and "\x00" not in number
        else None
    )
    if page is None:
        raise Http404("no such published player")
    return render(request, "results_site/player.html", {"page": page})
