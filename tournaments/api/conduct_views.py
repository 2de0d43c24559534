"""Playing conditions, playing time, lateness and slow play (FIGB N-L8)."""

from __future__ import annotations

from collections import defaultdict
from uuid import UUID

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsTournamentDirector, metadata_for
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.schema import PROBLEM, name_components
from tournaments import handlers
from tournaments.api.common import MAX_ENTRY
from tournaments.domain import tournament
from tournaments.domain.conduct import LatenessReading, playing_time
from tournaments.domain.tournament.conduct_decide import DEFAULT_CONDITIONS


class PlayingConditionsApi(APIView):
    """The event's screens, cadence and reading of the lateness norm.

    FIGB N-L8 §1: 8 boards an hour unless the director announces otherwise;
    screens add 5 minutes to a round. N-L8 §3: ``warning_within_grace`` (the
    default) warns a team up to 5 minutes late and takes the ladder's VPs
    beyond; ``warning_and_ladder`` lets 5 minutes pass and warns a later team
    as well as taking the VPs.
    """

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        screens = serializers.BooleanField(
            default=False,
            help_text="screens in use: 5 more minutes a round (N-L8 §1); default false, no "
            "screens",
        )
        boards_per_hour = serializers.IntegerField(
            min_value=1,
            max_value=30,
            default=8,
            help_text="the cadence the director announces; default 8, FIGB N-L8 §1's",
        )
        lateness_reading = serializers.ChoiceField(
            choices=[r.value for r in LatenessReading],
            default=LatenessReading.WARNING_WITHIN_GRACE.value,
            help_text="how N-L8 §3's warning and its ladder combine: "
            "warning_within_grace (the default, as directors apply it): up to 5 "
            "minutes a warning, beyond the ladder's VPs alone; warning_and_ladder: "
            "5 minutes' grace, then the warning as well as the VPs (decision 0157)",
        )
        qualifying_sessions = serializers.IntegerField(
            min_value=0,
            max_value=20,
            default=0,
            help_text="eliminatory sessions, for the substitutes' limits of FIGB "
            "N-L4 §2a(3)-(4); 0 (the default) for an event without eliminations",
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        return created(
            handlers.handle_tournament(
                tournament_id,
                tournament.SetPlayingConditions(**data),
                metadata=metadata_for(request, tournament_id, "set_playing_conditions"),
                idempotency_key=idem(request),
            )
        )


class PlayingTimeRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    boards = serializers.IntegerField()
    minutes = serializers.IntegerField()
    from_table = serializers.BooleanField(help_text="N-L8 §1's table, else its formula")


class PlayingTimeApi(APIView):
    """Each round's playing time under FIGB N-L8 §1 (public): the norm's table
    for 10 to 24 boards at 8 an hour, else 15 minutes plus the boards at the
    event's cadence, rounded up; 5 more minutes with screens."""

    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        screens = serializers.BooleanField()
        boards_per_hour = serializers.IntegerField()
        norm = serializers.CharField()
        rounds = PlayingTimeRoundSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer, 404: PROBLEM})
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        state = handlers.load_tournament(tournament_id)
        scheduled = state.sessions.get(session)
        if scheduled is None:
            raise NotFound(f"no session {session} in this tournament")
        conditions = state.conditions or DEFAULT_CONDITIONS
        boards: dict[int, int] = defaultdict(int)
        for a in scheduled.assignments:
            boards[a.round] = max(boards[a.round], len(a.boards))
        rounds = []
        for number, count in sorted(boards.items()):
            time = playing_time(
                count,
                screens=conditions.screens,
                boards_per_hour=conditions.boards_per_hour,
            )
            rounds.append(
                {
                    "round": number,
                    "boards": count,
                    "minutes": time.minutes,
                    "from_table": time.from_table,
                }
            )
        return Response(
            {
                "screens": conditions.screens,
                "boards_per_hour": conditions.boards_per_hour,
                "norm": "Norme integrative FIGB Art. N-L8 §1",
                "rounds": rounds,
            }
        )


class RecordLatenessApi(APIView):
    """A team late at the start of a round (FIGB N-L8 §3, teams events): the
    director records the minutes; the warning, the ladder's VPs (IMPs in a
    knockout match) or the forfeit past 30 minutes follow from the norm, and
    VPs come off the overall standings (N-L8 §4)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        entry_number = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        minutes_late = serializers.DecimalField(
            max_digits=6,
            decimal_places=2,
            min_value=0,
            help_text="minutes after the round's official start, e.g. 7.5",
        )
        reason = serializers.CharField(required=False, default="", max_length=500)

    @extend_schema(
        request=InputSerializer,
        responses=COMMAND_RESPONSES,
        examples=[
            OpenApiExample(
                "twelve minutes late: 2 VP",
                value={"entry_number": 3, "minutes_late": "12.00"},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        return created(
            handlers.handle_tournament(
                tournament_id,
                tournament.RecordLateness(
                    session=session,
                    entry_number=data["entry_number"],
                    minutes_late=str(data["minutes_late"]),
                    reason=data["reason"],
                ),
                metadata=metadata_for(request, tournament_id, "record_lateness"),
                idempotency_key=idem(request),
            )
        )


class RecordSlowPlayApi(APIView):
    """Slow play past the 5 minutes' tolerance (FIGB N-L8 §2, teams events):
    a warning for a team's first offence, 1 VP for each later one; name both
    teams of the match when the culprit cannot be told."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        entry_numbers = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ENTRY),
            min_length=1,
            max_length=2,
        )
        reason = serializers.CharField(required=False, default="", max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        return created(
            handlers.handle_tournament(
                tournament_id,
                tournament.RecordSlowPlay(
                    session=session,
                    entry_numbers=tuple(data["entry_numbers"]),
                    reason=data["reason"],
                ),
                metadata=metadata_for(request, tournament_id, "record_slow_play"),
                idempotency_key=idem(request),
            )
        )


name_components(globals())
