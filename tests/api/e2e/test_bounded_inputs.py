"""What the schema walk found, pinned one by one: every input is bounded and
every refusal is a problem naming its field (issue 11; decision 0084)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from eventstore.store import event_store
from tests.support.pairs_event import client_for, make_tournament

pytestmark = pytest.mark.django_db
PROBLEM = "application/problem+json"


def problem(response: object) -> dict[str, object]:
    assert response["Content-Type"] == PROBLEM  # type: ignore[index]
    return response.json()  # type: ignore[attr-defined, no-any-return]


def staff_and_event() -> tuple[APIClient, str]:
    staff, _ = client_for(f"staff-{uuid.uuid4().hex[:6]}", federation_staff={})
    return staff, make_tournament(staff, timedelta(hours=1))


def test_a_lone_surrogate_in_json_is_a_malformed_body() -> None:
    """Valid JSON, but no text: it could be neither stored nor answered."""
    staff, tid = staff_and_event()
    response = staff.post(
        f"/api/v1/tournaments/{tid}/entries/",
        data='{"number": 1, "player_ids": ["\\ud800"]}',
        content_type="application/json",
    )
    assert response.status_code == 400
    body = problem(response)
    assert body["code"] == "parse_error"
    assert body["detail"] == "JSON parse error - a string is not valid Unicode text"


def test_a_surrogate_pair_is_ordinary_text() -> None:
    staff, _ = staff_and_event()
    response = staff.post(
        "/api/v1/tournaments/",
        data='{"name": "Coppa \\ud83c\\udccf", "form": "pairs", "scoring": '
        f'"matchpoints", "starts_at": "{event_store().now().isoformat()}"}}',
        content_type="application/json",
    )
    assert response.status_code == 201


def test_a_number_too_long_for_a_path_is_a_404_problem() -> None:
    staff, tid = staff_and_event()
    response = staff.get(f"/api/v1/tournaments/{tid}/sessions/{10**30}/standings/")
    assert response.status_code == 404
    assert problem(response)["code"] == "not_found"


def test_a_malformed_uuid_in_a_path_is_a_404_problem() -> None:
    staff, _ = staff_and_event()
    response = staff.get("/api/v1/tournaments/not-a-uuid/")
    assert response.status_code == 404
    body = problem(response)
    assert body["code"] == "not_found"
    assert body["detail"] == "no resource at /api/v1/tournaments/not-a-uuid/"


def test_a_session_that_does_not_exist_is_a_404_problem() -> None:
    staff, tid = staff_and_event()
    response = staff.get(f"/api/v1/tournaments/{tid}/sessions/7/standings/")
    assert response.status_code == 404
    assert problem(response)["code"] == "not_found"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("pairs", 10**30, "Ensure this value is less than or equal to 200."),
        ("boards_per_round", 37, "Ensure this value is less than or equal to 36."),
        ("session", 1000, "Ensure this value is less than or equal to 999."),
    ],
)
def test_a_movement_is_built_only_for_a_bounded_field(
    field: str, value: int, message: str
) -> None:
    """A Mitchell for 10**30 pairs would never be built: refused at the door."""
    staff, tid = staff_and_event()
    now = event_store().now()
    body = {
        "session": 1,
        "movement": "mitchell",
        "pairs": 10,
        "boards_per_round": 2,
        "starts_at": now.isoformat(),
        "ends_at": (now + timedelta(hours=3)).isoformat(),
        field: value,
    }
    response = staff.post(f"/api/v1/tournaments/{tid}/sessions/", body, format="json")
    assert response.status_code == 400
    refused = problem(response)
    assert (refused["code"], refused["field"]) == ("invalid", field)
    assert refused["errors"] == [
        {"field": field, "code": "max_value", "detail": message}
    ]


def test_a_window_longer_than_a_week_is_refused_naming_it() -> None:
    """Law 79C and 92B periods are minutes; a huge one would overflow an instant."""
    staff, _ = staff_and_event()
    body = {
        "name": "Coppa",
        "form": "pairs",
        "scoring": "matchpoints",
        "starts_at": event_store().now().isoformat(),
        "windows": {"appeal_minutes": 10**12},
    }
    response = staff.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 400
    assert problem(response)["field"] == "windows.appeal_minutes"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("offset=1000000000000000000000000000000", "offset"),
        ("limit=0", "limit"),
        ("search=nul%00byte", "search"),
        ("category=9Z", "category"),
        ("club_id=not-a-uuid", "club_id"),
    ],
)
def test_the_registers_list_refuses_a_malformed_query_naming_it(
    query: str, field: str
) -> None:
    staff, _ = staff_and_event()
    response = staff.get(f"/api/v1/registry/players/?{query}")
    assert response.status_code == 400
    assert problem(response)["field"] == field


@pytest.mark.parametrize("body", [["a", "list"], {"file": "not a file"}, None])
def test_an_import_without_a_csv_is_refused_naming_the_file(body: object) -> None:
    staff, _ = staff_and_event()
    response = staff.post("/api/v1/registry/players/imports/", body, format="json")
    assert response.status_code == 400
    refused = problem(response)
    assert (refused["code"], refused["field"]) == ("invalid", "file")


def test_a_call_index_is_a_place_in_the_auction() -> None:
    """At most 319 calls: the longest auction there is (Laws 17-22)."""
    _, tid = staff_and_event()
    director, _ = client_for(
        f"td-{uuid.uuid4().hex[:6]}", chief_director={"tournament_id": tid}
    )
    response = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/1/play/alerts/",
        {"seat": "N", "call_index": -1},
        format="json",
    )
    assert response.status_code == 400
    assert problem(response)["field"] == "call_index"


@pytest.mark.parametrize("imps", ["1/0", "9" * 5000])
def test_a_carry_over_is_a_number_a_fraction_can_hold(imps: str) -> None:
    staff, tid = staff_and_event()
    response = staff.post(
        f"/api/v1/tournaments/{tid}/bracket/carry-overs/",
        {"stage": 1, "match": 1, "imps": imps},
        format="json",
    )
    assert response.status_code == 400
    assert problem(response)["field"] == "imps"


@pytest.mark.parametrize("position", ["²", "9" * 5000])
def test_a_position_that_is_no_number_is_not_waited_for(position: str) -> None:
    """``str.isdigit`` takes "²" and 5000 digits; ``int`` takes neither:
    refused at once, naming the parameter, on every read (decision 0073)."""
    staff, tid = staff_and_event()
    for path in (f"/api/v1/tournaments/{tid}/", "/api/v1/registry/players/"):
        refused = staff.get(f"{path}?min_position={position}")
        assert refused.status_code == 400
        assert problem(refused)["field"] == "min_position"
