"""A live page is rendered once per position, language and visibility class
and shared by every reader of that class, in every process (decision 0167).

Each test runs on the embedded mode's cache (this process's memory) and on
Redis (production's, ``ARBITRO_CACHE_URL``; skipped without Redis on
127.0.0.1:6379). The render kept is compared byte for byte with a render
made with no cache at all (Django's dummy cache), the CSRF token aside.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, override_settings

from access.models import RoleGrant
from results_site import live
from tests.support.celery_worker import redis_up
from tests.support.pairs_event import project
from tests.support.redis_cache import clear_redis_cache, redis_cache_settings
from tests.support.site import site_event, strip_csrf
from tournaments.selectors import HIDDEN, OFFICIAL, PUBLIC

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}
HX = {"HTTP_HX_REQUEST": "true"}
PAGES = ("", "recap/", "boards/1/", "entries/2/")
NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


@pytest.fixture(params=["locmem", "redis"])
def shared_cache(request: Any, settings: Any) -> Iterator[str]:
    if request.param == "redis":
        if not redis_up():
            pytest.skip("needs Redis on 127.0.0.1:6379")
        settings.CACHES = redis_cache_settings()
    else:
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": f"test-{uuid.uuid4().hex}",
            }
        }
    # Every poll reads the session's state: what a process keeps of it for
    # ARBITRO_SITE_STATE_SECONDS is the last test's subject, and a poll
    # within 0.2 s of the last would otherwise not see a new position.
    settings.ARBITRO_SITE_STATE_SECONDS = 0
    yield request.param
    _clear(request.param)


def _clear(backend: str) -> None:
    """This test's keys only: Redis's FLUSHDB would empty them under every
    other run sharing the database."""
    if backend == "redis":
        clear_redis_cache()
    else:
        cache.clear()


@pytest.fixture
def time_passes(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Moves the renders' clock on by an hour: the render interval, and as
    long as the last render took, have passed, however slow the machine."""

    def move_on() -> None:
        clock = live.wall_clock
        monkeypatch.setattr(live, "wall_clock", lambda: clock() + 3600)

    return move_on


def signed_in(**grant: object) -> Client:
    user = get_user_model().objects.create_user(f"reader{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)  # type: ignore[misc]
    client = Client()
    client.force_login(user)
    return client


def uncached(client: Client, path: str, **headers: str) -> bytes:
    with override_settings(CACHES=NO_CACHE):
        response = client.get(path, **headers)
    assert response.status_code == 200
    return strip_csrf(response.content)


def test_a_kept_page_and_fragment_equal_the_uncached_render(
    shared_cache: str,
) -> None:
    event = site_event(publish=False, skip={(6, 3)})
    readers = {
        "anonymous": Client(),
        "director": signed_in(chief_director={"tournament_id": event.tid}),
        "player": signed_in(player={"player_id": uuid.uuid4()}),
    }
    for who, client in readers.items():
        for language in (EN, IT):
            for page in PAGES:
                for poll in ({}, HX):
                    path = f"/events/{event.tid}/sessions/1/{page}"
                    first = client.get(path, **language, **poll)
                    kept = client.get(path, **language, **poll)
                    fresh = uncached(client, path, **language, **poll)
                    assert first.status_code == kept.status_code == 200, (who, path)
                    assert strip_csrf(first.content) == fresh, (who, path, poll)
                    assert strip_csrf(kept.content) == fresh, (who, path, poll)
                    if poll:
                        assert first["ETag"] == kept["ETag"]


def test_a_new_position_is_a_new_render(
    shared_cache: str, time_passes: Callable[[], None]
) -> None:
    event = site_event(publish=False, skip={(6, 3)})
    client = signed_in(chief_director={"tournament_id": event.tid})
    path = f"/events/{event.tid}/sessions/1/"
    before = client.get(path, **EN, **HX)
    page_before = strip_csrf(client.get(path, **EN).content)
    assert ">17</td>" not in before.content.decode()  # no pair has 6 boards yet
    entered = event.director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/results/",
        {"board_number": 6, "table": 3, "contract": "3NTS", "tricks": 9, "lead": "HA"},
        format="json",
    )
    assert entered.status_code == 201, entered.json()
    project()
    # The reader's next poll comes after the render interval (and after as
    # long as the last render took, which a loaded machine makes long).
    time_passes()
    after = client.get(path, HTTP_IF_NONE_MATCH=before["ETag"], **EN, **HX)
    assert after.status_code == 200
    assert int(after["ETag"][3:].split("-")[0]) > int(before["ETag"][3:].split("-")[0])
    assert after.content != before.content
    assert strip_csrf(after.content) == uncached(client, path, **EN, **HX)
    page_after = strip_csrf(client.get(path, **EN).content)
    assert page_after != page_before
    assert page_after == uncached(client, path, **EN)


