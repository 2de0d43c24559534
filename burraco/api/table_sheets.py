"""Art. 19 from the table: the sheet filed, signed and delivered by the
players seated at it, each with his own account (decision 0185).

Each step is a command of the one command path (``handle_burraco``); the
player is the account's (a player acts only as himself, decision 0138). The
scoring-room director's ``…/sheet/`` stays: he enters a sheet the table did
not, and the sheets of watched tables at 800 MP.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import player_ids_of
from burraco import domain as burraco
from burraco.api.common import (
    MAX_HANDS,
    HandSerializer,
    closed_room,
    hands_of,
    run_command,
    state_of,
)
from burraco.domain.table_sheets import line_of
from burraco.handlers import entry_players
from httpapi.commands import COMMAND_RESPONSES
from httpapi.inputs import validated
from httpapi.schema import PROBLEM, name_components


class IsAPlayer(BasePermission):
    """A table's sheet is its players' own act: an account linked to a
    player of the register (decision 0138)."""

    message = "Only a player's own account files, signs or delivers a sheet (Art. 19)"

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(player_ids_of(request.user))


def _player(request: Request) -> UUID:
    """The account's player: one player an account (decision 0138)."""
    return min(player_ids_of(request.user))


class _TableSheet(APIView):
    permission_classes = [IsAuthenticated, IsAPlayer]


def _hand(hand: burraco.SheetHand) -> dict[str, int]:
    return {
        "fixed_base": hand.fixed_base,
        "fixed_points": hand.fixed_points,
        "mobile_base": hand.mobile_base,
        "mobile_points": hand.mobile_points,
    }


class TableSheetApi(_TableSheet):
    """``POST``: Art. 19, the keeper (who drew the highest card) files the
    table's sheet: each hand's base and points for the fixed and the mobile
    line; filing signs it for his side. ``GET``: the sheet as it stands, for
    the players of the table."""

    class InputSerializer(serializers.Serializer):
        hands = serializers.ListField(child=HandSerializer(), max_length=MAX_HANDS)
        closed_hands = closed_room()

    class OutputSerializer(serializers.Serializer):
        """The sheet as the table sees it; lines are the pair (or, in a
        giallo, the line) numbers of the turn's positions."""

        turn = serializers.IntegerField()
        table = serializers.IntegerField()
        fixed = serializers.IntegerField()
        mobile = serializers.IntegerField()
        your_line = serializers.IntegerField()
        filed = serializers.BooleanField()
        keeper = serializers.IntegerField(allow_null=True)
        hands = serializers.ListField(child=HandSerializer())
        closed_hands = serializers.ListField(child=HandSerializer())
        signed = serializers.ListField(child=serializers.IntegerField())
        delivered_by = serializers.IntegerField(allow_null=True)
        entered = serializers.BooleanField()

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.FileSheet(
            turn=turn,
            table=table,
            player=_player(request),
            hands=hands_of(data),
            closed_hands=hands_of(data, "closed_hands"),
        )
        return run_command(request, tournament_id, command, "file_score_sheet")

    @extend_schema(responses={200: OutputSerializer, 401: PROBLEM, 403: PROBLEM})
    def get(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        state = state_of(tournament_id)
        line = line_of(
            state, turn, table, _player(request), entry_players(tournament_id)
        )
        seat = state.position(turn, table)
        assert seat is not None
        draft = state.drafts.get((turn, table))
        return Response(
            {
                "turn": turn,
                "table": table,
                "fixed": seat.fixed,
                "mobile": seat.mobile,
                "your_line": line,
                "filed": draft is not None,
                "keeper": None if draft is None else draft.keeper,
                "hands": [] if draft is None else [_hand(h) for h in draft.hands],
                "closed_hands": []
                if draft is None
                else [_hand(h) for h in draft.closed_hands],
                "signed": [] if draft is None else sorted(draft.signed),
                "delivered_by": None if draft is None else draft.delivered_by,
                "entered": (turn, table) in state.results,
            }
        )


class SignatureApi(_TableSheet):
    """``POST``: Art. 19, a player of the keeper's opponents countersigns."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        command = burraco.SignSheet(turn=turn, table=table, player=_player(request))
        return run_command(request, tournament_id, command, "sign_score_sheet")


class DeliveryApi(_TableSheet):
    """``POST``: Art. 19, a player of the winning side hands the signed
    sheet in; it is entered (MP, VP) as the scoring room enters one."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        command = burraco.DeliverSheet(turn=turn, table=table, player=_player(request))
        return run_command(request, tournament_id, command, "deliver_score_sheet")


name_components(globals())
