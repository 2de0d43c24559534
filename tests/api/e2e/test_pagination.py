"""Every list is paged the same way: ``?limit=``/``?offset=``, a default and a
maximum page size, and DRF's envelope (decision 0093)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from rest_framework.test import APIClient

from eventstore.store import event_store
from httpapi.pagination import DEFAULT_LIMIT, MAX_LIMIT
from tests.support.pairs_event import client_for, project

pytestmark = pytest.mark.django_db
URL = "/api/v1/tournaments/"


def create(staff: APIClient, count: int) -> list[str]:
    """Create ``count`` tournaments an hour apart; their names, newest first."""
    now = event_store().now()
    names = []
    for n in range(count):
        name = f"Torneo {n:03d}"
        body = {
            "tournament_id": str(uuid.uuid4()),
            "name": name,
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": (now + timedelta(hours=n)).isoformat(),
        }
        r = staff.post(URL, body, format="json")
        assert r.status_code == 201, r.json()
        names.append(name)
    project()
    return names[::-1]


def query(link: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(link).query)


@pytest.fixture
def staff() -> APIClient:
    client, _ = client_for(f"staff-{uuid.uuid4().hex[:6]}", federation_staff={})
    return client


def test_a_list_longer_than_the_default_page_answers_the_first_page(
    staff: APIClient,
) -> None:
    """Without parameters: the first DEFAULT_LIMIT items, the count of all."""
    names = create(staff, DEFAULT_LIMIT + 2)

    body = APIClient().get(URL).json()

    assert body["count"] == DEFAULT_LIMIT + 2
    assert body["previous"] is None
    assert query(body["next"]) == {
        "limit": [str(DEFAULT_LIMIT)],
        "offset": [str(DEFAULT_LIMIT)],
    }
    assert [t["name"] for t in body["results"]] == names[:DEFAULT_LIMIT]

    rest = APIClient().get(body["next"]).json()
    assert rest["count"] == DEFAULT_LIMIT + 2
    assert rest["next"] is None
    assert query(rest["previous"]) == {"limit": [str(DEFAULT_LIMIT)]}
    assert [t["name"] for t in rest["results"]] == names[DEFAULT_LIMIT:]


def test_limit_and_offset_choose_the_page(staff: APIClient) -> None:
    """Pages follow the list's order (newest first) without gap or overlap."""
    names = create(staff, 5)

    pages = [
        APIClient().get(URL, {"limit": 2, "offset": offset}).json()
        for offset in (0, 2, 4)
    ]

    assert [p["count"] for p in pages] == [5, 5, 5]
    assert [[t["name"] for t in p["results"]] for p in pages] == [
        names[0:2],
        names[2:4],
        names[4:5],
    ]
    assert query(pages[0]["next"]) == {"limit": ["2"], "offset": ["2"]}
    assert query(pages[1]["next"]) == {"limit": ["2"], "offset": ["4"]}
    assert pages[2]["next"] is None
    assert query(pages[2]["previous"]) == {"limit": ["2"], "offset": ["2"]}


def test_an_offset_past_the_end_is_an_empty_page(staff: APIClient) -> None:
    create(staff, 2)

    body = APIClient().get(URL, {"offset": 7}).json()

    assert body["count"] == 2
    assert body["results"] == []
    assert body["next"] is None


def test_a_limit_above_the_maximum_is_served_as_the_maximum(
    staff: APIClient,
) -> None:
    create(staff, 2)

    body = APIClient().get(URL, {"limit": MAX_LIMIT + 1, "offset": 1}).json()

    assert len(body["results"]) == 1
    assert query(body["previous"]) == {"limit": [str(MAX_LIMIT)]}


@pytest.mark.parametrize(
    ("parameter", "value", "detail"),
    [
        ("limit", "ten", "'ten' is not a whole number of at most nine digits"),
        ("limit", "-1", "'-1' is not a whole number of at most nine digits"),
        ("limit", "0", "0 is not a page size; ask 1 or more"),
        ("offset", "1e3", "'1e3' is not a whole number of at most nine digits"),
        (
            "offset",
            "1234567890",
            "'1234567890' is not a whole number of at most nine digits",
        ),
    ],
)
def test_a_page_parameter_that_is_no_page_is_a_problem_naming_it(
    parameter: str, value: str, detail: str
) -> None:
    """Every parameter bounded (decision 0084): 400 naming it, not ignored."""
    response = APIClient().get(URL, {parameter: value})

    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == "invalid"
    assert body["field"] == parameter
    assert body["errors"] == [{"field": parameter, "code": "invalid", "detail": detail}]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/tournaments/",
        "/api/v1/tournaments/{tournament_id}/officials/",
        "/api/v1/tournaments/{tournament_id}/sessions/{session}/ruling-list/",
        "/api/v1/tournaments/{tournament_id}/appeals/",
    ],
)
def test_the_schema_documents_the_page_parameters_and_envelope(path: str) -> None:
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()

    get = schema["paths"][path]["get"]
    names = {p["name"] for p in get["parameters"]}
    assert {"limit", "offset", "min_position"} <= names
    ref = get["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    envelope = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert set(envelope["properties"]) == {"count", "next", "previous", "results"}
    assert envelope["properties"]["results"]["type"] == "array"


@pytest.mark.parametrize("name", ["players", "pairs", "teams", "clubs"])
def test_the_registers_lists_are_paged_too(name: str) -> None:
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()

    get = schema["paths"][f"/api/v1/registry/{name}/"]["get"]
    assert {"limit", "offset"} <= {p["name"] for p in get["parameters"]}
    body = get["responses"]["200"]["content"]["application/json"]["schema"]
    if "$ref" in body:
        body = schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    assert set(body["properties"]) == {"count", "next", "previous", "results"}
    assert body["properties"]["results"]["type"] == "array"
