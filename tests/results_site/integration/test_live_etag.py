"""The live fragment's ETag is its session's position (decision 0135).

A result applied in another event leaves an open page's poll a 304; a
correction in its own session makes it a 200 with a new tag; a 304 costs two
reads (the tournament stream's tail for the visibility, the session's
position) and no rendering.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.pairs_event import enter_all, project
from tests.support.site import site_event

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true", "HTTP_ACCEPT_LANGUAGE": "en"}


def test_a_result_elsewhere_keeps_the_poll_a_304_its_own_session_moves_it(
    django_assert_num_queries: object,
) -> None:
    shown = site_event(publish=True)
    other = site_event(publish=False, skip={(6, 3)})
    client = Client()
    path = f"/events/{shown.tid}/sessions/1/"
    first = client.get(path, **HX)
    assert first.status_code == 200
    tag = first["ETag"]
    enter_all(
        other.director,
        other.tid,
        {(b, t) for b in range(1, 7) for t in range(1, 4) if (b, t) != (6, 3)},
    )
    project()
    with django_assert_num_queries(2):  # type: ignore[operator]
        again = client.get(path, HTTP_IF_NONE_MATCH=tag, **HX)
    assert (again.status_code, again["ETag"], again.content) == (304, tag, b"")
    for board in (1, 2):  # the traveller and the score card share the position
        board_path = f"/events/{shown.tid}/sessions/1/boards/{board}/"
        board_tag = client.get(board_path, **HX)["ETag"]
        assert (
            client.get(board_path, HTTP_IF_NONE_MATCH=board_tag, **HX).status_code
            == 304
        )
    corrected = shown.director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{shown.tid}/sessions/1/boards/1/tables/1/corrections/",
        {"contract": "4SN", "tricks": 11, "lead": "HA", "reason": "recount"},
        format="json",
    )
    assert corrected.status_code == 201, corrected.json()
    project()
    changed = client.get(path, HTTP_IF_NONE_MATCH=tag, **HX)
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert changed["Cache-Control"] == "no-cache"


def test_the_page_polls_every_second() -> None:
    event = site_event(publish=True)
    page = Client().get(f"/events/{event.tid}/sessions/1/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'hx-trigger="every 1s"' in page.content.decode()


def test_a_fragment_is_rendered_once_per_position_and_shared_by_the_polls(
    django_assert_num_queries: object,
) -> None:
    """Decision 0135: the second reader of a position's fragment costs the
    tag's two reads, no page read and no template."""
    event = site_event(publish=True)
    path = f"/events/{event.tid}/sessions/1/boards/1/"
    first = Client().get(path, **HX)
    assert first.status_code == 200
    with django_assert_num_queries(2):  # type: ignore[operator]
        second = Client().get(path, **HX)
    assert (second.status_code, second["ETag"]) == (200, first["ETag"])
    assert second.content == first.content
    assert second["Cache-Control"] == "no-cache"
    italian = Client().get(path, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="it")
    assert italian["ETag"] != first["ETag"]
    assert "Contratto" in italian.content.decode()
