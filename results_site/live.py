"""A live page rendered once per position and visibility class, shared by
every worker (decisions 0135, 0167).

What a page of a session's results shows depends on the session's position,
the language, the reader's visibility class (``tournaments.selectors``:
public, official, hidden) and the page itself, never on who else the reader
is. So a page is rendered once for that key and kept in Django's cache:
Redis when ``ARBITRO_CACHE_URL`` is set (one render for all the workers and
servers), else this process's memory (the embedded mode's one process). The
cache holds the page's title, its content (the ``<main>`` of the full page)
and its live fragment, with the position it was rendered at; a full page is
the site's frame (the reader's name, the language form) around that content.

Renders are bounded, not one per position: results arrive several times a
second on event night, and a 200-pair ranking costs tens of milliseconds.
- One render at a time per key: a render takes a lock (``cache.add``); the
  polls that miss meanwhile are answered the last render, tagged with its
  own position, so their next poll fetches the newer one.
- At most one render per key every ``ARBITRO_SITE_RENDER_INTERVAL`` seconds
  (default 0.5) from the end of the last, or as long as the last took if
  longer (a loaded machine: never back to back): within it, the last render
  is served, tagged with its own position. A page is never newer than its
  tag (the position is read before the page), so it is never shown stale
  under a newer tag.
A render holds no form and no token: it is the same bytes for every reader of
its class.

A process reads a session's publication and position at most once every
``ARBITRO_SITE_STATE_SECONDS`` (0.2) for all its polls (``session_state``):
a hundred polls a second of one session cost a few reads, not two hundred,
and on a loaded machine each read is a wait for the database's turn. A
publication is seen up to that much later, never earlier (nothing withdraws
one).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from uuid import UUID

from django.conf import settings
from django.core.cache import cache
from django.utils.crypto import salted_hmac

from tournaments import selectors

__all__ = ["Key", "Rendered", "etag", "rendered", "session_state", "wall_clock"]

# Long enough for every open page's next poll; a newer render replaces it.
KEPT_SECONDS = 300
# A render that takes longer than this (a starved machine) lets another start.
LOCK_SECONDS = 10
# How long a miss with nothing rendered yet waits for another's first render.
WAIT_SECONDS = 5.0
_VERSION = "v2"


@dataclass(frozen=True, slots=True)
class Key:
    """What a page's content depends on, but its position."""

    sight: str  # tournaments.selectors.PUBLIC | OFFICIAL | HIDDEN
    language: str
    tournament_id: UUID
    session: int
    parts: tuple[object, ...]  # the page: ("standings",), ("board", 3)...

    def cache_key(self) -> str:
        page = ":".join(str(p) for p in self.parts)
        return (
            f"results_site:live:{_VERSION}:{self.sight}:{self.language}:"
            f"{self.tournament_id}:{self.session}:{page}"
        )


@dataclass(frozen=True, slots=True)
class Rendered:
    """A page as rendered at ``position``: ``at`` when the render ended (a
    wall clock, shared by the processes of one machine or a few with
    synchronised clocks), ``took`` how long it took (``rendered`` sets both)."""

    position: int
    title: str
    head: str  # the full page's <main> before the fragment
    fragment: str  # the live part, answered to a poll
    tail: str  # and after it
    at: float = 0.0
    took: float = 0.0

    @property
    def content(self) -> str:
        """The full page's <main>: the fragment kept once, not twice (a
        200-pair ranking's fragment is most of the bytes)."""
        return self.head + self.fragment + self.tail


