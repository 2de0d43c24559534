"""The tournament's conduct: standings published for their check, merit
groups, warnings, substitutions, interruption and prizes (Arts. 20, 38, 40)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from access.roles import is_director, is_federation_staff
from burraco import domain as burraco
from burraco.api.common import DirectorCommandApi, run_command, state_of
from burraco.export import prizes_of
from burraco.selectors import prizes_public
from httpapi.commands import COMMAND_RESPONSES
from httpapi.inputs import validated
from httpapi.schema import name_components
from tournaments.api.common import MAX_ENTRY, StaffOrDirector


class FinalStandingsApi(DirectorCommandApi):
    """``POST``: Art. 20, the final standings shown for their check period."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        command = burraco.PublishFinalStandings()
        return run_command(request, tournament_id, command, "publish_final_standings")


class ProvisionalStandingsApi(DirectorCommandApi):
    """``POST``: Art. 20, the standings before the split shown for their check."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        command = burraco.PublishProvisionalStandings()
        return run_command(request, tournament_id, command, "publish_provisional")


class GroupsApi(DirectorCommandApi):
    """``POST``: the split into merit groups A, B, ... once the standings
    before it are final (Art. 20); ``sizes`` in pairs, A first, or evenly."""

    class InputSerializer(serializers.Serializer):
        sizes = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=MAX_ENTRY),
            max_length=26,
            default=list,
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.SplitIntoGroups(sizes=tuple(data["sizes"]))
        return run_command(request, tournament_id, command, "split_into_groups")


class WarningApi(DirectorCommandApi):
    """``POST``: a warning to a pair; the second costs a VP (Definizioni)."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        turn = serializers.IntegerField(min_value=1, max_value=burraco.MAX_TURNS)
        article = serializers.IntegerField(min_value=1, max_value=40)
        reason = serializers.CharField(max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        return run_command(
            request, tournament_id, burraco.IssueWarning(**data), "issue_warning"
        )


class SubstitutionApi(DirectorCommandApi):
    """``POST``: Art. 38, one player of a pair replaced before half the
    turns, by a registered player new to the tournament; once a pair."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        player_out = serializers.UUIDField()
        player_in = serializers.UUIDField()

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.SubstitutePlayer(**data)
        return run_command(request, tournament_id, command, "substitute_player")


class InterruptionApi(DirectorCommandApi):
    """``POST``: Art. 40, the tournament interrupted: prizes on the last
    standings shown after more than half the turns, otherwise refunds."""

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.InterruptTournament(reason=data["reason"])
        return run_command(request, tournament_id, command, "interrupt_tournament")


class PrizeSettingsSerializer(serializers.Serializer):
    """The prize settings (decisions 0189, 0194), posted alone or with the
    tournament's creation."""

    entry_fee_cents = serializers.IntegerField(min_value=0, max_value=10_000_000)
    pool_percent = serializers.IntegerField(min_value=0, max_value=100)
    shares = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=100),
        max_length=MAX_ENTRY,
        default=list,
        help_text="each final place's share of the pool, in percent (1st first)",
    )
    costs_per_entry_cents = serializers.IntegerField(
        min_value=0, max_value=10_000_000, default=0
    )
    group_shares = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=100),
            max_length=MAX_ENTRY,
        ),
        max_length=26,
        default=list,
        help_text="merit groups: each group's places' shares of the same pool, "
        "group A first (paid on the standings inside each group; decision 0194)",
    )


def set_prizes(data: dict[str, Any]) -> burraco.SetPrizes:
    return burraco.SetPrizes(
        entry_fee_cents=data["entry_fee_cents"],
        pool_percent=data["pool_percent"],
        shares=tuple(data["shares"]),
        costs_per_entry_cents=data["costs_per_entry_cents"],
        group_shares=tuple(tuple(group) for group in data["group_shares"]),
    )


class PrizesApi(DirectorCommandApi):
    """``POST``: the prize settings (decision 0189: the Regolamento's, not
    the Code's). ``GET``: the prizes from the final standings, or Art. 40's
    outcome once interrupted; directors and staff, everyone once the final
    standings are published or the tournament interrupted (decision 0200)."""

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [StaffOrDirector()]

    InputSerializer = PrizeSettingsSerializer

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = set_prizes(data)
        return run_command(request, tournament_id, command, "set_prizes")

    @extend_schema(responses={200: dict, 404: dict})
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = state_of(tournament_id)
        user = request.user
        if not (
            prizes_public(state)
            or is_federation_staff(user)
            or is_director(user, tournament_id)
        ):
            raise NotFound(
                "the prizes are public once the final standings are published "
                "(Art. 20) or the tournament is interrupted (Art. 40)"
            )
        return Response(prizes_of(state))


name_components(globals())
