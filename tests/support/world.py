"""A world for walking the API: a pairs event with results, a ruling and an
appeal, a pair, a team and a club, and one user holding every role on them."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from tests.support.appeals import Event, project
from tests.support.auth import sign_in
from tests.support.players import register_players


@dataclass
class World:
    """A pairs event with results, a ruling and an appeal, and who acts on it."""

    client: APIClient
    ids: dict[str, str]
    token: str


def build_world() -> World:
    event = Event()
    project()
    lodged = event.lodge()
    assert lodged.status_code == 201, lodged.json()
    appeal_id = lodged.json()["appeal_id"]
    staff = event.clients["staff"]
    player, other = register_players(2)
    pair = staff.post(
        "/api/v1/registry/pairs/", {"player_ids": [player, other]}, format="json"
    )
    team_members = register_players(4)
    team = staff.post(
        "/api/v1/registry/teams/",
        {"name": "Squadra", "member_ids": team_members, "captain_id": team_members[0]},
        format="json",
    )
    club = staff.post(
        "/api/v1/registry/clubs/",
        {"code": "BO01", "name": "Circolo", "city": "Bologna"},
        format="json",
    )
    user = get_user_model().objects.create_user("walker")
    for role, scope in (
        (RoleGrant.Role.FEDERATION_STAFF, {}),
        (RoleGrant.Role.CHIEF_DIRECTOR, {"tournament_id": event.tid}),
        (RoleGrant.Role.COMMITTEE_MEMBER, {"appeal_id": appeal_id}),
        (RoleGrant.Role.PLAYER, {"player_id": event.player("north")}),
    ):
        RoleGrant.objects.create(user=user, role=role, **scope)
    client = APIClient()
    token = sign_in(client, user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    client.raise_request_exception = True
    return World(
        client,
        {
            "tournament_id": event.tid,
            "ruling_id": event.ruling_id,
            "appeal_id": appeal_id,
            "player_id": event.player("north"),
            "appellant_id": event.player("north"),
            "pair_id": pair.json().get("pair_id", str(uuid.uuid4())),
            "team_id": team.json().get("team_id", str(uuid.uuid4())),
            "club_id": str(club.json().get("club_id", uuid.uuid4())),
            "captain_id": team_members[0],
            "user_id": str(user.pk),
        },
        token,
    )