def etag(key: Key, position: int) -> str:
    """A page's validator, telling the reader nothing his class may not see
    (issue 28, decision 0214).

    The session's directors and staff (``OFFICIAL``) see every event of it:
    their tag is the position it shows, then its key (a bench reads the
    position back from the front). Anyone else's is opaque: a keyed hash of
    the page and of what his class sees of the session. Before publication
    (``HIDDEN``) that is nothing that moves (the page says the results are
    not published), so the tag is the same whatever is entered, and an
    anonymous poller cannot time each result; publication changes his class,
    and so the tag. After it (``PUBLIC``) every change of the session is
    public; the hash keeps the store's global position, which counts every
    other event's activity too, out of the tag."""
    page = "-".join(str(p) for p in key.parts)
    if key.sight == selectors.OFFICIAL:
        return (
            f'W/"{position}-{key.language}-{key.sight}-{key.tournament_id}-'
            f'{key.session}-{page}"'
        )
    seen = 0 if key.sight == selectors.HIDDEN else position
    digest = salted_hmac(
        "results_site.live.etag", f"{key.cache_key()}:{seen}", algorithm="sha256"
    ).hexdigest()[:32]
    return f'W/"{digest}-{key.sight}-{key.language}"'


def wall_clock() -> float:
    """The clock renders are timed by: the wall clock, which the processes of
    one machine share (a test moves it on rather than wait)."""
    return time.time()


def _interval() -> float:
    return float(settings.ARBITRO_SITE_RENDER_INTERVAL)


def _load(name: str) -> Rendered | None:
    found = cache.get(name)
    if isinstance(found, tuple) and len(found) == 7:
        return Rendered(*found)
    return None


def _keep(name: str, page: Rendered) -> None:
    cache.set(
        name,
        (
            page.position,
            page.title,
            page.head,
            page.fragment,
            page.tail,
            page.at,
            page.took,
        ),
        KEPT_SECONDS,
    )


def rendered(
    key: Key,
    position: int,
    render: Callable[[], Rendered | None],
    *,
    clock: Callable[[], float] | None = None,
) -> Rendered | None:
    """The page to answer for ``key`` when the session is at ``position``.

    The kept render when it shows ``position`` (or later), or is younger than
    the render interval, or another process is rendering; else ``render()``
    (its page read after ``position`` was), kept for the others. None: no
    such page (``render`` answered None). ``clock``: ``wall_clock``'s stand-in."""
    clock = clock or wall_clock
    name = key.cache_key()
    kept = _load(name)
    if kept is not None and (
        kept.position >= position
        # The next render waits the interval, or as long as the last one
        # took (a loaded machine): renders never run back to back.
        or clock() - kept.at < max(_interval(), kept.took)
    ):
        return kept
    lock = name + ":lock"
    if not cache.add(lock, 1, LOCK_SECONDS):
        if kept is not None:
            return kept  # another process renders the newer one
        waited = 0.0
        while waited < WAIT_SECONDS:  # the very first render: wait for it
            time.sleep(0.02)
            waited += 0.02
            kept = _load(name)
            if kept is not None:
                return kept
        return render()  # the other render failed or is starved: not kept
    try:
        started = clock()
        page = render()
        if page is not None:
            ended = clock()
            page = replace(page, at=ended, took=ended - started)
            latest = _load(name)
            if latest is None or latest.position <= page.position:
                _keep(name, page)
        return page
    finally:
        cache.delete(lock)


_STATES: dict[tuple[UUID, int], tuple[float, bool, int]] = {}
_STATES_LOCK = threading.Lock()  # gthread workers share it


def session_state(
    tournament_id: UUID,
    session: int,
    *,
    fresh: bool = False,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[bool, int]:
    """(whether the session is published, its position): read at most once
    every ``ARBITRO_SITE_STATE_SECONDS`` by this process; ``fresh``: now."""
    ttl = float(settings.ARBITRO_SITE_STATE_SECONDS)
    key = (tournament_id, session)
    now = clock()
    if ttl > 0 and not fresh:
        with _STATES_LOCK:
            found = _STATES.get(key)
        if found is not None and now - found[0] < ttl:
            return found[1], found[2]
    published = selectors.session_published(tournament_id, session)
    position = selectors.session_position(tournament_id, session)
    if ttl > 0:
        with _STATES_LOCK:
            if len(_STATES) > 4096:
                _STATES.clear()
            _STATES[key] = (now, published, position)
    return published, position