def test_visibility_classes_never_share_a_render(shared_cache: str) -> None:
    """Before publication the public sees no result (decision 0105), even
    when the director's render of the same page and position is kept."""
    event = site_event(publish=False)
    director = signed_in(chief_director={"tournament_id": event.tid})
    staff = signed_in(federation_staff={})
    player = signed_in(player={"player_id": uuid.uuid4()})
    base = f"/events/{event.tid}/sessions/1/"
    for page in PAGES:
        path = base + page
        official = director.get(path, **EN, **HX)
        assert official.status_code == 200
        assert f"-{OFFICIAL}-" in official["ETag"]
        assert "<table" in official.content.decode()  # its results
        assert "not yet published" not in official.content.decode()
        key = live.Key(OFFICIAL, "en", uuid.UUID(event.tid), 1, _parts(page))
        assert cache.get(key.cache_key()) is not None
        hidden_key = live.Key(HIDDEN, "en", uuid.UUID(event.tid), 1, _parts(page))
        assert cache.get(hidden_key.cache_key()) is None
        # The public, even holding the director's tag: its own render, no 304.
        anonymous = Client().get(path, HTTP_IF_NONE_MATCH=official["ETag"], **EN, **HX)
        assert anonymous.status_code == 200
        assert f"-{HIDDEN}-" in anonymous["ETag"]
        text = anonymous.content.decode()
        assert "not yet published" in text
        assert "<table" not in text
        assert "Rossi" not in text
        assert "hand-n" not in text  # no deal
        full = Client().get(path, **EN).content.decode()
        assert "not yet published" in full
        assert "<table" not in full
        # A player of the event is the public until publication; staff is
        # an official: each gets its class's render, byte for byte.
        assert player.get(path, **EN, **HX).content == anonymous.content
        assert staff.get(path, **EN, **HX).content == official.content
    published = event.director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/publications/"
    )
    assert published.status_code == 201
    project()
    public = Client().get(base, **EN, **HX)
    assert f"-{PUBLIC}-" in public["ETag"]
    assert "Rossi" in public.content.decode()  # a player's name
    # Once published everyone, the director included, reads the one render.
    mine = director.get(base, **EN, **HX)
    assert (mine["ETag"], mine.content) == (public["ETag"], public.content)


def _parts(page: str) -> tuple[object, ...]:
    return {
        "": ("standings",),
        "recap/": ("recap",),
        "boards/1/": ("board", 1),
        "entries/2/": ("card", 2),
    }[page]


def test_within_the_render_interval_the_last_render_is_served_with_its_own_tag(
    shared_cache: str, settings: Any, time_passes: Callable[[], None]
) -> None:
    settings.ARBITRO_SITE_RENDER_INTERVAL = 3600
    event = site_event(publish=False, skip={(6, 3)})
    path = f"/events/{event.tid}/sessions/1/"
    director = signed_in(chief_director={"tournament_id": event.tid})
    staff = signed_in(federation_staff={})
    first = director.get(path, **EN, **HX)
    entered = event.director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/results/",
        {"board_number": 6, "table": 3, "contract": "3NTS", "tricks": 9, "lead": "HA"},
        format="json",
    )
    assert entered.status_code == 201
    project()
    # The page holding the last render's tag: nothing newer to give yet.
    held = director.get(path, HTTP_IF_NONE_MATCH=first["ETag"], **EN, **HX)
    assert (held.status_code, held["ETag"]) == (304, first["ETag"])
    # A new reader of the class: the last render, under its own (older) tag.
    new = staff.get(path, **EN, **HX)
    assert (new.status_code, new["ETag"], new.content) == (
        200,
        first["ETag"],
        first.content,
    )
    settings.ARBITRO_SITE_RENDER_INTERVAL = 0
    time_passes()  # and as long as the last render took
    later = director.get(path, HTTP_IF_NONE_MATCH=first["ETag"], **EN, **HX)
    assert later.status_code == 200
    assert later["ETag"] != first["ETag"]


def test_a_directors_304_reads_his_grants_once(
    django_assert_num_queries: Any,
) -> None:
    """The poll that finds nothing new, signed in as the director: the
    session, the user with his grants (one query, ``access.sessions``), the
    tournament stream's tail and the session's position; from the
    cache-backed sessions of a deployment with Redis, no session row."""
    event = site_event(publish=False)
    path = f"/events/{event.tid}/sessions/1/"
    director = signed_in(chief_director={"tournament_id": event.tid})
    tag = director.get(path, **EN, **HX)["ETag"]
    with django_assert_num_queries(4):
        again = director.get(path, HTTP_IF_NONE_MATCH=tag, **EN, **HX)
    assert again.status_code == 304
    with override_settings(SESSION_ENGINE="django.contrib.sessions.backends.cached_db"):
        cached = signed_in(chief_director={"tournament_id": event.tid})
        cached.get(path, **EN, **HX)
        with django_assert_num_queries(3):
            again = cached.get(path, HTTP_IF_NONE_MATCH=tag, **EN, **HX)
        assert again.status_code == 304


