"""Substitutes (FIGB N-L4 §2a): recorded by the director, judged by the norm."""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsTournamentDirector, metadata_for
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.schema import PROBLEM, name_components
from tournaments import handlers
from tournaments.api.common import MAX_ENTRY, MAX_ROUND, StaffOrDirector
from tournaments.domain import tournament
from tournaments.domain.tournament.substitution_decide import judge


class RecordSubstitutionApi(APIView):
    """The director's substitution (FIGB N-L4 §2a): ``substitute`` played
    ``rounds`` of the session for ``original``, a member of the entry. The
    substitute is of equal or lower category or series and has not played in
    the event; an emergency substitution that eliminates the original says so
    in the answer, and the director tells them at once (§2a(7))."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        entry_number = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        original = serializers.UUIDField(help_text="the member replaced")
        substitute = serializers.UUIDField(help_text="a player on the register")
        rounds = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ROUND),
            min_length=1,
            max_length=MAX_ROUND,
        )
        emergency = serializers.BooleanField(default=False)
        reason = serializers.CharField(required=False, default="", max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = tournament.RecordSubstitution(
            session=session,
            entry_number=data["entry_number"],
            original=data["original"],
            substitute=data["substitute"],
            rounds=tuple(data["rounds"]),
            emergency=data["emergency"],
            reason=data["reason"],
        )
        result = handlers.handle_tournament(
            tournament_id,
            command,
            metadata=metadata_for(request, tournament_id, "record_substitution"),
            idempotency_key=idem(request),
        )
        response = created(result)
        if result is not None:
            verdicts = judge(handlers.load_tournament(tournament_id))
            found = verdicts.get(command.original)
            response.data["eliminated"] = bool(found and found.eliminated)
        return response


class SubstitutionSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    entry_number = serializers.IntegerField()
    original = serializers.UUIDField()
    substitute = serializers.UUIDField()
    rounds = serializers.ListField(child=serializers.IntegerField())
    boards = serializers.IntegerField()
    entry_boards = serializers.IntegerField()
    emergency = serializers.BooleanField()
    reason = serializers.CharField()


class SubstituteVerdictSerializer(serializers.Serializer):
    player = serializers.UUIDField()
    substituted_sessions = serializers.CharField(help_text="an exact fraction")
    eliminated = serializers.BooleanField()
    substitute_rights = serializers.BooleanField()
    rule = serializers.CharField()
    explanation = serializers.CharField()


class SubstitutionListApi(APIView):
    """The event's substitutions and, for each player substituted, the
    verdict of FIGB N-L4 §2a as the schedule now stands (staff and directors)."""

    permission_classes = [StaffOrDirector]

    class OutputSerializer(serializers.Serializer):
        substitutions = SubstitutionSerializer(many=True)
        verdicts = SubstituteVerdictSerializer(many=True)

    @extend_schema(
        responses={200: OutputSerializer, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}
    )
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = handlers.load_tournament(tournament_id)
        if not state.exists:
            raise NotFound("no such tournament")
        return Response(
            {
                "substitutions": [
                    {
                        "session": s.session,
                        "entry_number": s.entry_number,
                        "original": str(s.original),
                        "substitute": str(s.substitute),
                        "rounds": list(s.rounds),
                        "boards": s.boards,
                        "entry_boards": s.entry_boards,
                        "emergency": s.emergency,
                        "reason": s.reason,
                    }
                    for s in state.substitutions
                ],
                "verdicts": [
                    {
                        "player": str(player),
                        "substituted_sessions": str(v.substituted_sessions),
                        "eliminated": v.eliminated,
                        "substitute_rights": v.substitute_rights,
                        "rule": str(v.rule),
                        "explanation": v.explanation,
                    }
                    for player, v in judge(state).items()
                ],
            }
        )


name_components(globals())
