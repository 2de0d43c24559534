"""The director's remedies a sheet cannot carry, and his reports to Sports
Justice (Codice di Gara Arts. 20, 38; I poteri dell'arbitro b; decision
0217). Each command is the tournament's directors' alone: federation staff
appoint directors and do not act as one (decision 0119)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsTournamentDirector
from burraco import domain as burraco
from burraco.api.common import (
    MAX_HANDS,
    HandSerializer,
    closed_room,
    hands_of,
    run_command,
    state_of,
)
from httpapi.commands import COMMAND_RESPONSES
from httpapi.inputs import validated
from httpapi.schema import PROBLEM, name_components
from tournaments.api.common import MAX_ENTRY, MAX_TABLE


class DirectorOnlyApi(APIView):
    def get_permissions(self) -> list[BasePermission]:
        return [IsTournamentDirector()]


def _report_field(required: bool) -> serializers.CharField:
    return serializers.CharField(
        max_length=burraco.MAX_REPORT,
        required=required,
        allow_blank=not required,
        default="" if not required else serializers.empty,
        trim_whitespace=True,
        help_text="the report to the Sports Justice bodies: what happened"
        + ("" if required else " (none: no report)"),
    )


class AnnulmentApi(DirectorOnlyApi):
    """``POST``: Art. 20, the players altered the sheet of a protected turn
    (the single group's last, a merit group's, the last) without the
    director, to an immediate advantage: the result annulled, 7-7 with the
    MP the table makes equivalent, and the report to Sports Justice the
    article requires."""

    class InputSerializer(serializers.Serializer):
        advantage = serializers.ChoiceField(
            choices=sorted(burraco.ADVANTAGES),
            help_text="what the change would have brought: a prize, or entry "
            "to a higher group (the single group's last turn only)",
        )
        report = _report_field(required=True)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.AnnulAlteredSheet(
            turn=turn, table=table, advantage=data["advantage"], report=data["report"]
        )
        return run_command(request, tournament_id, command, "annul_altered_sheet")


class QuarrelApi(DirectorOnlyApi):
    """``POST``: Art. 38, ``guilty`` left the table in play after a quarrel:
    it loses the match 0 and plays no later turn; the innocent side takes 13
    VP and 505 MP (four hands), or the more the ``hands`` played so far give
    it; the referral to Sports Justice is recorded."""

    class InputSerializer(serializers.Serializer):
        guilty = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        report = _report_field(required=True)
        hands = serializers.ListField(
            child=HandSerializer(),
            max_length=MAX_HANDS,
            default=list,
            help_text="the hands played so far, if the innocent side may have "
            "scored more than the award",
        )
        closed_hands = closed_room()

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.RecordQuarrel(
            turn=turn,
            table=table,
            guilty=data["guilty"],
            report=data["report"],
            hands=hands_of(data),
            closed_hands=hands_of(data, "closed_hands"),
        )
        return run_command(request, tournament_id, command, "record_quarrel")


class MisconductApi(DirectorOnlyApi):
    """``POST``: Art. 38, the table in play suspended for the misconduct of
    both pairs: 7 VP and -505 MP each (four hands; teams -555 MP)."""

    class InputSerializer(serializers.Serializer):
        report = _report_field(required=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.SuspendForMisconduct(
            turn=turn, table=table, report=data["report"]
        )
        return run_command(request, tournament_id, command, "suspend_for_misconduct")


class BothAbandonedApi(DirectorOnlyApi):
    """``POST``: Art. 38, both pairs at the table in play abandon: 0 each,
    and neither plays a later turn (their later opponents win)."""

    class InputSerializer(serializers.Serializer):
        report = _report_field(required=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.RecordBothAbandoned(
            turn=turn, table=table, report=data["report"]
        )
        return run_command(request, tournament_id, command, "record_both_abandoned")


def report_json(report: burraco.SportsJusticeReported) -> dict[str, Any]:
    return {
        "number": report.number,
        "article": report.article,
        "turn": report.turn,
        "table": report.table,
        "pairs": list(report.pairs),
        "text": report.text,
        "reported_at": report.reported_at.isoformat(),
    }


class ReportsApi(DirectorOnlyApi):
    """``POST``: a report to the Sports Justice bodies (I poteri dell'arbitro
    b, or the article named: Art. 20, 38...), taken to the end, the final
    standings included. ``GET``: the tournament's reports, in order; its
    directors only."""

    class InputSerializer(serializers.Serializer):
        turn = serializers.IntegerField(min_value=1, max_value=burraco.MAX_TURNS)
        text = serializers.CharField(max_length=burraco.MAX_REPORT)
        pairs = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ENTRY),
            max_length=8,
            default=list,
        )
        table = serializers.IntegerField(
            min_value=1, max_value=MAX_TABLE, required=False, allow_null=True
        )
        article = serializers.IntegerField(
            min_value=1,
            max_value=40,
            required=False,
            allow_null=True,
            help_text="the Code's article; none: I poteri dell'arbitro (b)",
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.ReportToSportsJustice(
            turn=data["turn"],
            text=data["text"],
            pairs=tuple(data["pairs"]),
            table=data.get("table"),
            article=data.get("article"),
        )
        return run_command(request, tournament_id, command, "report_to_sports_justice")

    @extend_schema(responses={200: dict, 403: PROBLEM, 404: PROBLEM})
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = state_of(tournament_id)
        return Response({"reports": [report_json(r) for r in state.reports]})


name_components(globals())
