"""The result POST's fast path (issue 13, decisions 0199, 0210): what it
answers in front of the middleware is what ``EnterResultApi`` answers
through it, byte for byte, headers included; what it does not take whole is
handed on to the view, which answers it as ever, with nothing stored twice
and the caller counted once by the throttles."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from eventstore.store import event_store
from tests.support.pairs_event import client_for, make_tournament, seat_pairs
from tournaments.api import result_entry
from tournaments.api.result_views import EnterResultApi
from tournaments.domain import board_result

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The requests the fast path handed on to the view, by path."""
    calls: list[str] = []
    dispatch = EnterResultApi.dispatch

    def spy(self: EnterResultApi, request: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(request.path)
        return dispatch(self, request, *args, **kwargs)

    monkeypatch.setattr(EnterResultApi, "dispatch", spy)
    return calls


@pytest.fixture
def event() -> tuple[str, Any, Any]:
    """A seated pairs event: its id, its director's client and its staff."""
    staff, _ = client_for("fpstaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("fptd", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    return tid, director, staff


def post(client: Any, tid: str, body: str | bytes, **headers: str) -> Any:
    return client.generic(
        "POST",
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        body,
        content_type=headers.pop("content_type", "application/json"),
        **headers,
    )


def result(
    board: int, table: int = 1, tricks: object = 9, contract: str = "3NTS"
) -> str:
    import json

    return json.dumps(
        {"board_number": board, "table": table, "contract": contract, "tricks": tricks}
    )


def stored(tid: str, board: int, table: int = 1) -> list[str]:
    stream = board_result.stream_id(uuid.UUID(tid), 1, board, table)
    return [e.event_type for e in event_store().read_stream(stream).events]


def test_the_fast_path_answers_as_the_view_does(
    event: tuple[str, Any, Any], handed: list[str]
) -> None:
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201  # the caches warm
    handed.clear()
    fast = post(director, tid, result(2))
    assert handed == []
    # A charset parameter is for the view (DRF decodes by it): the same result
    # at another board, answered by the view.
    view = post(
        director, tid, result(3), content_type="application/json; charset=utf-8"
    )
    assert len(handed) == 1
    assert (fast.status_code, view.status_code) == (201, 201)
    # Every header, the security middleware's included; the lengths differ
    # by the digits of the positions at most.
    assert sorted(fast.headers) == sorted(view.headers)
    for header in fast.headers:
        if header != "Content-Length":
            assert fast[header] == view[header], header
    assert fast["Content-Length"] == str(len(fast.content))
    assert view["Content-Length"] == str(len(view.content))
    [entered] = (
        event_store()
        .read_stream(board_result.stream_id(uuid.UUID(tid), 1, 2, 1))
        .events
    )
    position = entered.global_position
    assert (
        fast.content
        == (
            f'{{"stream_id":"{entered.stream_id}","stream_version":1,'
            f'"first_position":{position},"last_position":{position}}}'
        ).encode()
    )
    assert list(view.json()) == list(fast.json())
    assert view.json()["first_position"] == position + 1


@pytest.mark.parametrize(
    ("body", "headers", "status", "kept"),
    [
        # DRF trims text and reads "9" as 9: the view takes them, stored once.
        (result(2, contract=" 3NTS "), {}, 201, ["board_result.entered"]),
        (result(2, tricks="9"), {}, 201, ["board_result.entered"]),
        # Refused by the view, nothing stored.
        (result(2, tricks=14), {}, 400, []),
        ('{"board_number": 2, "table": 1, "tricks": 9}', {}, 400, []),
        (
            '{"board_number": 2, "table": 1, "contract": "3NTS", "tricks": NaN}',
            {},
            400,
            [],
        ),
        # DRF's parser refuses NaN anywhere, and reads UTF-8 only.
        (result(2)[:-1] + ', "note": NaN}', {}, 400, []),
        (result(2).encode("utf-16"), {}, 400, []),
        (result(2, table=9), {}, 422, []),
        (result(2), {"QUERY_STRING": "format=json"}, 201, ["board_result.entered"]),
    ],
    ids=[
        "trimmed",
        "text-number",
        "too-many-tricks",
        "no-contract",
        "nan",
        "nan-elsewhere",
        "utf-16",
        "no-table",
        "query",
    ],
)
def test_what_the_fast_path_does_not_take_whole_is_answered_by_the_view(
    event: tuple[str, Any, Any],
    handed: list[str],
    body: str | bytes,
    headers: dict[str, str],
    status: int,
    kept: list[str],
) -> None:
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201
    handed.clear()
    r = post(director, tid, body, **headers)
    assert r.status_code == status, r.content
    assert handed == [f"/api/v1/tournaments/{tid}/sessions/1/results/"]
    assert stored(tid, 2) == kept


def test_an_unknown_token_is_answered_by_the_view(
    event: tuple[str, Any, Any], handed: list[str]
) -> None:
    """403, as DRF answers it: its first authentication (the session's)
    names no challenge, so a failed credential is not a 401."""
    tid, _, _ = event
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    r = post(stranger, tid, result(1))
    assert r.status_code == 403, r.content
    assert r.json()["detail"] == "Invalid token."
    assert len(handed) == 1
    assert stored(tid, 1) == []


def test_a_refusal_is_decided_again_by_the_view_and_stores_nothing(
    event: tuple[str, Any, Any], handed: list[str]
) -> None:
    """The result is entered already (Law 79A): the fast path's append loses,
    the view reads the tournament and the board and refuses it (409)."""
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201
    handed.clear()
    r = post(director, tid, result(1, tricks=10))
    assert r.status_code == 409, r.content
    assert r.json()["type"].endswith("/result_already_entered")
    assert len(handed) == 1
    assert stored(tid, 1) == ["board_result.entered"]


def test_a_retried_key_is_answered_with_the_first_answer(
    event: tuple[str, Any, Any], handed: list[str]
) -> None:
    tid, director, _ = event
    first = post(director, tid, result(1), HTTP_IDEMPOTENCY_KEY="table-1-board-1")
    again = post(director, tid, result(1), HTTP_IDEMPOTENCY_KEY="table-1-board-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.content == first.content
    assert handed == []
    assert stored(tid, 1) == ["board_result.entered"]


def test_a_signed_in_browser_is_answered_by_the_view_with_its_csrf_check(
    event: tuple[str, Any, Any], handed: list[str]
) -> None:
    """DRF authenticates a session before a token and checks its CSRF token:
    a request with a session cookie is the view's."""
    tid, _, _ = event
    browser = Client(enforce_csrf_checks=True)
    from django.contrib.auth import get_user_model

    browser.force_login(get_user_model().objects.get(username="fptd"))
    r = post(browser, tid, result(1))
    assert r.status_code == 403, r.content
    assert "CSRF" in r.json()["detail"]
    assert len(handed) == 1
    assert stored(tid, 1) == []


def test_a_caller_is_counted_once_by_the_throttles_whichever_path_answers(
    event: tuple[str, Any, Any], handed: list[str], settings: Any
) -> None:
    tid, director, _ = event
    settings.ARBITRO_THROTTLE_RATES = {"anon": None, "user": "3/min", "login": None}
    cache.clear()
    statuses = [
        post(director, tid, result(1)).status_code,  # fast
        post(director, tid, result(2, tricks="9")).status_code,  # handed on
        post(director, tid, result(3)).status_code,  # fast
        post(director, tid, result(4)).status_code,  # the fourth in the minute
    ]
    assert statuses == [201, 201, 201, 429]
    assert len(handed) == 2  # the text number, and the refusal to count
    assert stored(tid, 4) == []


def test_the_route_is_documented_as_the_view() -> None:
    """The fast path's route carries the view's marks, so the schema still
    documents the operation, its input and its answers."""
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"][
        "/api/v1/tournaments/{tournament_id}/sessions/{session}/results/"
    ]["post"]
    assert operation["operationId"] == "v1_tournaments_sessions_results_create"
    assert operation["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/EnterResultInput"
    }
    assert sorted(operation["responses"]) == ["201", "400", "401", "403", "409", "422"]


def test_a_host_the_site_does_not_serve_is_refused_as_ever(
    event: tuple[str, Any, Any], handed: list[str]
) -> None:
    """``CommonMiddleware`` answers 400 for a host not in ALLOWED_HOSTS: the
    fast path hands such a request on, and nothing is stored."""
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201
    handed.clear()
    r = post(director, tid, result(2), HTTP_HOST="evil.example")
    assert r.status_code == 400
    assert handed == []  # refused before any view
    assert stored(tid, 2) == []


@pytest.mark.parametrize(
    ("path", "routed"),
    [
        ("/api/v1/tournaments/{tid}/sessions/1/results/", True),
        ("/api/v1/tournaments/{tid}/sessions/123456789/results/", True),
        ("/api/v1/tournaments/{tid}/sessions/1234567890/results/", False),
        ("/api/v1/tournaments/{tid}/sessions/1/results", False),
        ("/api/v1/tournaments/{tid}/sessions/x/results/", False),
        ("/api/v1/tournaments/{upper}/sessions/1/results/", False),
        ("/api/v1/tournaments/{tid}/sessions/1/result-batches/", False),
        ("/api/v1/tournaments/{tid}/sessions/1/results/extra/", False),
    ],
)
def test_the_fast_paths_route_is_the_views(path: str, routed: bool) -> None:
    """The middleware's pattern matches exactly the paths the URLconf sends
    to ``EnterResultApi``, so it can neither take another route's request
    nor miss one of its own."""
    from django.urls import Resolver404, resolve

    tid = "0190c0de-0000-7000-8000-00000000abcd"
    path = path.format(tid=tid, upper=tid.upper())
    try:
        match = resolve(path)
        view_class = getattr(match.func, "view_class", None)
    except Resolver404:
        view_class = None
    assert (view_class is EnterResultApi) is routed
    assert (result_entry.ROUTE.fullmatch(path) is not None) is routed