def _page(position: int) -> live.Rendered:
    return live.Rendered(position, "t", "", f"<div>{position}</div>", "")


@pytest.mark.parametrize("backend", ["locmem", "redis"])
def test_concurrent_misses_make_one_render(
    backend: str, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight polls miss at once: one renders (the lock), the others wait
    for its first render and answer it."""
    if backend == "redis" and not redis_up():
        pytest.skip("needs Redis on 127.0.0.1:6379")
    if backend == "redis":
        settings.CACHES = redis_cache_settings()
    else:
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": f"test-{uuid.uuid4().hex}",
            }
        }
    key = live.Key(PUBLIC, "en", uuid.uuid4(), 1, ("standings",))
    # The render ends once the seven other polls are waiting for it (each
    # has read the cache twice: its miss, then its wait), not after a
    # sleep a loaded machine could outlast.
    loads: dict[int, int] = {}
    waiting = threading.Event()
    load = live._load

    def counted(name: str) -> live.Rendered | None:
        ident = threading.get_ident()
        loads[ident] = loads.get(ident, 0) + 1
        if sum(1 for n in loads.values() if n >= 2) == 7:
            waiting.set()
        return load(name)

    monkeypatch.setattr(live, "_load", counted)
    renders: list[int] = []

    def render() -> live.Rendered:
        renders.append(1)
        assert waiting.wait(60), loads
        return _page(7)

    answers: list[live.Rendered | None] = []
    threads = [
        threading.Thread(target=lambda: answers.append(live.rendered(key, 7, render)))
        for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(renders) == 1
    assert [a.fragment if a else None for a in answers] == ["<div>7</div>"] * 8
    # Within as long as the last render took, even with no interval: the
    # last render (renders never run back to back on a loaded machine).
    settings.ARBITRO_SITE_RENDER_INTERVAL = 0
    kept = answers[0]
    assert kept is not None
    assert kept.took > 0

    def soon() -> float:
        return kept.at + kept.took / 2

    def later() -> float:
        return kept.at + kept.took + 0.01

    assert live.rendered(key, 8, lambda: _page(8), clock=soon) == kept
    # A newer position, that long passed: rendered again, once.
    again = live.rendered(key, 8, lambda: _page(8), clock=later)
    assert again is not None
    assert again.position == 8
    assert live.rendered(key, 8, lambda: _page(99), clock=later) == again
    # While another process renders, a miss answers the last render.
    assert cache.add(key.cache_key() + ":lock", 1, 10)
    assert live.rendered(key, 9, lambda: _page(9)).position == 8  # type: ignore[union-attr]
    _clear(backend)


def test_a_process_reads_a_sessions_state_once_for_all_its_polls(
    settings: Any, django_assert_num_queries: Any
) -> None:
    """Within ``ARBITRO_SITE_STATE_SECONDS`` a poll reads nothing: the
    publication and the position this process read last; a publication is
    seen that much later, never earlier."""
    settings.ARBITRO_SITE_STATE_SECONDS = 60
    event = site_event(publish=False)
    path = f"/events/{event.tid}/sessions/1/"
    first = Client().get(path, **EN, **HX)
    assert f"-{HIDDEN}-" in first["ETag"]
    with django_assert_num_queries(0):
        again = Client().get(path, HTTP_IF_NONE_MATCH=first["ETag"], **EN, **HX)
    assert again.status_code == 304
    published = event.director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{event.tid}/sessions/1/publications/"
    )
    assert published.status_code == 201
    project()
    # Still the state read a moment ago: hidden, not yet the results.
    assert Client().get(path, **EN, **HX)["ETag"] == first["ETag"]
    settings.ARBITRO_SITE_STATE_SECONDS = 0
    now = Client().get(path, **EN, **HX)
    assert f"-{PUBLIC}-" in now["ETag"]
    assert "Rossi" in now.content.decode()


def test_a_tests_redis_cache_is_cleared_by_its_own_prefix_only(settings: Any) -> None:
    """Another run's keys in the same Redis database outlive this test's
    teardown (a FLUSHDB would have emptied its renders and locks)."""
    if not redis_up():
        pytest.skip("needs Redis on 127.0.0.1:6379")
    settings.CACHES = redis_cache_settings()
    mine = cache.key_prefix  # type: ignore[attr-defined]
    settings.CACHES = redis_cache_settings()
    theirs = cache.key_prefix  # type: ignore[attr-defined]
    assert theirs != mine
    cache.set("render", "theirs")
    settings.CACHES = {"default": {**settings.CACHES["default"], "KEY_PREFIX": mine}}
    cache.set("render", "mine")
    cache.set("render:lock", 1)
    assert clear_redis_cache() == 2
    assert cache.get("render") is None
    settings.CACHES = {"default": {**settings.CACHES["default"], "KEY_PREFIX": theirs}}
    assert cache.get("render") == "theirs"
    assert clear_redis_cache() == 1
