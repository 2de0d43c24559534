"""Issue 16, item 8, over real HTTP: health answers the public only up or
down; the officials list names officials, their user ids only for staff and
the tournament's directors."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from tests.http.e2e.test_bad_input_over_http import Event
from tests.support.http import HttpClient
from tests.support.server import Server
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_health_tells_anonymous_callers_only_up_or_down(server: Server) -> None:
    anonymous = HttpClient(server.url).get("/api/health/")
    assert anonymous.json() == {"status": "down", "ok": False}  # no runner here
    assert anonymous.status_code == 503
    staff = get_user_model().objects.create_user(f"ops-{uuid.uuid4().hex[:6]}")
    RoleGrant.objects.create(user=staff, role=RoleGrant.Role.FEDERATION_STAFF)
    full = HttpClient(server.url, staff).get("/api/health/").json()
    assert sorted(full) == [
        "broker",
        "database",
        "head",
        "ok",
        "processes",
        "projections",
        "status",
        "store",
    ]


def test_the_officials_list_names_officials_not_user_ids(server: Server) -> None:
    event = Event(server.url, entries=0)
    appointed = event.staff.post(
        f"/api/v1/tournaments/{event.tid}/officials/",
        {
            "username": get_user_model().objects.create_user("td-named").username,
            "role": "chief_director",
            "name": "Ada Arbitro",
        },
    )
    assert appointed.status_code == 201, appointed.json()
    ProjectionRunner(TournamentResults()).catch_up()
    path = f"/api/v1/tournaments/{event.tid}/officials/"
    public = HttpClient(server.url).get(path).json()["results"]
    assert [sorted(o) for o in public] == [["appointed_at", "name", "role"]]
    assert public[0]["name"] == "Ada Arbitro"
    staff = event.staff.get(path).json()["results"]
    assert staff[0]["user_id"] == get_user_model().objects.get(username="td-named").pk
