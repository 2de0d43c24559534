"""The results site's views: thin, each reads one page from ``pages``.

A live page (standings, recap, traveller, score card) and its fragment come
from the render kept for the session's position, the language and the
reader's visibility class (``live``, decision 0167); a poll answers 304 when
its ETag is the one the browser holds (decisions 0114, 0135): a poll that
finds nothing new reads the session's state (at most once every 0.2 s a
process) and renders nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from access.roles import AnyUser
from access.sessions import session_reader
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
    build: Callable[[AnyUser], LivePage | None],
    tournament_id: UUID,
    session: int,
    *parts: object,
    retried: bool = False,
) -> HttpResponse:
    """A page, or its live fragment (an HTMX poll) with the ETag's 304.

    Both come from the render shared by every reader of the same visibility
    class at the session's position (``live``, decision 0167): the full page
    is the site's frame around the shared content, a poll the shared
    fragment. A poll whose tag is the one the reader holds costs the reader's
    sight and the session's position, and no page read."""
    fragment = bool(getattr(request, "htmx", False))
    published, position = live.session_state(tournament_id, session, fresh=retried)
    # The reader and his grants in one query (access.sessions): before a
    # publication his grants decide his class.
    user = request.user if published else session_reader(request)
    sight = selectors.sight_of(user, tournament_id, published)
    key = live.Key(sight, get_language() or "", tournament_id, session, parts)
    held = request.headers.get("If-None-Match", "")
    if fragment and live.etag(key, position) in held:
        return _not_modified(live.etag(key, position))

    def draw() -> live.Rendered | None:
        page = build(user)
        if page is None:
            return None
        if page.visible != (sight != selectors.HIDDEN):
            # Published between the two reads: this render is not the key's.
            raise _SightChanged
        context = {
            "page": page,
            "poll_seconds": POLL_SECONDS,
            "live": _is_live(page),
            "live_path": reverse(
                f"site:{template}", args=[tournament_id, session, *parts[1:]]
            ),
        }
        piece = render_to_string(f"results_site/_{template}.html", context)
        context["fragment"] = mark_safe(_MARK)
        content = render_to_string(f"results_site/{template}.html", context)
        head, tail = content.split(_MARK)
        return live.Rendered(
            position,
            render_to_string(f"results_site/{template}_title.html", context),
            head,
            piece,
            tail,
        )

    try:
        shown = live.rendered(key, position, draw)
    except _SightChanged:
        if retried:
            raise
        return _live(
            request, template, build, tournament_id, session, *parts, retried=True
        )
    if shown is None:
        raise Http404("no such page")
    if not fragment:
        return render(
            request,
            "results_site/live_page.html",
            {"title": mark_safe(shown.title), "content": mark_safe(shown.content)},
        )
    tag = live.etag(key, shown.position)
    if tag in held:
        return _not_modified(tag)
    response = HttpResponse(shown.fragment)
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


# Where the fragment goes in a page's content (split there, kept once).
_MARK = "<!--live-fragment-->"


class _SightChanged(Exception):
    """The session was published while its page was read."""


def _not_modified(tag: str) -> HttpResponse:
    response = HttpResponseNotModified()
    response["ETag"] = tag
    return response


def _is_live(page: LivePage) -> bool:
    """Whether the page polls: its session's scores are not yet final."""
    return page.session.status != selectors.SessionRow.Status.FINAL


def session(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    return _live(
        request,
        "session",
        lambda user: pages.session_page(user, tournament_id, session),
        tournament_id,
        session,
        "standings",
    )


def recap(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    return _live(
        request,
        "recap",
        lambda user: pages.recap_page(user, tournament_id, session),
        tournament_id,
        session,
        "recap",
    )


def board(
    request: HttpRequest, tournament_id: UUID, session: int, board: int
) -> HttpResponse:
    return _live(
        request,
        "board",
        lambda user: pages.board_page(user, tournament_id, session, board),
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
        "score_card",
        lambda user: pages.score_card_page(user, tournament_id, session, entry),
        tournament_id,
        session,
        "card",
        entry,
    )
