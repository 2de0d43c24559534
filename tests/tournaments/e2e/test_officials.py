"""Officials as events: the organizer appoints the chief director, assistants
and the appeals committee (Law 80B2); the chief director appoints assistants
(Law 81D); a director can act at once, and not after being relieved."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from tests.support.pairs_event import client_for, make_tournament
from tests.support.players import register_players
from tournaments.models import OfficialRow
from tournaments.projections import TournamentResults

pytestmark = pytest.mark.django_db


def project() -> None:
    ProjectionRunner(TournamentResults()).catch_up()


def appoint(client: APIClient, tid: str, username: str, role: str) -> object:
    return client.post(
        f"/api/v1/tournaments/{tid}/officials/",
        {"username": username, "role": role},
        format="json",
    )


def enter(client: APIClient, tid: str, number: int) -> int:
    return client.post(
        f"/api/v1/tournaments/{tid}/entries/",
        {"number": number, "player_ids": register_players(2)},
        format="json",
    ).status_code


def grants() -> list[tuple[str, str, str]]:
    return sorted(
        (g.user.username, g.role, str(g.tournament_id))
        for g in RoleGrant.objects.exclude(role=RoleGrant.Role.FEDERATION_STAFF)
    )


def test_officials_are_appointed_and_relieved_by_events() -> None:
    staff, _ = client_for("staff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    other = make_tournament(staff, timedelta(hours=1))
    chief, _ = client_for("chief")
    assistant, _ = client_for("assistant")
    client_for("judge")
    client_for("second")
    player, _ = client_for("player", player={"player_id": uuid.uuid4()})

    assert enter(chief, tid, 1) == 403  # no office yet
    r = appoint(staff, tid, "chief", "chief_director")
    assert r.status_code == 201, r.json()
    assert enter(chief, tid, 1) == 201  # acts at once: the grant follows the event
    assert enter(chief, other, 1) == 403  # only in the tournament of the office

    # Law 81A: one Director in charge; one office per person (Law 80B2).
    r = appoint(staff, tid, "second", "chief_director")
    assert (r.status_code, r.json()["code"], r.json()["law"]) == (
        422,
        "official_conflict",
        "Law 81A",
    )
    r = appoint(staff, tid, "chief", "committee_member")
    assert (r.status_code, r.json()["code"], r.json()["law"]) == (
        422,
        "official_conflict",
        "Law 80B2",
    )
    assert appoint(staff, tid, "chief", "chief_director").status_code == 200  # no-op

    # Law 81D: the chief director appoints assistants, not the committee.
    assert appoint(chief, tid, "assistant", "director").status_code == 201
    assert appoint(chief, tid, "judge", "committee_member").status_code == 403
    assert appoint(player, tid, "judge", "director").status_code == 403
    assert appoint(staff, tid, "judge", "committee_member").status_code == 201
    assert appoint(staff, tid, "nobody", "director").status_code == 400
    assert enter(assistant, tid, 2) == 201

    project()
    listed = APIClient().get(f"/api/v1/tournaments/{tid}/officials/").json()
    assert listed["count"] == 3
    assert listed["next"] is None
    assert sorted((o["name"], o["role"]) for o in listed["results"]) == [
        ("assistant", "director"),
        ("chief", "chief_director"),
        ("judge", "committee_member"),
    ]

    assistant_id = get_user_model().objects.get(username="assistant").pk
    r = chief.delete(f"/api/v1/tournaments/{tid}/officials/{assistant_id}/")
    assert r.status_code == 200, r.json()
    assert enter(assistant, tid, 3) == 403
    assert (
        chief.delete(f"/api/v1/tournaments/{tid}/officials/{assistant_id}/").status_code
        == 404
    )
    judge_id = get_user_model().objects.get(username="judge").pk
    assert (
        chief.delete(f"/api/v1/tournaments/{tid}/officials/{judge_id}/").status_code
        == 403
    )

    # The grants and the list are what a rebuild from the events gives.
    project()
    before = (grants(), sorted(OfficialRow.objects.values_list("user_id", "role")))
    ProjectionRunner(TournamentResults()).rebuild()
    after = (grants(), sorted(OfficialRow.objects.values_list("user_id", "role")))
    assert after == before
    assert ("chief", "chief_director", tid) in before[0]
    assert not any(g[0] == "assistant" for g in before[0])


def test_a_rebuild_keeps_the_office_of_a_user_deleted_since_without_a_grant() -> None:
    """The record keeps the appointment; no grant is written for a missing user."""
    staff, _ = client_for("staff-d", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    client_for("gone")
    assert appoint(staff, tid, "gone", "director").status_code == 201
    gone = get_user_model().objects.get(username="gone")
    gone_id = gone.pk
    gone.delete()
    ProjectionRunner(TournamentResults()).rebuild()
    assert OfficialRow.objects.filter(tournament_id=tid, user_id=gone_id).exists()
    assert not RoleGrant.objects.filter(user_id=gone_id).exists()
