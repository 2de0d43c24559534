"""The results site's views: thin, each reads one page from ``pages``.

A live fragment (standings, traveller, score card) answers 304 when its ETag,
the results projection's position with the language and the reader, is the
one the browser holds (decision 0114): a poll that finds nothing new costs
one small read and no rendering.
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import get_language

from results_site import live, pages
from tournaments import selectors

# Seconds between two polls of a live fragment (decision 0135: a result on
# every open page within 2 s at p95).
POLL_SECONDS = 1


def home(request: HttpRequest) -> HttpResponse:
    events = pages.events_page(timezone.now())
    return render(request, "results_site/home.html", {"events": events})


def events(request: HttpRequest) -> HttpResponse:
    query = {k: request.GET.get(k, "").strip()[:100] for k in ("q", "club", "day")}
    page = pages.events_page(timezone.now(), query["q"], query["club"], query["day"])
    return render(request, "results_site/events.html", {"page": page})


def event(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    page = pages.event_page(tournament_id)
    if page is None:
        raise Http404("no such event")
    return render(request, "results_site/event.html", {"page": page})


LivePage = pages.SessionPage | pages.BoardPage | pages.ScoreCardPage | pages.RecapPage


def _live(
    request: HttpRequest,
    template: str,
    build: Callable[[], LivePage | None],
    tournament_id: UUID,
    session: int,
    *parts: object,
) -> HttpResponse:
    """A page, or its live fragment (an HTMX poll) with the ETag's 304."""
    fragment = bool(getattr(request, "htmx", False))
    tag = ""
    if fragment:
        visible = selectors.session_results_visible(
            request.user, tournament_id, session
        )
        tag = pages.etag(
            request.user, get_language() or "", tournament_id, session, visible, *parts
        )
        if tag in request.headers.get("If-None-Match", ""):
            response: HttpResponse = HttpResponseNotModified()
            response["ETag"] = tag
            return response
    shared = live.shared_fragment(tag) if fragment else None
    if shared is not None:
        response = HttpResponse(shared)
    else:
        page = build()
        if page is None:
            raise Http404("no such page")
        context = {"page": page, "poll_seconds": POLL_SECONDS, "live": _is_live(page)}
        response = render(
            request, f"results_site/{'_' if fragment else ''}{template}", context
        )
        if fragment:
            live.share_fragment(tag, response.content)
    if fragment:
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
    return response


def _is_live(page: LivePage) -> bool:
    """Whether the page polls: its session's scores are not yet final."""
    return page.session.status != selectors.SessionRow.Status.FINAL


def session(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    return _live(
        request,
        "session.html",
        lambda: pages.session_page(request.user, tournament_id, session),
        tournament_id,
        session,
        "standings",
    )


def recap(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    return _live(
        request,
        "recap.html",
        lambda: pages.recap_page(request.user, tournament_id, session),
        tournament_id,
        session,
        "recap",
    )


def board(
    request: HttpRequest, tournament_id: UUID, session: int, board: int
) -> HttpResponse:
    return _live(
        request,
        "board.html",
        lambda: pages.board_page(request.user, tournament_id, session, board),
        tournament_id,
        session,
        "board",
        board,
    )


def score_card(
    request: HttpRequest, tournament_id: UUID, session: int, entry: int
) -> HttpResponse:
    return _live(
        request,
        "score_card.html",
        lambda: pages.score_card_page(request.user, tournament_id, session, entry),
        tournament_id,
        session,
        "card",
        entry,
    )
