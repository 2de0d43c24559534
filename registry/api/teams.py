"""Teams: members, captains and line-ups (N-L4 §1, N-L11 §2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsFederationStaff,
    is_director,
    is_federation_staff,
    metadata_for,
)
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.pagination import PAGE_PARAMETERS, Page, page_of, paginated
from httpapi.problems import problem
from httpapi.reads import READ_PARAMETERS, by_stream, reads
from httpapi.schema import LIST_OF_OBJECTS
from registry import domain, handlers, selectors
from registry.api.common import (
    QUERY_RESPONSES,
    directs_team,
    own_players,
    run_command,
)
from registry.boundary import team_entered
from registry.projections import RegistryProjection

# A lineup's segment: at most three digits, as a tournament's rounds.
MAX_SEGMENT = 999


class StaffOrTeamPerson(BasePermission):
    message = "Only federation staff or a member or captain of this team may see it"

    def has_permission(self, request: Request, view: Any) -> bool:
        if is_federation_staff(request.user):
            return True
        people = selectors.team_people(view.kwargs.get("team_id"))
        named = people["members"] | {
            people["captain_id"],
            people["non_playing_captain_id"],
        }
        return bool(own_players(request) & named)


class LineupDeclarer(BasePermission):
    """Staff, a director of an event the team is entered in, or the team's
    captain or non-playing captain: checked against the team itself, never
    against a tournament the body names (issue 28)."""

    message = (
        "Only federation staff, a director of an event this team is entered in "
        "or the team's captain may declare its line-up"
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        if is_federation_staff(user):
            return True
        team_id = UUID(str(view.kwargs["team_id"]))
        if directs_team(user, team_id):
            return True
        state, _ = handlers.load_team(team_id)
        captains = {state.captain_id, state.non_playing_captain_id} - {None}
        return bool(own_players(request) & captains)


class TeamListApi(APIView):
    """``GET``: teams (staff: all; a player: their own). ``POST``: form a team."""

    pagination_class = Page

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [IsAuthenticated()]
        return [IsFederationStaff()]

    class FormTeamSerializer(serializers.Serializer):
        team_id = serializers.UUIDField(required=False)
        name = serializers.CharField(max_length=120)
        member_ids = serializers.ListField(child=serializers.UUIDField(), max_length=12)
        captain_id = serializers.UUIDField()
        non_playing_captain_id = serializers.UUIDField(required=False, allow_null=True)

    @extend_schema(
        operation_id="registry_teams_list",
        parameters=[*READ_PARAMETERS, *PAGE_PARAMETERS],
        responses={200: page_of(), **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name)
    def get(self, request: Request) -> Response:
        mine = None if is_federation_staff(request.user) else own_players(request)
        rows = selectors.team_list(player_ids=mine)
        return paginated(self, request, rows, selectors.teams_json)

    @extend_schema(request=FormTeamSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.FormTeamSerializer, request.data)
        team_id, result = handlers.form_team(
            data["name"],
            tuple(data["member_ids"]),
            data["captain_id"],
            data.get("non_playing_captain_id"),
            metadata=metadata_for(request, command="form_team"),
            team_id=data.get("team_id"),
            idempotency_key=idem(request),
        )
        return created(result, team_id=team_id)


class TeamDetailApi(APIView):
    permission_classes = [StaffOrTeamPerson]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, **QUERY_RESPONSES})
    @reads(RegistryProjection.name, partition=by_stream("team_id"))
    def get(self, request: Request, team_id: UUID) -> Response:
        team = selectors.team_detail(team_id)
        if team is None:
            raise NotFound("no such team")
        return Response(team)


def _team_command(request: Request, command: domain.TeamCommand, name: str) -> Response:
    tournament_id = getattr(command, "tournament_id", None)
    return run_command(
        request,
        handlers.change_team,
        command,
        name,
        tournament_id,
        team_id=command.team_id,
    )


def _team_player_command(
    field: str,
    build: Callable[[UUID, UUID], domain.TeamCommand],
    name: str,
) -> type[APIView]:
    """A staff command naming one player of a team in its body: ``field``."""
    title = "".join(word.title() for word in name.split("_"))
    body = type(
        f"{title}Serializer",
        (serializers.Serializer,),
        {field: serializers.UUIDField()},
    )

    class TeamPlayerApi(APIView):
        permission_classes = [IsFederationStaff]

        @extend_schema(request=body, responses=COMMAND_RESPONSES)
        def post(self, request: Request, team_id: UUID) -> Response:
            data = validated(body, request.data)
            return _team_command(request, build(team_id, data[field]), name)

    TeamPlayerApi.__name__ = TeamPlayerApi.__qualname__ = f"{title}Api"
    return TeamPlayerApi


AddTeamMemberApi = _team_player_command(
    "player_id",
    lambda team_id, player_id: domain.AddTeamMember(
        team_id=team_id, player_id=player_id
    ),
    "add_team_member",
)
AppointCaptainApi = _team_player_command(
    "captain_id",
    lambda team_id, captain_id: domain.AppointCaptain(
        team_id=team_id, captain_id=captain_id
    ),
    "appoint_captain",
)


class RemoveTeamMemberApi(APIView):
    permission_classes = [IsFederationStaff]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def delete(self, request: Request, team_id: UUID, player_id: UUID) -> Response:
        command = domain.RemoveTeamMember(team_id=team_id, player_id=player_id)
        return _team_command(request, command, "remove_team_member")


class LineupApi(APIView):
    """``GET``: a team's line-ups. ``POST``: declare one (N-L4 §1).

    Staff, a director of the tournament, or the team's captain or
    non-playing captain declare; only staff or a director may change a
    line-up already declared (N-L4 §1: the Director's permission).
    """

    class DeclareLineupSerializer(serializers.Serializer):
        tournament_id = serializers.UUIDField()
        match_id = serializers.UUIDField()
        segment = serializers.IntegerField(min_value=1, max_value=MAX_SEGMENT)
        open_room = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )
        closed_room = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [StaffOrTeamPerson()]
        return [LineupDeclarer()]

    @extend_schema(
        parameters=[*READ_PARAMETERS, OpenApiParameter("tournament_id", UUID)],
        responses={200: LIST_OF_OBJECTS, **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name, partition=by_stream("team_id"))
    def get(self, request: Request, team_id: UUID) -> Response:
        raw = request.query_params.get("tournament_id")
        try:
            tournament_id = UUID(raw) if raw else None
        except ValueError:
            return problem(400, "invalid", "ValidationError", "tournament_id is a UUID")
        return Response(selectors.team_lineups(team_id, tournament_id))

    @extend_schema(request=DeclareLineupSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, team_id: UUID) -> Response:
        data = validated(self.DeclareLineupSerializer, request.data)
        tournament_id = data["tournament_id"]
        official = is_federation_staff(request.user) or is_director(
            request.user, tournament_id
        )
        if not official:
            state, _ = handlers.load_team(team_id)
            captains = {state.captain_id, state.non_playing_captain_id} - {None}
            if not own_players(request) & captains:
                return problem(
                    403,
                    "permission_denied",
                    "PermissionDenied",
                    "Only the team's captain, a director or staff may declare it",
                )
        if not team_entered(tournament_id, team_id):
            return problem(
                422,
                "team_not_entered",
                "TeamNotEntered",
                f"team {team_id} is not entered in tournament {tournament_id}: "
                "a line-up is declared only for a team of the tournament (N-L4 §1)",
                field="tournament_id",
            )
        a, b = data["open_room"]
        c, d = data["closed_room"]
        command = domain.DeclareLineup(
            team_id=team_id,
            tournament_id=tournament_id,
            match_id=data["match_id"],
            segment=data["segment"],
            open_room=(a, b),
            closed_room=(c, d),
            change_authorised=official,
        )
        return _team_command(request, command, "declare_lineup")
