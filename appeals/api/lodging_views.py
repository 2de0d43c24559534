"""Lodging an appeal: the appeal, its concurrence, its deposit (Law 92, 80B2(k))."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsTournamentDirector,
    actor_of,
    is_director,
    metadata_for,
    player_ids_of,
)
from appeals import handlers
from appeals.api.common import (
    COMMAND_RESPONSES,
    AppealApi,
    PartyStepApi,
)
from appeals.domain import appeal
from httpapi.commands import created, idem
from httpapi.inputs import validated
from httpapi.schema import name_components
from tournaments.api.common import MAX_CENTS
from tournaments.handlers import load_tournament

__all__ = [
    "AcceptHandedAppealApi",
    "ConcurAppealApi",
    "LodgeAppealApi",
    "RecordDepositApi",
]


def _plays_in(tournament_id: UUID, player_id: UUID) -> bool:
    """Whether ``player_id`` plays in an entry of the tournament (its stream)."""
    entries = load_tournament(tournament_id).entries.values()
    return any(player_id in e.player_ids for e in entries)


class LodgeAppealApi(APIView):
    """Lodge an appeal against a ruling, through the Director (Law 92A-D, 92C)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        tournament_id = serializers.UUIDField()
        ruling_id = serializers.UUIDField()
        appellant_id = serializers.UUIDField(help_text="the appealing player's id")
        grounds = serializers.CharField(max_length=4000)
        grounds_evident_at_ruling = serializers.BooleanField(
            required=False,
            allow_null=True,
            default=None,
            help_text="FIGB N-L92-93 §2; default: true before publication",
        )
        concurring_ids = serializers.ListField(
            child=serializers.UUIDField(),
            required=False,
            default=list,
            help_text="partners or captain present (recorded by a director only)",
        )
        channel = serializers.ChoiceField(
            choices=[c.value for c in appeal.Channel],
            help_text="to whom the appeal was handed (Law 92C: through the "
            "director; FIGB N-L92-93 §3). committee_chair or other: recorded as "
            "handed and refused (422 appeal_not_through_director) unless the "
            "event's appeal conditions let the director accept it "
            "(acceptance/)",
        )
        received_by = serializers.CharField(
            max_length=200,
            required=False,
            default="",
            help_text="who received it, when not the director",
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        tid = data["tournament_id"]
        director = is_director(request.user, tid)
        if not director and data["appellant_id"] not in player_ids_of(request.user):
            raise PermissionDenied("a player lodges an appeal only as themself")
        if director and not _plays_in(tid, data["appellant_id"]):
            # The office is the tournament's: it reaches only its own players,
            # whatever ruling the body names (issue 28).
            raise PermissionDenied(
                "a director lodges an appeal only for a player of his tournament"
            )
        if data["concurring_ids"] and not director:
            raise PermissionDenied(
                "each player concurs in person; a director may record it (Law 92C)"
            )
        meta = metadata_for(request, tid, "lodge_appeal")
        appeal_id, result = handlers.lodge_appeal(
            tournament_id=tid,
            ruling_id=data["ruling_id"],
            appellant_id=data["appellant_id"],
            grounds=data["grounds"],
            lodged_by=meta.actor,
            grounds_evident_at_ruling=data["grounds_evident_at_ruling"],
            concurring_ids=tuple(data["concurring_ids"]),
            metadata=meta,
            channel=appeal.Channel(data["channel"]),
            received_by=data["received_by"],
            idempotency_key=idem(request),
        )
        return created(result, appeal_id=appeal_id)


class ConcurAppealApi(PartyStepApi):
    """The partner's or captain's concurrence (Law 92D)."""

    step = "concur_appeal"

    def command(
        self, request: Request, player: UUID, data: dict[str, Any]
    ) -> appeal.AppealCommand:
        return appeal.ConcurAppeal(player_id=player, recorded_by=actor_of(request.user))


class AcceptHandedAppealApi(AppealApi):
    """The Director's act accepting an appeal handed to someone else, where
    the event's appeal conditions allow it (Law 92C)."""

    permission_classes = [IsTournamentDirector]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        command = appeal.AcceptHandedAppeal(accepted_by=actor_of(request.user))
        return self.run(request, command, "accept_handed_appeal")


class RecordDepositApi(AppealApi):
    """The deposit the event sets, received by the Director (Law 80B2(k))."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        amount_cents = serializers.IntegerField(min_value=1, max_value=MAX_CENTS)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.RecordDeposit(
            amount_cents=data["amount_cents"], received_by=actor_of(request.user)
        )
        return self.run(request, command, "record_deposit")


name_components(globals())
