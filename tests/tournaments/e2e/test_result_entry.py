"""A table's result POST through DRF as every endpoint (decision 0219): its
answer, the inputs it takes and refuses, a refused token, a refusal that
stores nothing, a retried key, a browser's CSRF check, the throttles and a
host the site does not serve."""

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
from tournaments.domain import board_result

pytestmark = pytest.mark.django_db(transaction=True)


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


def test_a_result_is_answered_201_with_its_stream_and_positions(
    event: tuple[str, Any, Any],
) -> None:
    """DRF's JSON answer, with the headers of every API answer."""
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201  # the caches warm
    r = post(director, tid, result(2))
    assert r.status_code == 201, r.content
    [entered] = (
        event_store()
        .read_stream(board_result.stream_id(uuid.UUID(tid), 1, 2, 1))
        .events
    )
    position = entered.global_position
    assert (
        r.content
        == (
            f'{{"stream_id":"{entered.stream_id}","stream_version":1,'
            f'"first_position":{position},"last_position":{position}}}'
        ).encode()
    )
    assert r["Content-Type"] == "application/json"
    assert r["Allow"] == "POST, OPTIONS"
    assert r["Vary"] == "Accept, Cookie"
    assert r["X-Frame-Options"] == "DENY"
    assert r["Content-Length"] == str(len(r.content))


@pytest.mark.parametrize(
    ("body", "headers", "status", "code", "kept"),
    [
        # DRF trims text and reads "9" as 9: the view takes them, stored once.
        (result(2, contract=" 3NTS "), {}, 201, None, ["board_result.entered"]),
        (result(2, tricks="9"), {}, 201, None, ["board_result.entered"]),
        # Refused, nothing stored.
        (result(2, tricks=14), {}, 400, "invalid", []),
        ('{"board_number": 2, "table": 1, "tricks": 9}', {}, 400, "invalid", []),
        (
            '{"board_number": 2, "table": 1, "contract": "3NTS", "tricks": NaN}',
            {},
            400,
            "parse_error",
            [],
        ),
        # DRF's parser refuses NaN anywhere, and reads UTF-8 only.
        (result(2)[:-1] + ', "note": NaN}', {}, 400, "parse_error", []),
        (result(2).encode("utf-16"), {}, 400, "parse_error", []),
        (result(2, table=9), {}, 422, "not_seated", []),
        (
            result(2),
            {"QUERY_STRING": "format=json"},
            201,
            None,
            ["board_result.entered"],
        ),
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
def test_a_result_body_is_read_as_drf_reads_it(
    event: tuple[str, Any, Any],
    body: str | bytes,
    headers: dict[str, str],
    status: int,
    code: str | None,
    kept: list[str],
) -> None:
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201
    r = post(director, tid, body, **headers)
    assert r.status_code == status, r.content
    assert r.json().get("code") == code, r.content
    assert stored(tid, 2) == kept


def test_an_unknown_token_is_refused(event: tuple[str, Any, Any]) -> None:
    """403, as DRF answers it: its first authentication (the session's)
    names no challenge, so a failed credential is not a 401."""
    tid, _, _ = event
    stranger = APIClient()
    stranger.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    r = post(stranger, tid, result(1))
    assert r.status_code == 403, r.content
    assert r.json()["detail"] == "Invalid token."
    assert stored(tid, 1) == []


def test_a_refusal_is_decided_on_the_tournament_as_read_and_stores_nothing(
    event: tuple[str, Any, Any],
) -> None:
    """The result is entered already (Law 79A): the append on the cached
    tournament loses, the view reads the tournament and the board and
    refuses it (409)."""
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201
    r = post(director, tid, result(1, tricks=10))
    assert r.status_code == 409, r.content
    assert r.json()["type"].endswith("/result_already_entered")
    assert stored(tid, 1) == ["board_result.entered"]


def test_a_retried_key_is_answered_with_the_first_answer(
    event: tuple[str, Any, Any],
) -> None:
    tid, director, _ = event
    first = post(director, tid, result(1), HTTP_IDEMPOTENCY_KEY="table-1-board-1")
    again = post(director, tid, result(1), HTTP_IDEMPOTENCY_KEY="table-1-board-1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.content == first.content
    assert stored(tid, 1) == ["board_result.entered"]


def test_a_signed_in_browser_is_held_to_its_csrf_check(
    event: tuple[str, Any, Any],
) -> None:
    """DRF authenticates a session before a token and checks its CSRF token."""
    tid, _, _ = event
    browser = Client(enforce_csrf_checks=True)
    from django.contrib.auth import get_user_model

    browser.force_login(get_user_model().objects.get(username="fptd"))
    r = post(browser, tid, result(1))
    assert r.status_code == 403, r.content
    assert "CSRF" in r.json()["detail"]
    assert stored(tid, 1) == []


def test_a_caller_is_counted_once_a_request_by_the_throttles(
    event: tuple[str, Any, Any], settings: Any
) -> None:
    """A request refused after the throttles (a body DRF converts, a
    refusal decided again on the tournament as read) counts once."""
    tid, director, _ = event
    settings.ARBITRO_THROTTLE_RATES = {"anon": None, "user": "3/min", "login": None}
    cache.clear()
    statuses = [
        post(director, tid, result(1)).status_code,
        post(director, tid, result(2, tricks="9")).status_code,  # "9" read as 9
        post(director, tid, result(3)).status_code,
        post(director, tid, result(4)).status_code,  # the fourth in the minute
    ]
    assert statuses == [201, 201, 201, 429]
    assert stored(tid, 4) == []


def test_the_route_is_documented_as_the_view() -> None:
    """The schema documents the operation, its input and its answers."""
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


def test_a_host_the_site_does_not_serve_is_refused(
    event: tuple[str, Any, Any],
) -> None:
    """``CommonMiddleware`` answers 400 for a host not in ALLOWED_HOSTS,
    before any view: nothing is stored."""
    tid, director, _ = event
    assert post(director, tid, result(1)).status_code == 201
    r = post(director, tid, result(2), HTTP_HOST="evil.example")
    assert r.status_code == 400
    assert stored(tid, 2) == []
