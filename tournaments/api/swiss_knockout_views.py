"""Swiss rounds, overall standings, knockout brackets and carry-overs."""

from __future__ import annotations

from fractions import Fraction
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsTournamentDirector,
    metadata_for,
)
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.problems import problem
from httpapi.reads import MIN_POSITION, READ_PARAMETERS, by_tournament, freshness
from httpapi.schema import PROBLEM, name_components
from tournaments import knockout, swiss
from tournaments.api.common import MAX_BOARD, MAX_ROUND, MAX_SESSION, StaffOrDirector
from tournaments.api.reads import results_read
from tournaments.api.visibility import visible_sessions
from tournaments.domain import tournament
from tournaments.projections import TournamentResults


class SwissRoundApi(APIView):
    """Pair and schedule the next Swiss (or Danish) round from the standings (Law 8A)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        session = serializers.IntegerField(min_value=1, max_value=MAX_SESSION)
        starts_at = serializers.DateTimeField()
        ends_at = serializers.DateTimeField()
        boards = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_BOARD),
            min_length=1,
        )
        danish = serializers.BooleanField(default=False)

    @extend_schema(
        request=InputSerializer, parameters=[MIN_POSITION], responses=COMMAND_RESPONSES
    )
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        # The pairing reads the standings (Law 8A): with ?min_position= it
        # waits for them and refuses to pair on standings still behind.
        fresh = freshness(
            request,
            (TournamentResults.name,),
            by_tournament({"tournament_id": tournament_id}),
        )
        if fresh.behind:
            detail = (
                "the standings have not reached min_position yet; retry"
                if fresh.parked_at is None
                else f"the standings stop before position {fresh.parked_at}, "
                "an event their projection could not apply"
            )
            return fresh.mark(
                problem(409, "read_model_behind", "ReadModelBehind", detail)
            )
        return created(
            swiss.schedule_next_round(
                tournament_id,
                session=data["session"],
                starts_at=data["starts_at"],
                ends_at=data["ends_at"],
                boards=tuple(data["boards"]),
                danish=data["danish"],
                metadata=metadata_for(request, tournament_id, "schedule_swiss_round"),
            )
        )


class OverallStandingsApi(APIView):
    """Standings over every session: VPs for teams, total percentage for pairs.

    Public over the published sessions; a session's directors and staff see
    every session's results (decision 0105)."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict})
    @results_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        visible = visible_sessions(request, tournament_id)
        return Response({"standings": swiss.overall_standings(tournament_id, visible)})


class BracketApi(APIView):
    """A knockout teams event's bracket as the published results stand (public;
    directors and staff see every session's)."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, 422: PROBLEM})
    @results_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        visible = visible_sessions(request, tournament_id)
        return Response(knockout.bracket_json(tournament_id, visible))


class CarryOverApi(APIView):
    """Set a knockout match's carry-over, as the conditions of contest give it."""

    permission_classes = [StaffOrDirector]

    class InputSerializer(serializers.Serializer):
        stage = serializers.IntegerField(min_value=1, max_value=MAX_ROUND)
        match = serializers.IntegerField(min_value=1, max_value=MAX_ROUND)
        imps = serializers.RegexField(
            r"^-?\d{1,6}(/0*[1-9]\d{0,5}|\.\d{1,6})?$",
            help_text='to the home team, negative to the away team: "7", "3.5" or "7/2"',
        )
        reason = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = tournament.SetCarryOver(
            stage=data["stage"],
            match=data["match"],
            imps=Fraction(data["imps"]),
            reason=data["reason"],
        )
        return created(
            knockout.set_carry_over(
                tournament_id,
                command,
                metadata=metadata_for(request, tournament_id, "set_carry_over"),
                idempotency_key=idem(request),
            )
        )


name_components(globals())
