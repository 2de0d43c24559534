"""Issue 28, over real HTTP: a session's ruling list is under the results'
visibility rule (decision 0105). It named, to anyone, the board, table, Law
and decision of every ruling of a session not yet published; now, until
publication (Law 79C), its directors read every ruling, a player only those
at his own table on a board he played there, anyone else 403; everyone
reads them from publication (decision 0214). The appeal outcomes list, which
names the same boards and tables, follows the same rule."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.support.appeals import Event, project
from tests.support.http import HttpClient
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

REFUSED = {
    "type": "https://arbitro.invalid/problems/permission_denied",
    "title": "PermissionDenied",
    "status": 403,
    "detail": "A session's results are visible to its directors until its scores "
    "are published (Law 79C); a player sees only his own table's",
    "code": "permission_denied",
}


def _rulings(client: HttpClient, tid: str) -> tuple[int, Any]:
    answer = client.get(f"/api/v1/tournaments/{tid}/sessions/1/ruling-list/")
    return answer.status_code, answer.json()


def test_the_ruling_list_is_for_the_sessions_directors_until_publication(
    server: Server,
) -> None:
    event = Event()  # a ruling at board 1, table 1: pair 1 NS against pair 4
    assert event.lodge().status_code == 201  # North appeals it at once
    project()
    tid = event.tid
    http = {name: HttpClient(server.url, user) for name, user in event.users.items()}
    stranger = HttpClient(
        server.url, get_user_model().objects.create_user("ruling-stranger")
    )

    status, body = _rulings(http["chief"], tid)
    assert status == 200
    [ruling] = body["results"]
    assert {k: ruling[k] for k in ("ruling_id", "board_number", "table", "laws")} == {
        "ruling_id": event.ruling_id,
        "board_number": 1,
        "table": 1,
        "laws": ["16B"],
    }
    assert _rulings(HttpClient(server.url), tid) == (
        403,
        {
            "type": "https://arbitro.invalid/problems/not_authenticated",
            "title": "NotAuthenticated",
            "status": 403,
            "detail": "Authentication credentials were not provided.",
            "code": "not_authenticated",
        },
    )
    assert _rulings(stranger, tid) == (403, REFUSED)
    # Pair 2 plays board 1 at another table: none of his table's rulings.
    assert _rulings(http["outsider"], tid) == (
        200,
        {"count": 0, "next": None, "previous": None, "results": []},
    )
    for player in ("north", "east"):  # both sides of the table
        assert _rulings(http[player], tid) == (200, body)

    # The appeal outcomes name the same board and table: the same rule.
    outcomes = f"/api/v1/tournaments/{tid}/appeals/"
    assert http["chief"].get(outcomes).json()["count"] == 1
    for reader in (HttpClient(server.url), stranger, http["outsider"]):
        assert reader.get(outcomes).json()["count"] == 0

    published = http["chief"].post(
        f"/api/v1/tournaments/{tid}/sessions/1/publications/"
    )
    assert published.status_code == 201, published.json()
    project()
    for reader in (HttpClient(server.url), stranger, http["outsider"]):
        assert _rulings(reader, tid) == (200, body)
        assert reader.get(outcomes).json()["count"] == 1
