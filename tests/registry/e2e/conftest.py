"""Registry end-to-end fixtures: users with roles, clubs, a projection runner."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from registry.handlers import register
from registry.models import Club
from registry.projections import RegistryProjection
from tests.support.auth import token_client
from tests.support.server import server  # noqa: F401  (the fixture: tests over real HTTP)

CSV = Path(__file__).resolve().parents[2] / "fixtures" / "csv"
API = "/api/v1/registry"


MARKS = [pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _registered_events() -> None:
    register()


@pytest.fixture
def catch_up() -> Callable[[], int]:
    """Run the registry projection to the head, as its runner process would."""
    return ProjectionRunner(RegistryProjection()).catch_up


def _user_client(role: str | None = None, **scope: Any) -> APIClient:
    user = get_user_model().objects.create_user(f"u-{uuid.uuid4().hex[:10]}")
    if role is not None:
        RoleGrant.objects.create(user=user, role=role, **scope)
    return token_client(user)


@pytest.fixture
def staff() -> APIClient:
    return _user_client(RoleGrant.Role.FEDERATION_STAFF)


@pytest.fixture
def client_for() -> Callable[..., APIClient]:
    """A client for a user holding the given role (``client_for()``: no role)."""
    return _user_client


@pytest.fixture
def clubs() -> dict[str, Club]:
    return {
        code: Club.objects.create(code=code, name=name, city=city)
        for code, name, city in (
            ("BO01", "Circolo del Bridge Bologna", "Bologna"),
            ("MI02", "Bridge Milano", "Milano"),
        )
    }


@pytest.fixture
def register_player(staff: APIClient) -> Callable[..., str]:
    """Register a player through the API; return the new player id."""
    numbers = iter(range(900000, 999999))

    def make(category: str = "2C", **extra: Any) -> str:
        body = {
            "federation_number": str(next(numbers)),
            "family_name": "Verdi",
            "given_name": "Anna",
            "category": category,
            **extra,
        }
        response = staff.post(f"{API}/players/", body, format="json")
        assert response.status_code == 201, response.json()
        return str(response.json()["player_id"])

    return make


def enter_team(
    staff: APIClient,
    team_id: str,
    members: list[str],
    *,
    tournament: uuid.UUID,
    number: int = 1,
) -> None:
    """Create ``tournament`` (teams) if needed and enter the team in it under
    its team id (a line-up is declared only for a team entered, issue 16)."""

    created = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": str(tournament),
            "name": "Campionato a squadre",
            "form": "teams",
            "scoring": "teams_imps_vp",
            "starts_at": event_store().now().isoformat(),
        },
        format="json",
    )
    assert created.status_code in (201, 409), created.json()
    entered = staff.post(
        f"/api/v1/tournaments/{tournament}/entries/",
        {"number": number, "entry_id": team_id, "player_ids": members},
        format="json",
    )
    assert entered.status_code == 201, entered.json()
