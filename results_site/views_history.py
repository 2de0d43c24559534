"""The record's pages (issue 17): a result's history, and a session's
standings at any moment of the event (the time control). Thin: each reads
one page of ``pages_history``; neither polls (the record does not change
behind a moment already past)."""

from __future__ import annotations

from datetime import datetime, time
from uuid import UUID

from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from results_site import pages_history
from tournaments import selectors


def result_record(
    request: HttpRequest, tournament_id: UUID, session: int, board: int, table: int
) -> HttpResponse:
    page = pages_history.record_page(request.user, tournament_id, session, board, table)
    if page is None:
        raise Http404("no such result")
    return render(request, "results_site/record.html", {"page": page})


MAX_MOMENT = 1_000_000


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes "²", which ``int``
    refuses (a 500, seen by a crawl of the demo)."""
    return text.isascii() and text.isdigit()


def _moment(request: HttpRequest) -> int | None:
    text = request.GET.get("moment", "").strip()
    if not text:
        return None
    if not _digits(text) or len(text) > 7 or int(text) > MAX_MOMENT:
        raise BadRequest("moment: a whole number of changes, 0 to 1000000")
    return int(text)


def _instant(request: HttpRequest, day: datetime) -> datetime | None:
    """``time`` (HH:MM or HH:MM:SS, the site's time zone) on the session's day."""
    text = request.GET.get("time", "").strip()
    if not text:
        return None
    try:
        clock = time.fromisoformat(text)
    except ValueError:
        raise BadRequest("time: HH:MM or HH:MM:SS") from None
    local = timezone.localtime(day)
    return datetime.combine(local.date(), clock, tzinfo=local.tzinfo)


def standings_at(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponse:
    moment = _moment(request)
    found = selectors.session(tournament_id, session)
    if found is None:
        raise Http404("no such session")
    instant = _instant(request, found.starts_at)
    page = pages_history.as_of_page(
        request.user,
        tournament_id,
        session,
        moment if instant is None else None,
        instant,
    )
    if page is None:
        raise Http404("no such session")
    return render(request, "results_site/as_of.html", {"page": page})
