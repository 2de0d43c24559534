"""Routing and hearing an appeal: who hears it, when, the minutes, the
Director's report (Law 93A-B; FIGB N-L74, N-L92-93 §5).
"""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from appeals import handlers
from appeals.api.common import COMMAND_RESPONSES, AppealApi, HearingBody, actor_ids
from appeals.domain import appeal
from httpapi.inputs import validated
from httpapi.schema import name_components
from tournaments.api.common import MAX_USER_ID
from tournaments.roles import IsChiefDirector, IsTournamentDirector, actor_of

__all__ = [
    "AttachDirectorReportApi",
    "LawPointSerializer",
    "RecordHearingApi",
    "RouteAppealApi",
    "ScheduleHearingApi",
    "StatementSerializer",
]


class LawPointSerializer(serializers.Serializer):
    point = serializers.CharField(max_length=500)
    ruling = serializers.CharField(max_length=2000)


class RouteAppealApi(AppealApi):
    """The Chief Director hears it (Law 93A, 93B1) or refers it (Law 93B2)."""

    permission_classes = [IsChiefDirector]

    class InputSerializer(serializers.Serializer):
        body = serializers.ChoiceField(
            choices=[appeal.Body.CHIEF_DIRECTOR.value, appeal.Body.COMMITTEE.value]
        )
        members = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_USER_ID),
            required=False,
            default=list,
        )
        law_points = LawPointSerializer(many=True, required=False, default=list)
        law_only = serializers.BooleanField(default=False)
        committee_cannot_operate = serializers.BooleanField(default=False)
        reason = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        members = actor_ids(data["members"])
        command = appeal.RouteAppeal(
            body=appeal.Body(data["body"]),
            routed_by=actor_of(request.user),
            members=members,
            law_points=tuple(
                appeal.LawPointRuling(point=p["point"], ruling=p["ruling"])
                for p in data["law_points"]
            ),
            law_only=data["law_only"],
            committee_cannot_operate=data["committee_cannot_operate"],
            reason=data["reason"],
        )
        appeal_id = self.appeal_id()
        return self.run(
            request,
            command,
            "route_appeal",
            within=lambda _result: handlers.grant_committee(appeal_id, members),
        )


class ScheduleHearingApi(AppealApi):
    permission_classes = [HearingBody]

    class InputSerializer(serializers.Serializer):
        at = serializers.DateTimeField()
        place = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.ScheduleHearing(at=data["at"], place=data["place"])
        return self.run(request, command, "schedule_hearing")


class StatementSerializer(serializers.Serializer):
    by = serializers.CharField(max_length=100, help_text="a player id or actor id")
    role = serializers.ChoiceField(
        choices=["appellant", "opponent", "director", "witness"]
    )
    text = serializers.CharField(max_length=8000)


class RecordHearingApi(AppealApi):
    """The hearing's minutes: statements, and the committee members who sat."""

    permission_classes = [HearingBody]

    class InputSerializer(serializers.Serializer):
        statements = StatementSerializer(many=True)
        members_present = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_USER_ID),
            required=False,
            default=list,
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.RecordHearing(
            statements=tuple(appeal.Statement(**s) for s in data["statements"]),
            members_present=tuple(f"user:{u}" for u in data["members_present"]),
        )
        return self.run(request, command, "record_hearing")


class AttachDirectorReportApi(AppealApi):
    """The Director's report or supplement (FIGB N-L74; N-L92-93 §5)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        text = serializers.CharField(max_length=16000)
        supplementary = serializers.BooleanField(default=False)
        admits_technical_error = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.AttachDirectorReport(author=actor_of(request.user), **data)
        return self.run(request, command, "attach_director_report")


name_components(globals())
