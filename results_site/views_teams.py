"""The teams, knockout and rulings pages: thin, each reads one page of
``team_pages`` (a missing event, session or bracket is the site's 404)."""

from __future__ import annotations

from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from results_site import team_pages


def _page(request: HttpRequest, template: str, page: object | None) -> HttpResponse:
    if page is None:
        raise Http404("no such page")
    return render(request, f"results_site/{template}", {"page": page})


def matches(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    page = team_pages.matches_page(request.user, tournament_id, session)
    return _page(request, "matches.html", page)


def standings(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    page = team_pages.standings_page(request.user, tournament_id)
    return _page(request, "team_standings.html", page)


def bracket(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    page = team_pages.bracket_page(request.user, tournament_id)
    return _page(request, "bracket.html", page)


def rulings(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    page = team_pages.rulings_page(request.user, tournament_id, session)
    return _page(request, "rulings.html", page)
