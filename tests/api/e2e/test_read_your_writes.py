"""``?min_position=`` behaves the same on every read model (decision 0073).

Issue 11 (8): one variant silently served stale data, another answered 503.
Every read now waits (bounded, and only while a runner is alive), then
answers the data and says in ``Arbitro-Behind`` / ``Arbitro-Read-Position``
whether it reached the position; a value that cannot be a position is
refused at once with 400 naming the parameter.
"""

from __future__ import annotations

import uuid
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from appeals.projections import AppealFiles
from eventstore.models import ProjectionFailure
from eventstore.projections import Projection, ProjectionRunner
from eventstore.store import ExpectedVersion, Metadata, event_store
from registry.projections import RegistryProjection
from tests.support.auth import token_client
from tests.support.events import Pinged
from tournaments.projections import TournamentResults

pytestmark = pytest.mark.django_db
TID = UUID("00000000-0000-4000-8000-00000000c0de")
READS: list[tuple[str, type[Projection]]] = [
    ("/api/v1/tournaments/", TournamentResults),
    (f"/api/v1/tournaments/{TID}/", TournamentResults),
    ("/api/v1/registry/players/", RegistryProjection),
    (f"/api/v1/tournaments/{TID}/appeals/", AppealFiles),
]


@pytest.fixture
def client() -> APIClient:
    user = get_user_model().objects.create_user(f"staff-{uuid.uuid4().hex[:8]}")
    RoleGrant.objects.create(user=user, role=RoleGrant.Role.FEDERATION_STAFF)
    return token_client(user)


@pytest.fixture(autouse=True)
def _short_wait(settings: object) -> None:
    # No runner holds a lock here, so PostgreSQL answers at once; SQLite,
    # which cannot tell, waits this long.
    settings.ARBITRO_READ_WAIT_MAX_SECONDS = 0.2  # type: ignore[attr-defined]


def ping() -> int:
    """Record one event (of no read model here); its global position."""
    return (
        event_store()
        .append(
            uuid.uuid4(),
            [Pinged(n=1)],
            stream_type="test",
            expected_version=ExpectedVersion.NO_STREAM,
            metadata=Metadata(actor="user:test"),
        )
        .last_position
    )


@pytest.mark.parametrize(("url", "projection"), READS)
def test_a_read_at_a_reached_position_says_it_is_not_behind(
    client: APIClient, url: str, projection: type[Projection]
) -> None:
    position = ping()
    ProjectionRunner(projection()).catch_up()
    response = client.get(url, {"min_position": position})
    assert response["Arbitro-Behind"] == "false"
    assert response["Arbitro-Read-Position"] == str(position)
    assert response.has_header("Arbitro-Parked-At") is False
    assert response.status_code == (404 if url.endswith(f"{TID}/") else 200)


@pytest.mark.parametrize(("url", "projection"), READS)
def test_a_read_at_a_position_not_reached_answers_the_data_and_says_so(
    client: APIClient, url: str, projection: type[Projection]
) -> None:
    ProjectionRunner(projection()).catch_up()
    applied = event_store().head_position()
    now = client.get(url)
    position = ping()
    response = client.get(url, {"min_position": position})
    assert response.status_code == now.status_code  # never a 503
    assert response.json() == now.json()  # the data as the read model has it
    assert response["Arbitro-Behind"] == "true"
    assert response["Arbitro-Read-Position"] == str(applied)
    # Without min_position the same read only says how fresh it is.
    assert now["Arbitro-Behind"] == "false"
    assert now["Arbitro-Read-Position"] == str(applied)


@pytest.mark.parametrize(("url", "projection"), READS)
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "'abc' is not a whole number of 0 or more"),
        ("-1", "'-1' is not a whole number of 0 or more"),
        ("1.5", "'1.5' is not a whole number of 0 or more"),
        (
            "{head_beyond}",
            "{head_beyond} is beyond the last recorded position ({head})",
        ),
    ],
)
def test_a_min_position_that_cannot_come_is_refused_naming_the_parameter(
    client: APIClient,
    url: str,
    projection: type[Projection],
    value: str,
    message: str,
    settings: object,
) -> None:
    head = ping()
    beyond = head + settings.ARBITRO_READ_POSITION_MARGIN + 1  # type: ignore[attr-defined]
    value = value.format(head_beyond=beyond)
    response = client.get(url, {"min_position": value})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert body["detail"] == {
        "min_position": [message.format(head_beyond=beyond, head=head)]
    }
    # The head itself is a position that can come: read as without it.
    at_head = client.get(url, {"min_position": head})
    assert at_head.status_code == client.get(url).status_code


def test_a_parked_tournament_is_read_as_behind_with_where_it_stopped(
    client: APIClient,
) -> None:
    """Its rows are as of before the event its projection could not apply."""
    other = uuid.uuid4()
    position = ping()
    ProjectionRunner(TournamentResults()).catch_up()
    ProjectionFailure.objects.create(
        projection=TournamentResults.name,
        partition=f"tournament:{TID}",
        position=position,
        event_type="tournament.created",
        error="ValueError: forged for the test",
        retried_through=position,
        next_retry_at=event_store().now(),
    )
    for url in (f"/api/v1/tournaments/{TID}/", f"/api/v1/tournaments/{TID}/officials/"):
        parked = client.get(url, {"min_position": position})
        assert parked["Arbitro-Behind"] == "true"
        assert parked["Arbitro-Parked-At"] == str(position)
        assert parked["Arbitro-Read-Position"] == str(position)
    fine = client.get(f"/api/v1/tournaments/{other}/officials/")
    assert fine["Arbitro-Behind"] == "false"
    assert fine.has_header("Arbitro-Parked-At") is False
    # The appeals of that tournament come from another projection: not parked.
    appeals = client.get(f"/api/v1/tournaments/{TID}/appeals/")
    assert appeals["Arbitro-Behind"] == "false"
