"""The live fragment over real HTTP, against the gunicorn server process:
its ETag, a 304 for a poll that finds nothing new, a 200 once a result
entered through the API is projected (decision 0114)."""

from __future__ import annotations

import http.client
import re
import time
from urllib.parse import urlsplit

import pytest

from tests.support.http import HttpClient
from tests.support.pairs_event import project
from tests.support.server import Server
from tests.support.site import site_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def fetch(url: str, path: str, headers: dict[str, str]) -> tuple[int, dict, bytes]:
    """A browser's GET: the status, the headers and the body."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_a_published_rankings_poll_is_a_304_until_a_correction_lands(
    server: Server,
) -> None:
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/"
    hx = {"HX-Request": "true", "Accept-Language": "it", "Accept": "text/html"}
    status, headers, body = fetch(server.url, path, hx)
    assert status == 200
    tag = headers["ETag"]
    assert tag.startswith('W/"')
    assert headers["Cache-Control"] == "no-cache"
    assert b"<html" not in body
    assert b"Classifica" in body
    status, headers, body = fetch(server.url, path, {**hx, "If-None-Match": tag})
    assert (status, headers["ETag"], body) == (304, tag, b"")
    english = {**hx, "Accept-Language": "en", "If-None-Match": tag}
    assert fetch(server.url, path, english)[0] == 200  # another language
    director = HttpClient(server.url, event.director_user)
    corrected = director.post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/boards/1/tables/1/corrections/",
        {"contract": "4SN", "tricks": 11, "lead": "HA", "reason": "recount"},
    )
    assert corrected.status_code == 201, corrected.json()
    project()
    # The server renders a page at most every ARBITRO_SITE_RENDER_INTERVAL
    # (0.5 s, decision 0167); within it a poll is answered the last render.
    time.sleep(0.6)
    status, headers, body = fetch(server.url, path, {**hx, "If-None-Match": tag})
    assert status == 200
    assert headers["ETag"] != tag


def test_an_anonymous_polls_tag_tells_nothing_until_publication(
    server: Server,
) -> None:
    """Issue 28: the anonymous poll's ETag carried the session's position, so
    the public could time each result of an unpublished session (Law 79C).
    Its tag is now a keyed hash of what it may see: the same when a result
    is entered, a new one on publication (decision 0214)."""
    event = site_event(publish=False, skip={(6, 3)})
    path = f"/events/{event.tid}/sessions/1/"
    hx = {"HX-Request": "true", "Accept-Language": "en", "Accept": "text/html"}
    status, headers, body = fetch(server.url, path, hx)
    assert status == 200
    tag = headers["ETag"]
    assert re.fullmatch(r'W/"[0-9a-f]{32}-hidden-en"', tag), tag
    assert b"not yet published" in body
    director = HttpClient(server.url, event.director_user)
    entered = director.post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/results/",
        {"board_number": 6, "table": 3, "contract": "3NTS", "tricks": 9, "lead": "HA"},
    )
    assert entered.status_code == 201, entered.json()
    project()
    time.sleep(0.6)  # past the site's state and render intervals (0.2, 0.5 s)
    status, headers, body = fetch(server.url, path, {**hx, "If-None-Match": tag})
    assert (status, headers["ETag"], body) == (304, tag, b"")
    assert fetch(server.url, path, hx)[1]["ETag"] == tag
    published = director.post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/publications/"
    )
    assert published.status_code == 201, published.json()
    project()
    time.sleep(0.6)
    status, headers, body = fetch(server.url, path, {**hx, "If-None-Match": tag})
    assert status == 200
    assert re.fullmatch(r'W/"[0-9a-f]{32}-public-en"', headers["ETag"])
    assert b"Ranking" in body
