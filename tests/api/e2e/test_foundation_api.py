"""Health, schema, authentication and role checks over real HTTP handling."""

from __future__ import annotations

import uuid
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from access.roles import IsChiefDirector, IsTournamentDirector, is_federation_staff
from tests.support.staff import operator_client

pytestmark = pytest.mark.django_db


def test_health_reports_database_broker_and_projection_lag() -> None:
    response = operator_client().get("/api/health/")
    body = response.json()
    assert body["database"]["ok"] is True
    assert "broker" in body
    assert "test.stream_tally" in body["projections"]
    # No projection runner holds its lock in this test: reads would not
    # follow writes, so health is down (decision 0071).
    assert body["status"] == "down"
    assert response.status_code == 503


def test_openapi_schema_and_docs_are_served() -> None:
    client = APIClient()
    schema = client.get("/api/schema/?format=json")
    assert schema.status_code == 200
    assert schema.json()["openapi"].startswith("3.")
    assert "/api/v1/me/" in schema.json()["paths"]
    assert client.get("/api/docs/").status_code == 200


def test_token_authentication_and_problem_details_for_anonymous() -> None:
    user = get_user_model().objects.create_user("ann", password="s3cret-pass")
    client = APIClient()
    denied = client.get("/api/v1/me/")
    assert denied.status_code == 403
    assert denied["Content-Type"].startswith("application/problem+json")
    assert denied.json()["status"] == denied.status_code
    token = client.post(
        "/api/v1/auth/token/", {"username": "ann", "password": "s3cret-pass"}
    )
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    me = client.get("/api/v1/me/")
    assert me.json()["actor"] == f"user:{user.pk}"


def test_director_of_one_tournament_cannot_act_on_another() -> None:
    user = get_user_model().objects.create_user("td")
    mine, other = uuid.uuid4(), uuid.uuid4()
    RoleGrant.objects.create(
        user=user, role=RoleGrant.Role.DIRECTOR, tournament_id=mine
    )
    request = SimpleNamespace(user=user)
    assert (
        IsTournamentDirector().has_permission(
            request, SimpleNamespace(kwargs={"tournament_id": mine})
        )
        is True
    )
    assert (
        IsTournamentDirector().has_permission(
            request, SimpleNamespace(kwargs={"tournament_id": other})
        )
        is False
    )
    assert (
        IsChiefDirector().has_permission(
            request, SimpleNamespace(kwargs={"tournament_id": mine})
        )
        is False
    )
    assert is_federation_staff(user) is False


def test_demo_command_creates_users_with_roles(django_db_blocker) -> None:
    from django.core.management import call_command

    call_command("demo")
    call_command("demo")  # idempotent
    staff = get_user_model().objects.get(username="staff")
    assert is_federation_staff(staff) is True
