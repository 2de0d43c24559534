"""Teams over HTTP: 4-6 members, captains, line-ups (N-L4 §1, N-L11 §2)."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from rest_framework.test import APIClient

from access.models import RoleGrant
from tests.registry.e2e.conftest import API, MARKS, enter_team

pytestmark = MARKS

TOURNAMENT = uuid.uuid4()
MATCH = uuid.uuid4()


def form_team(
    staff: APIClient,
    register_player: Callable[..., str],
    size: int = 5,
    **extra: object,
) -> tuple[str, list[str]]:
    members = [register_player() for _ in range(size)]
    response = staff.post(
        f"{API}/teams/",
        {
            "name": "Squadra Azzurra",
            "member_ids": members,
            "captain_id": members[0],
            **extra,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    return response.json()["team_id"], members


def lineup(members: list[str], segment: int = 1) -> dict[str, object]:
    return {
        "tournament_id": str(TOURNAMENT),
        "match_id": str(MATCH),
        "segment": segment,
        "open_room": members[0:2],
        "closed_room": members[2:4],
    }


def test_a_team_is_formed_and_read_back(
    staff: APIClient, register_player: Callable[..., str], catch_up: Callable[[], int]
) -> None:
    npc = register_player()
    team_id, members = form_team(staff, register_player, 4, non_playing_captain_id=npc)
    catch_up()
    team = staff.get(f"{API}/teams/{team_id}/").json()
    assert team["name"] == "Squadra Azzurra"
    assert team["member_ids"] == sorted(members)
    assert team["captain_id"] == members[0]
    assert team["non_playing_captain_id"] == npc


def test_three_or_seven_players_are_not_a_team(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    for size in (3, 7):
        members = [register_player() for _ in range(size)]
        response = staff.post(
            f"{API}/teams/",
            {"name": "T", "member_ids": members, "captain_id": members[0]},
            format="json",
        )
        assert response.status_code == 422
        assert response.json()["code"] == "team_size"


def test_members_join_and_leave_and_the_captain_stays(
    staff: APIClient, register_player: Callable[..., str], catch_up: Callable[[], int]
) -> None:
    team_id, members = form_team(staff, register_player, 4)
    newcomer = register_player()
    added = staff.post(
        f"{API}/teams/{team_id}/members/", {"player_id": newcomer}, format="json"
    )
    assert added.status_code == 201
    captain_leaves = staff.delete(f"{API}/teams/{team_id}/members/{members[0]}/")
    assert captain_leaves.status_code == 409
    assert captain_leaves.json()["code"] == "captain_cannot_leave"
    assert (
        staff.delete(f"{API}/teams/{team_id}/members/{members[3]}/").status_code == 201
    )
    catch_up()
    team = staff.get(f"{API}/teams/{team_id}/").json()
    assert team["member_ids"] == sorted([*members[:3], newcomer])


def test_the_captain_declares_a_line_up_and_only_the_director_changes_it(
    staff: APIClient,
    client_for: Callable[..., APIClient],
    register_player: Callable[..., str],
    catch_up: Callable[[], int],
) -> None:
    """N-L4 §1: a change after the declaration needs the Director's permission."""
    team_id, members = form_team(staff, register_player)
    enter_team(staff, team_id, members, tournament=TOURNAMENT)
    captain = client_for(RoleGrant.Role.PLAYER, player_id=members[0])
    teammate = client_for(RoleGrant.Role.PLAYER, player_id=members[1])
    director = client_for(RoleGrant.Role.DIRECTOR, tournament_id=TOURNAMENT)
    assert (
        teammate.post(
            f"{API}/teams/{team_id}/lineups/", lineup(members), format="json"
        ).status_code
        == 403
    )
    first = captain.post(
        f"{API}/teams/{team_id}/lineups/", lineup(members), format="json"
    )
    assert first.status_code == 201
    changed = lineup(members[1:])
    again = captain.post(f"{API}/teams/{team_id}/lineups/", changed, format="json")
    assert again.status_code == 409
    assert again.json()["law"] == "Norme integrative FIGB Art. 4 §1"
    allowed = director.post(f"{API}/teams/{team_id}/lineups/", changed, format="json")
    assert allowed.status_code == 201
    catch_up()
    [row] = teammate.get(f"{API}/teams/{team_id}/lineups/").json()
    assert row["open_room"] == members[1:3]
    assert row["change_authorised"] is True


def test_a_line_up_of_non_members_is_refused(
    staff: APIClient, register_player: Callable[..., str]
) -> None:
    team_id, members = form_team(staff, register_player, 4)
    enter_team(staff, team_id, members, tournament=TOURNAMENT)
    outsiders = [*members[:3], register_player()]
    response = staff.post(
        f"{API}/teams/{team_id}/lineups/", lineup(outsiders), format="json"
    )
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_lineup"


def test_a_line_up_only_for_a_team_entered_in_the_tournament(
    staff: APIClient,
    client_for: Callable[..., APIClient],
    register_player: Callable[..., str],
) -> None:
    """Issue 16 (6): a director of one tournament recorded a line-up for a team
    not entered in it (201); now refused whoever asks: staff 422, and the
    director, whose office reaches no event of that team, 403 (issue 28)."""
    team_id, members = form_team(staff, register_player, 4)
    other, other_members = form_team(staff, register_player, 4)
    enter_team(staff, other, other_members, tournament=TOURNAMENT)  # not team_id
    director = client_for(RoleGrant.Role.DIRECTOR, tournament_id=TOURNAMENT)
    foreign = director.post(
        f"{API}/teams/{team_id}/lineups/", lineup(members), format="json"
    )
    assert (foreign.status_code, foreign.json()["code"]) == (403, "permission_denied")
    for caller in (staff,):
        refused = caller.post(
            f"{API}/teams/{team_id}/lineups/", lineup(members), format="json"
        )
        assert refused.status_code == 422
        assert refused.json() == {
            "type": "https://arbitro.invalid/problems/team_not_entered",
            "title": "TeamNotEntered",
            "status": 422,
            "detail": f"team {team_id} is not entered in tournament {TOURNAMENT}: "
            "a line-up is declared only for a team of the tournament (N-L4 §1)",
            "code": "team_not_entered",
            "field": "tournament_id",
        }
    elsewhere = client_for(RoleGrant.Role.DIRECTOR, tournament_id=uuid.uuid4())
    denied = elsewhere.post(
        f"{API}/teams/{other}/lineups/", lineup(other_members), format="json"
    )
    assert denied.status_code == 403
    assert denied.json()["code"] == "permission_denied"
    accepted = director.post(
        f"{API}/teams/{other}/lineups/", lineup(other_members), format="json"
    )
    assert accepted.status_code == 201, accepted.json()


def test_players_see_only_their_teams(
    staff: APIClient,
    client_for: Callable[..., APIClient],
    register_player: Callable[..., str],
    catch_up: Callable[[], int],
) -> None:
    mine, members = form_team(staff, register_player, 4)
    other, _ = form_team(staff, register_player, 4)
    catch_up()
    me = client_for(RoleGrant.Role.PLAYER, player_id=members[2])
    own = me.get(f"{API}/teams/").json()
    assert own["count"] == 1
    assert [t["team_id"] for t in own["results"]] == [mine]
    assert me.get(f"{API}/teams/{other}/").status_code == 403
    assert (
        me.post(f"{API}/teams/{mine}/captains/", {"captain_id": members[2]}).status_code
        == 403
    )
