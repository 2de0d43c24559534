"""Issue 16, item 6, over real HTTP: every write checks its object against the
caller's grant. A player calls and plays only for their own seat (declarer
also for dummy, Law 45B); a team line-up only for a team entered in the
tournament (decision 0119)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from tests.support.http import HttpClient
from tests.support.pairs_event import make_tournament, seat_pairs
from tests.support.players import register_players
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def _client(url: str, **grant: dict[str, Any]) -> HttpClient:
    user = get_user_model().objects.create_user(f"g-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return HttpClient(url, user)


def _play(tid: str, tail: str) -> str:
    return f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/1/play/{tail}"


def _refusal(detail: str, law: str | None = None) -> dict[str, Any]:
    body = {
        "type": "https://arbitro.invalid/problems/not_your_seat",
        "title": "NotYourSeat",
        "status": 422,
        "detail": detail,
        "code": "not_your_seat",
    }
    return body if law is None else {**body, "law": law}


def test_a_player_calls_and_plays_only_for_their_own_seat(server: Server) -> None:
    staff = _client(server.url, federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))  # type: ignore[arg-type]
    director = _client(server.url, chief_director={"tournament_id": tid})
    north_id, south_id = register_players(2)  # pair 1 sits NS at table 1
    seat_pairs(staff, tid, {1: [north_id, south_id]}, timedelta(hours=1))  # type: ignore[arg-type]
    north = _client(server.url, player={"player_id": uuid.UUID(north_id)})
    south = _client(server.url, player={"player_id": uuid.UUID(south_id)})
    assert director.post(_play(tid, "start/"), {"deal": DEAL}).status_code == 201

    # Board 1, North deals: South may not call for his partner (it was 201).
    partner = south.post(_play(tid, "calls/"), {"seat": "N", "call": "1NT"})
    assert (partner.status_code, partner.json()) == (
        422,
        _refusal(
            "you sit S at this table, not N: a player calls and plays only for "
            "their own seat"
        ),
    )
    assert (
        north.post(_play(tid, "calls/"), {"seat": "N", "call": "1NT"}).status_code
        == 201
    )
    for seat in ("E", "S", "W"):
        caller = south if seat == "S" else director
        r = caller.post(_play(tid, "calls/"), {"seat": seat, "call": "P"})
        assert r.status_code == 201, r.json()

    # 1NT by North: East leads, South is dummy. Dummy does not play his own
    # cards; declarer plays them (Law 45B).
    assert (
        director.post(_play(tid, "cards/"), {"seat": "E", "card": "DA"}).status_code
        == 201
    )
    dummy = south.post(_play(tid, "cards/"), {"seat": "S", "card": "D9"})
    assert (dummy.status_code, dummy.json()) == (
        422,
        _refusal("S is dummy: declarer plays dummy's cards", "Law 45B"),
    )
    assert (
        north.post(_play(tid, "cards/"), {"seat": "S", "card": "D9"}).status_code == 201
    )
    opponent = north.post(_play(tid, "cards/"), {"seat": "W", "card": "D3"})
    assert (opponent.status_code, opponent.json()) == (
        422,
        _refusal(
            "you sit N at this table, not W: a player calls and plays only for "
            "their own seat"
        ),
    )


def test_a_line_up_only_for_a_team_entered_in_the_directors_tournament(
    server: Server,
) -> None:
    staff = _client(server.url, federation_staff={})
    tid = str(uuid.uuid4())
    created = staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Campionato a squadre",
            "form": "teams",
            "scoring": "teams_imps_vp",
            "starts_at": "2026-11-26T10:00:00+00:00",
        },
    )
    assert created.status_code == 201, created.json()
    teams = []
    for _ in range(2):
        members = register_players(4)
        formed = staff.post(
            "/api/v1/registry/teams/",
            {"name": "Squadra", "member_ids": members, "captain_id": members[0]},
        )
        assert formed.status_code == 201, formed.json()
        teams.append((formed.json()["team_id"], members))
    (entered, entered_members), (outside, outside_members) = teams
    joined = staff.post(
        f"/api/v1/tournaments/{tid}/entries/",
        {"number": 1, "entry_id": entered, "player_ids": entered_members},
    )
    assert joined.status_code == 201, joined.json()
    director = _client(server.url, director={"tournament_id": tid})

    def lineup(members: list[str]) -> dict[str, Any]:
        return {
            "tournament_id": tid,
            "match_id": str(uuid.uuid4()),
            "segment": 1,
            "open_room": members[:2],
            "closed_room": members[2:4],
        }

    # The director's office reaches no event of the team outside (issue 28).
    foreign = director.post(
        f"/api/v1/registry/teams/{outside}/lineups/", lineup(outside_members)
    )
    assert (foreign.status_code, foreign.json()["code"]) == (403, "permission_denied")
    # Staff may act on any team: the tournament refuses it (N-L4 §1).
    refused = staff.post(
        f"/api/v1/registry/teams/{outside}/lineups/", lineup(outside_members)
    )
    assert (refused.status_code, refused.json()) == (
        422,
        {
            "type": "https://arbitro.invalid/problems/team_not_entered",
            "title": "TeamNotEntered",
            "status": 422,
            "detail": f"team {outside} is not entered in tournament {tid}: a line-up "
            "is declared only for a team of the tournament (N-L4 §1)",
            "code": "team_not_entered",
            "field": "tournament_id",
        },
    )
    accepted = director.post(
        f"/api/v1/registry/teams/{entered}/lineups/", lineup(entered_members)
    )
    assert accepted.status_code == 201, accepted.json()
