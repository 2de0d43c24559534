"""Deciding an appeal, withdrawing it, and the further appeal to the national
body (Law 93, 93C1; FIGB N-L92-93 §4-§5).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from access.roles import (
    IsFederationStaff,
    actor_of,
    is_committee_member,
    is_director,
)
from appeals.api.common import (
    COMMAND_RESPONSES,
    AppealApi,
    HearingBody,
    PartyOrDirector,
    PartyStepApi,
    PlayerInput,
)
from appeals.domain import appeal
from httpapi.inputs import validated
from httpapi.schema import name_components
from tournaments.api.adjusted_scores import ADJUSTED_SCORE_HELP, adjusted_score_examples
from tournaments.api.common import MAX_BOARD, MAX_TABLE, LawRefField

__all__ = [
    "DecideAppealApi",
    "DecideFurtherAppealApi",
    "FileFurtherAppealApi",
    "FurtherAppealNoticeApi",
    "ScoreOrderSerializer",
    "WithdrawAppealApi",
]


class ScoreOrderSerializer(serializers.Serializer):
    board_number = serializers.IntegerField(min_value=1, max_value=MAX_BOARD)
    table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE)
    score = serializers.CharField(max_length=200, help_text=ADJUSTED_SCORE_HELP)
    law = LawRefField(default="12C1")


def _orders(rows: list[dict[str, Any]]) -> tuple[appeal.ScoreOrder, ...]:
    return tuple(appeal.ScoreOrder(**row) for row in rows)


class DecideAppealApi(AppealApi):
    """The hearing body's decision (Law 93; the committee's limits, Law 93B3)."""

    permission_classes = [HearingBody]

    class InputSerializer(serializers.Serializer):
        outcome = serializers.ChoiceField(choices=[o.value for o in appeal.Outcome])
        reasons = serializers.CharField(max_length=16000)
        changed_points = serializers.ListField(
            child=serializers.ChoiceField(choices=[p.value for p in appeal.Point]),
            required=False,
            default=list,
        )
        adjusted_scores = ScoreOrderSerializer(many=True, required=False, default=list)
        recommendation = serializers.CharField(
            required=False, default="", allow_blank=True
        )

    @extend_schema(
        request=InputSerializer,
        responses=COMMAND_RESPONSES,
        examples=adjusted_score_examples(
            lambda score: {
                "outcome": "changed",
                "reasons": "The hesitation suggested the double (Law 16B1(a))",
                "changed_points": ["judgement"],
                "adjusted_scores": [
                    {"board_number": 7, "table": 3, "score": score, "law": "12C1"}
                ],
            }
        ),
    )
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        state = self.appeal_state()
        committee = is_committee_member(request.user, self.appeal_id())
        tid = self.get_tournament_id()
        chief = tid is not None and is_director(request.user, tid, chief=True)
        if state.body is appeal.Body.COMMITTEE and committee:
            by = appeal.Body.COMMITTEE
        else:
            by = appeal.Body.CHIEF_DIRECTOR if chief else appeal.Body.COMMITTEE
        command = appeal.DecideAppeal(
            by=by,
            decided_by=actor_of(request.user),
            outcome=appeal.Outcome(data["outcome"]),
            reasons=data["reasons"],
            changed_points=tuple(appeal.Point(p) for p in data["changed_points"]),
            adjusted_scores=_orders(data["adjusted_scores"]),
            recommendation=data["recommendation"],
        )
        return self.run(request, command, "decide_appeal", use_expected=True)


class WithdrawAppealApi(AppealApi):
    permission_classes = [PartyOrDirector]

    class InputSerializer(serializers.Serializer):
        player_id = serializers.UUIDField(required=False, allow_null=True, default=None)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        player = self.acting_player(request, data["player_id"])
        command = appeal.WithdrawAppeal(by=actor_of(request.user), player_id=player)
        return self.run(request, command, "withdraw_appeal")


# -- further appeal ---------------------------------------------------------------


class FurtherAppealNoticeApi(PartyStepApi):
    """The written pre-notice of a further appeal (FIGB N-L92-93 §4)."""

    step = "give_further_appeal_notice"

    def command(
        self, request: Request, player: UUID, data: dict[str, Any]
    ) -> appeal.AppealCommand:
        return appeal.GiveFurtherAppealNotice(player_id=player)


class FileFurtherAppealApi(PartyStepApi):
    """A further appeal to the national body (Law 93C1; FIGB N-L92-93 §4)."""

    step = "file_further_appeal"

    class InputSerializer(PlayerInput):
        grounds = serializers.CharField(max_length=8000)

    def command(
        self, request: Request, player: UUID, data: dict[str, Any]
    ) -> appeal.AppealCommand:
        return appeal.FileFurtherAppeal(player_id=player, grounds=data["grounds"])


class DecideFurtherAppealApi(AppealApi):
    """The national body's decision (FIGB N-L92-93 §4-§5): federation staff."""

    permission_classes = [IsFederationStaff]

    class InputSerializer(serializers.Serializer):
        outcome = serializers.ChoiceField(choices=[o.value for o in appeal.Outcome])
        reasons = serializers.CharField(max_length=16000)
        adjusted_scores = ScoreOrderSerializer(many=True, required=False, default=list)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.DecideFurtherAppeal(
            decided_by=actor_of(request.user),
            outcome=appeal.Outcome(data["outcome"]),
            reasons=data["reasons"],
            adjusted_scores=_orders(data["adjusted_scores"]),
        )
        return self.run(request, command, "decide_further_appeal", use_expected=True)


name_components(globals())
