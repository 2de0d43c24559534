"""Hostile bodies over real HTTP (issue 28, decision 0212): a JSON body
100,000 levels deep, a 5,000-digit number and a float beyond its range are
each a 400 problem naming the limit, on every JSON endpoint (the default
parser, the result post, the views that name the parser), and
a CSV field longer than the field limit in the register's import is a 400
naming the file, the line and the limit; nothing is recorded."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.models import Event
from eventstore.store import event_store
from registry.models import PlayerIdentity
from tests.support.http import HttpClient
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
PROBLEM = "application/problem+json"
DEEP = b"[" * 100_000 + b"]" * 100_000
DEEP_DETAIL = (
    "JSON parse error - line 1: arrays and objects nested deeper than 64 levels"
)


def _client(url: str, **grant: dict[str, Any]) -> HttpClient:
    user = get_user_model().objects.create_user(f"h-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return HttpClient(url, user)


def _endpoints(server: Server) -> list[tuple[HttpClient, str]]:
    """A JSON endpoint of each kind, with a caller allowed to post to it."""
    staff = _client(server.url, federation_staff={})
    tid = str(uuid.uuid4())
    created = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Coppa Arbitro",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": event_store().now().isoformat(),
        },
    )
    assert created.status_code == 201, created.content
    director = _client(server.url, chief_director={"tournament_id": tid})
    return [
        (staff, "/api/v1/tournaments/"),  # the default parser
        (director, f"/api/v1/tournaments/{tid}/sessions/1/results/"),  # event night's
        (director, f"/api/v1/tournaments/{tid}/results-files/"),  # names its parser
        (staff, "/api/v1/registry/players/imports/"),  # JSON beside CSV
    ]


def _refused(client: HttpClient, path: str, body: bytes) -> dict[str, Any]:
    events = Event.objects.count()
    answer = client.post_file(path, body, "application/json")
    assert answer.status_code == 400, (path, answer.content[:300])
    assert answer.headers["Content-Type"] == PROBLEM
    assert Event.objects.count() == events
    problem: dict[str, Any] = answer.json()
    return problem


def test_a_body_nested_100000_deep_is_a_400_naming_the_limit(server: Server) -> None:
    """Python's parser would recurse until RecursionError (a 500): the body
    is refused at 64 levels, on every kind of JSON endpoint."""
    for client, path in _endpoints(server):
        problem = _refused(client, path, DEEP)
        assert (problem["status"], problem["code"], problem["detail"]) == (
            400,
            "parse_error",
            DEEP_DETAIL,
        ), path


def test_numbers_beyond_their_bounds_are_a_400_naming_the_limit(
    server: Server,
) -> None:
    """A 5,000-digit number and 1e999 (an infinite float) are refused by the
    parser, naming the length limit or the range."""
    for client, path in _endpoints(server):
        digits = _refused(client, path, b'{"session": ' + b"9" * 5000 + b"}")
        assert digits["detail"] == (
            "JSON parse error - line 1: the number 999999999999999999999999... "
            "(5000 characters) is longer than 40 characters"
        ), path
        huge = _refused(client, path, b'{"tricks": 1e999}')
        assert huge["detail"] == (
            "JSON parse error - line 1: the number 1e999 is beyond a float's range"
        ), path


def test_a_csv_field_beyond_the_field_limit_is_a_400_naming_the_line(
    server: Server,
) -> None:
    """The register's import reads its CSV within the csv module's field
    limit (128 KiB): a longer field is a 400 naming the file, its line and
    the limit, before anything is queued or written."""
    staff = _client(server.url, federation_staff={})
    text = (
        "federation_number,family_name,given_name,category\n"
        "700001,Rossi,Maria,NC\n"
        f'700002,"{"x" * (128 * 1024 + 1)}",Luca,NC\n'
    )
    players = PlayerIdentity.objects.count()
    answer = staff.post_file(
        "/api/v1/registry/players/imports/", text.encode(), "text/csv"
    )
    assert answer.status_code == 400, answer.content[:300]
    assert answer.json() == {
        "type": "https://arbitro.invalid/problems/invalid",
        "title": "ValidationError",
        "status": 400,
        "detail": "file, line 3: a field is longer than 131072 characters, "
        "the most a field holds",
        "code": "invalid",
        "field": "file",
        "file": "file",
        "line": 3,
    }
    assert PlayerIdentity.objects.count() == players
