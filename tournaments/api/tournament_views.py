"""Tournament API: one view per operation; views validate, call a handler, answer.

Commands are POSTs answering 201 with the stream version and positions; a
domain error answers 409/422 naming its Law (config/api_errors.py). Published
results, standings and travellers are public; everything else needs a role.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any
from uuid import UUID

from django.db import models
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_errors import problem
from eventstore.store import AppendResult
from rules.errors import LawRef, RuleViolation
from tournaments import handlers, knockout, seating, swiss
from tournaments.api.common import (
    MAX_BOARD,
    MAX_BOARDS_PER_ROUND,
    MAX_ENTRY,
    MAX_FIELD,
    MAX_MINUTES,
    MAX_PLAYERS,
    MAX_POINTS,
    MAX_ROUND,
    MAX_SESSION,
    MAX_TABLE,
    PROBLEM,
    LawRefField,
    expected,
    idem,
    new_id,
    plays_in,
    validated,
)
from tournaments.api.reads import (
    MIN_POSITION,
    READ_PARAMETERS,
    by_tournament,
    freshness,
    reads,
)
from tournaments.domain import board_result, tournament
from tournaments.domain.penalties import FIGB_CATALOGUE, PenaltyOverride
from tournaments.models import (
    EntryRow,
    ResultRow,
    RulingRow,
    SessionRow,
    StandingRow,
    TournamentRow,
)
from tournaments.projections import TournamentResults, individual_seats
from tournaments.roles import (
    IsFederationStaff,
    IsTournamentDirector,
    actor_of,
    is_director,
    metadata_for,
)

COMMAND_RESPONSES = {
    201: OpenApiResponse(description="stream_id, stream_version, first/last_position"),
    400: PROBLEM,
    401: PROBLEM,
    403: PROBLEM,
    409: PROBLEM,
    422: PROBLEM,
}


class Appended(serializers.Serializer):
    stream_id = serializers.UUIDField()
    stream_version = serializers.IntegerField()
    first_position = serializers.IntegerField()
    last_position = serializers.IntegerField()


def created(result: AppendResult | None) -> Response:
    if result is None:
        return Response({"detail": "nothing to record"}, status=status.HTTP_200_OK)
    return Response(result.as_json(), status=status.HTTP_201_CREATED)


def with_revision(line: dict[str, Any], own: str | None) -> dict[str, Any]:
    """Show a player's Law 12C2(c) figure on a board beside his side's award
    (individual events: ``StandingRow.revised``, decision 0056)."""
    if own is not None:
        line.update(awarded=line["points"], points=own, law="12C2(c)")
    return line


# A view of the results projection honours ?min_position= (decision 0073).
results_read = reads(TournamentResults.name, partition=by_tournament)


class StaffOrDirector(BasePermission):
    message = "Only federation staff or a director of this tournament may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        return IsFederationStaff().has_permission(
            request, view
        ) or IsTournamentDirector().has_permission(request, view)


# -- tournaments --------------------------------------------------------------


class WindowsSerializer(serializers.Serializer):
    regulation = serializers.ChoiceField(
        choices=[r.value for r in tournament.Regulation], default="figb"
    )
    correction_minutes = serializers.IntegerField(
        min_value=0, max_value=MAX_MINUTES, default=30
    )
    inadmissible_minutes = serializers.IntegerField(
        min_value=0, max_value=MAX_MINUTES, default=15
    )
    appeal_minutes = serializers.IntegerField(
        min_value=0, max_value=MAX_MINUTES, default=15
    )


class PenaltyOverrideSerializer(serializers.Serializer):
    key = serializers.ChoiceField(choices=sorted(FIGB_CATALOGUE))
    unit = serializers.ChoiceField(choices=sorted(tournament.PENALTY_UNITS))
    amount = serializers.IntegerField(min_value=0, max_value=MAX_POINTS)


class TournamentListApi(APIView):
    """``GET``: every tournament (public). ``POST``: staff create one."""

    class InputSerializer(serializers.Serializer):
        tournament_id = serializers.UUIDField(required=False)
        name = serializers.CharField(max_length=200)
        game = serializers.ChoiceField(
            choices=[g.value for g in tournament.Game],
            default=tournament.Game.BRIDGE.value,
            help_text="bridge; burraco is refused until its rules engine lands",
        )
        form = serializers.ChoiceField(choices=[f.value for f in tournament.Form])
        scoring = serializers.ChoiceField(
            choices=[s.value for s in tournament.ScoringMethod]
        )
        starts_at = serializers.DateTimeField()
        windows = WindowsSerializer(required=False)
        strict = serializers.BooleanField(
            default=False, help_text="refuse irregular calls and plays outright"
        )
        penalty_overrides = PenaltyOverrideSerializer(many=True, required=False)
        system_category = serializers.ChoiceField(
            choices=[1, 2, 3, 4],
            required=False,
            allow_null=True,
            default=None,
            help_text="FIGB Appendix 1 category: pairs must declare a card checked for it",
        )

    class OutputSerializer(serializers.ModelSerializer):
        class Meta:
            model = TournamentRow
            fields = [
                "tournament_id",
                "name",
                "game",
                "form",
                "scoring",
                "regulation",
                "starts_at",
            ]

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [IsFederationStaff()]

    @extend_schema(parameters=READ_PARAMETERS, responses=OutputSerializer(many=True))
    @results_read
    def get(self, request: Request) -> Response:
        rows = TournamentRow.objects.all()
        return Response(self.OutputSerializer(rows, many=True).data)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        tid = data.get("tournament_id") or new_id(request, actor_of(request.user))
        windows = data.get("windows") or {}
        command = tournament.CreateTournament(
            tournament_id=tid,
            name=data["name"],
            game=tournament.Game(data["game"]),
            form=tournament.Form(data["form"]),
            scoring=tournament.ScoringMethod(data["scoring"]),
            starts_at=data["starts_at"],
            windows=tournament.WindowRules(
                regulation=tournament.Regulation(windows.get("regulation", "figb")),
                correction_minutes=windows.get("correction_minutes", 30),
                inadmissible_minutes=windows.get("inadmissible_minutes", 15),
                appeal_minutes=windows.get("appeal_minutes", 15),
            ),
            strict=data["strict"],
            penalty_overrides=tuple(
                PenaltyOverride(**o) for o in data.get("penalty_overrides", [])
            ),
            system_category=data["system_category"],
        )
        result = handlers.handle_tournament(
            tid,
            command,
            metadata=metadata_for(request, tid, "create_tournament"),
            idempotency_key=idem(request),
        )
        response = created(result)
        response.data["tournament_id"] = str(tid)
        return response


class TournamentDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, 404: PROBLEM})
    @results_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        row = TournamentRow.objects.filter(tournament_id=tournament_id).first()
        if row is None:
            raise NotFound("no such tournament")
        sessions = SessionRow.objects.filter(tournament_id=tournament_id).order_by(
            "session"
        )
        return Response(
            {
                **TournamentListApi.OutputSerializer(row).data,
                "windows": row.windows,
                "entries": list(
                    EntryRow.objects.filter(tournament_id=tournament_id)
                    .order_by("number")
                    .values("number", "entry_id")
                ),
                "sessions": [_session_json(s) for s in sessions],
            }
        )


def _session_json(s: SessionRow) -> dict[str, Any]:
    return {
        "session": s.session,
        "movement": s.movement,
        "starts_at": s.starts_at,
        "ends_at": s.ends_at,
        "status": s.status,
        "published_at": s.published_at,
        "correction_deadline": s.correction_deadline,
        "inadmissible_deadline": s.inadmissible_deadline,
        "appeal_deadline": s.appeal_deadline,
        "correction_closed": s.correction_closed,
        "appeal_closed": s.appeal_closed,
    }


class EnterPairApi(APIView):
    permission_classes = [StaffOrDirector]

    class InputSerializer(serializers.Serializer):
        number = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        entry_id = serializers.UUIDField(required=False)
        player_ids = serializers.ListField(
            child=serializers.UUIDField(), min_length=1, max_length=6
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        entry_id = data.get("entry_id") or new_id(request, actor_of(request.user))
        command = tournament.EnterPair(
            number=data["number"],
            entry_id=entry_id,
            player_ids=tuple(data["player_ids"]),
            card_categories=declared_categories(entry_id),
        )
        return created(
            handlers.handle_tournament(
                tournament_id,
                command,
                metadata=metadata_for(request, tournament_id, "enter"),
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        )


class ScheduleSessionApi(APIView):
    """Schedule a session from a movement (Mitchell) or explicit assignments (Law 8)."""

    permission_classes = [StaffOrDirector]

    class AssignmentSerializer(serializers.Serializer):
        round = serializers.IntegerField(min_value=1, max_value=MAX_ROUND)
        table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE)
        ns = serializers.IntegerField(min_value=0, max_value=MAX_ENTRY)
        ew = serializers.IntegerField(min_value=0, max_value=MAX_ENTRY)
        boards = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_BOARD)
        )
        players = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ENTRY),
            required=False,
            default=list,
            help_text="individual events: North, East, South, West",
        )

    class InputSerializer(serializers.Serializer):
        session = serializers.IntegerField(min_value=1, max_value=MAX_SESSION)
        starts_at = serializers.DateTimeField()
        ends_at = serializers.DateTimeField()
        movement = serializers.ChoiceField(
            choices=[*seating.MOVEMENTS, "knockout", "explicit"]
        )
        pairs = serializers.IntegerField(
            max_value=MAX_FIELD,
            min_value=3,
            required=False,
            help_text="pairs (teams in a round robin)",
        )
        players = serializers.IntegerField(
            max_value=MAX_PLAYERS,
            min_value=4,
            required=False,
            help_text="individual movement: players",
        )
        duplicated_boards = serializers.BooleanField(
            default=True,
            help_text="individual movement: one copy of the boards per table, every "
            "table plays the round's set (whist seating for more sizes)",
        )
        boards_per_round = serializers.IntegerField(
            min_value=1, max_value=MAX_BOARDS_PER_ROUND, required=False
        )
        rounds = serializers.IntegerField(
            min_value=1, max_value=MAX_ROUND, required=False
        )
        first_board = serializers.IntegerField(
            min_value=1, max_value=MAX_BOARD, default=1
        )
        round_number = serializers.IntegerField(
            max_value=MAX_ROUND,
            min_value=1,
            required=False,
            help_text="round robin: the round of the Berger schedule; knockout: the stage",
        )
        winners = serializers.ChoiceField(
            choices=list(tournament.WINNERS), default="auto"
        )
        assignments = serializers.ListField(
            required=False, child=serializers.DictField()
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        movement = data["movement"]
        if movement == "knockout":
            if "round_number" not in data or "boards_per_round" not in data:
                raise RuleViolation(
                    "a knockout session names its stage (round_number) and "
                    "boards_per_round",
                    law=LawRef("8"),
                )
            assignments = knockout.stage_assignments(
                tournament_id,
                data["round_number"],
                data["boards_per_round"],
                data["first_board"],
            )
            movement = f"{knockout.PREFIX}{data['round_number']}"
        elif data["movement"] in seating.MOVEMENTS:
            individual = data["movement"] == "individual"
            event = handlers.load_tournament(tournament_id).created
            assignments = seating.assignments_for(
                data["movement"],
                data.get("players" if individual else "pairs"),
                data.get("boards_per_round"),
                data.get("rounds"),
                data["first_board"],
                duplicated=data["duplicated_boards"],
                round_number=data.get("round_number"),
                teams=event is not None and event.form is tournament.Form.TEAMS,
            )
        else:
            rows = [
                validated(self.AssignmentSerializer, a)
                for a in data.get("assignments", [])
            ]
            assignments = tuple(
                tournament.TableAssignment(
                    round=a["round"],
                    table=a["table"],
                    ns=a["ns"],
                    ew=a["ew"],
                    boards=tuple(a["boards"]),
                    players=tuple(a["players"]),
                )
                for a in rows
            )
        command = tournament.ScheduleSession(
            session=data["session"],
            movement=movement,
            starts_at=data["starts_at"],
            ends_at=data["ends_at"],
            assignments=assignments,
            winners=data["winners"],
        )
        return created(
            handlers.handle_tournament(
                tournament_id,
                command,
                metadata=metadata_for(request, tournament_id, "schedule_session"),
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        )


def declared_categories(pair_id: UUID) -> tuple[int, ...]:
    """The App1 categories the registered pair's convention cards were checked for."""
    from tournaments.registry_handlers import load_pair

    state, _ = load_pair(pair_id)
    return tuple(int(card.category) for card in state.cards)


class PublishScoresApi(APIView):
    """Publish official scores: starts the Law 79C and Law 92B periods."""

    permission_classes = [IsTournamentDirector]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        return created(
            handlers.handle_tournament(
                tournament_id,
                tournament.PublishScores(session=session),
                metadata=metadata_for(request, tournament_id, "publish_scores"),
                idempotency_key=idem(request),
            )
        )


class GiveRulingApi(APIView):
    """A director's ruling (Laws 81-85), recorded with the Law 83 appeal notice."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        board_number = serializers.IntegerField(
            min_value=1, max_value=MAX_BOARD, required=False
        )
        table = serializers.IntegerField(
            min_value=1, max_value=MAX_TABLE, required=False
        )
        laws = serializers.ListField(child=LawRefField(), min_length=1, max_length=20)
        facts = serializers.CharField()
        decision = serializers.CharField()
        adjusted_score = serializers.CharField(required=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        meta = metadata_for(request, tournament_id, "give_ruling")
        ruling_id = new_id(request, meta.actor)
        adjusted = (
            board_result.AwardAdjustedScore(
                score=data["adjusted_score"],
                law=data["laws"][0],
                reason=data["decision"],
                ruling_id=ruling_id,
            )
            if data.get("adjusted_score")
            else None
        )
        result = handlers.give_ruling(
            tournament_id,
            tournament.GiveRuling(
                ruling_id=ruling_id,
                session=session,
                board_number=data.get("board_number"),
                table=data.get("table"),
                laws=tuple(data["laws"]),
                facts=data["facts"],
                decision=data["decision"],
                director=meta.actor,
            ),
            adjusted,
            metadata=meta,
            idempotency_key=idem(request),
        )
        response = created(result)
        response.data["ruling_id"] = str(ruling_id)
        return response


class ImposePenaltyApi(APIView):
    """A penalty (Laws 90-91): either a FIGB catalogue entry (``catalogue``),
    whose amount is the event's, or a kind, unit and amount the director sets."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        entry_number = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        catalogue = serializers.ChoiceField(
            choices=sorted(FIGB_CATALOGUE),
            required=False,
            allow_null=True,
            default=None,
        )
        kind = serializers.ChoiceField(
            choices=sorted(tournament.PENALTY_KINDS), default="procedural"
        )
        unit = serializers.ChoiceField(
            choices=sorted(tournament.PENALTY_UNITS), default="none"
        )
        amount = serializers.IntegerField(min_value=0, max_value=MAX_POINTS, default=0)
        law = LawRefField(required=False, default="", allow_blank=True)
        reason = serializers.CharField(required=False, default="")

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        return created(
            handlers.handle_tournament(
                tournament_id,
                tournament.ImposePenalty(session=session, **data),
                metadata=metadata_for(request, tournament_id, "impose_penalty"),
                idempotency_key=idem(request),
            )
        )


# -- results ------------------------------------------------------------------


class ResultSerializer(serializers.Serializer):
    contract = serializers.CharField(
        allow_null=True, help_text='"4SXN", "3NTE" or "PASS"'
    )
    lead = serializers.CharField(required=False, allow_null=True, default=None)
    tricks = serializers.IntegerField(
        min_value=0, max_value=13, required=False, allow_null=True, default=None
    )


def _entered_by(
    request: Request,
    tid: UUID,
    state: tournament.TournamentState,
    seat: tournament.TableAssignment,
    role: str,
) -> str:
    """Directors enter any result; a player only from the side seated there
    (North-South enter, East-West confirm; in an individual event either
    player of the side)."""
    if is_director(request.user, tid):
        return "director"
    if plays_in(request, state, *seat.side(ns=role == "N")):
        return role
    raise NotAllowed(f"only the {role} side at this table or a director may do this")


class NotAllowed(RuleViolation):
    code = "not_at_this_table"


class EnterResultApi(APIView):
    """Result-only entry: North enters at the table device, or the director does."""

    class InputSerializer(ResultSerializer):
        board_number = serializers.IntegerField(min_value=1, max_value=MAX_BOARD)
        table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        ref = handlers.TableRef(
            tournament_id, session, data["board_number"], data["table"]
        )
        state = handlers.load_tournament(tournament_id)
        seat = handlers.seating(state, ref)
        by = _entered_by(request, tournament_id, state, seat, "N")
        return created(
            handlers.handle_board_result(
                ref,
                lambda a: board_result.EnterResult(
                    tournament_id=tournament_id,
                    session=session,
                    board_number=ref.board_number,
                    table=ref.table,
                    ns=a.ns,
                    ew=a.ew,
                    contract=data["contract"],
                    lead=data["lead"],
                    tricks=data["tricks"],
                    entered_by=by,
                ),
                metadata=metadata_for(request, tournament_id, "enter_result"),
                idempotency_key=idem(request),
            )
        )


class ConfirmResultApi(APIView):
    """East-West confirm the result North entered (Law 79A)."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(
        self,
        request: Request,
        tournament_id: UUID,
        session: int,
        board_number: int,
        table: int,
    ) -> Response:
        ref = handlers.TableRef(tournament_id, session, board_number, table)
        state = handlers.load_tournament(tournament_id)
        seat = handlers.seating(state, ref)
        by = _entered_by(request, tournament_id, state, seat, "EW")
        return created(
            handlers.handle_board_result(
                ref,
                lambda _a: board_result.ConfirmResult(by=by),
                metadata=metadata_for(request, tournament_id, "confirm_result"),
                idempotency_key=idem(request),
            )
        )


class CorrectResultApi(APIView):
    """A score correction (Law 79C); late only with the organizer's approval (79C2)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(ResultSerializer):
        reason = serializers.CharField()
        inadmissible = serializers.BooleanField(default=False)
        organizer_approval = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self,
        request: Request,
        tournament_id: UUID,
        session: int,
        board_number: int,
        table: int,
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        ref = handlers.TableRef(tournament_id, session, board_number, table)
        return created(
            handlers.handle_board_result(
                ref,
                lambda _a: board_result.CorrectResult(**data),
                metadata=metadata_for(request, tournament_id, "correct_result"),
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        )


class RecordBoardIrregularityApi(APIView):
    """Not played, wrong board (Law 15), wrong number of cards (13-14), fouled (87)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(choices=sorted(board_result.IRREGULARITY_LAWS))
        group = serializers.IntegerField(min_value=0, max_value=99, default=0)
        note = serializers.CharField(required=False, default="")

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self,
        request: Request,
        tournament_id: UUID,
        session: int,
        board_number: int,
        table: int,
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        ref = handlers.TableRef(tournament_id, session, board_number, table)
        return created(
            handlers.handle_board_result(
                ref,
                lambda a: board_result.RecordBoardIrregularity(
                    tournament_id=tournament_id,
                    session=session,
                    board_number=board_number,
                    table=table,
                    ns=a.ns,
                    ew=a.ew,
                    **data,
                ),
                metadata=metadata_for(request, tournament_id, "record_irregularity"),
                idempotency_key=idem(request),
            )
        )


# -- public reads ---------------------------------------------------------------


class StandingsApi(APIView):
    """Session standings: provisional, official (periods open) or final."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, 404: PROBLEM})
    @results_read
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        row = SessionRow.objects.filter(
            tournament_id=tournament_id, session=session
        ).first()
        if row is None:
            raise NotFound("no such session")
        standings = StandingRow.objects.filter(
            tournament_id=tournament_id, session=session
        )
        return Response(
            {
                **_session_json(row),
                "standings": [
                    {
                        "entry_number": s.entry_number,
                        "direction": s.direction,
                        "rank": s.rank,
                        "tied": s.tied,
                        "boards": s.boards,
                        "matchpoints": str(s.matchpoints),
                        "penalty": str(s.penalty),
                        "top": s.top,
                        "percent": str(s.percent),
                        "imps": s.imps,
                        "vp": None if s.vp is None else str(s.vp),
                    }
                    for s in standings
                ],
            }
        )


class TravellerApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict})
    @results_read
    def get(
        self, request: Request, tournament_id: UUID, session: int, board_number: int
    ) -> Response:
        rows = ResultRow.objects.filter(
            tournament_id=tournament_id, session=session, board_number=board_number
        ).order_by("table")
        return Response(
            {
                "board_number": board_number,
                "results": [
                    {
                        "table": r.table,
                        "ns": r.ns,
                        "ew": r.ew,
                        "contract": r.contract,
                        "lead": r.lead,
                        "tricks": r.tricks,
                        "score_ns": r.score_ns,
                        "adjusted": r.adjusted,
                        "irregularity": r.irregularity,
                        "confirmed": r.confirmed,
                        "mp_ns": _s(r.mp_ns),
                        "mp_ew": _s(r.mp_ew),
                        "top": r.top,
                    }
                    for r in rows
                ],
            }
        )


class RulingListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict})
    @results_read
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        rows = RulingRow.objects.filter(tournament_id=tournament_id, session=session)
        return Response(
            [
                {
                    "ruling_id": str(r.ruling_id),
                    "board_number": r.board_number,
                    "table": r.table,
                    "laws": r.laws,
                    "decision": r.decision,
                    "given_at": r.given_at,
                }
                for r in rows.order_by("position")
            ]
        )


def _s(value: object) -> str | None:
    return None if value is None else str(value)


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
    """Standings over every session: VPs for teams, total percentage for pairs."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict})
    @results_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        return Response({"standings": swiss.overall_standings(tournament_id)})


def name_components(namespace: dict[str, Any]) -> None:
    """Give each view's nested serializers a unique OpenAPI component name.

    Nested ``InputSerializer``/``OutputSerializer`` classes would otherwise
    all be called "Input"/"Output" in the schema (drf-spectacular honours
    ``Meta.ref_name``).
    """
    for name, view in list(namespace.items()):
        if not (isinstance(view, type) and issubclass(view, APIView)):
            continue
        for nested in ("InputSerializer", "OutputSerializer", "AssignmentSerializer"):
            serializer = view.__dict__.get(nested)
            if serializer is None:
                continue
            meta = serializer.__dict__.get("Meta") or type("Meta", (), {})
            meta.ref_name = (
                f"{name.removesuffix('Api')}{nested.removesuffix('Serializer')}"
            )
            serializer.Meta = meta


name_components(globals())


class MovementPreviewApi(APIView):
    """A movement before any session uses it: every table of every round and
    each entry's guide card (Law 8A), for the director to plan and print."""

    permission_classes = [AllowAny]

    class InputSerializer(serializers.Serializer):
        pairs = serializers.IntegerField(
            min_value=3, max_value=MAX_FIELD, required=False
        )
        players = serializers.IntegerField(
            min_value=4, max_value=MAX_PLAYERS, required=False
        )
        boards_per_round = serializers.IntegerField(
            min_value=1, max_value=MAX_BOARDS_PER_ROUND
        )
        rounds = serializers.IntegerField(
            min_value=1, max_value=MAX_ROUND, required=False
        )
        first_board = serializers.IntegerField(
            min_value=1, max_value=MAX_BOARD, default=1
        )
        duplicated_boards = serializers.BooleanField(default=True)
        round_number = serializers.IntegerField(
            min_value=1, max_value=MAX_ROUND, required=False
        )
        teams = serializers.BooleanField(
            default=False, help_text="round robin: two rooms a match"
        )

    @extend_schema(
        parameters=[InputSerializer], responses={200: dict, 400: PROBLEM, 422: PROBLEM}
    )
    def get(self, request: Request, movement: str) -> Response:
        data = validated(self.InputSerializer, request.query_params)
        individual = movement == "individual"
        assignments = [
            payload(a)
            for a in seating.assignments_for(
                movement,
                data.get("players" if individual else "pairs"),
                data["boards_per_round"],
                data.get("rounds"),
                data["first_board"],
                duplicated=data["duplicated_boards"],
                round_number=data.get("round_number"),
                teams=data["teams"],
            )
        ]
        entries = sorted(
            {n for a in assignments for n in (a["players"] or (a["ns"], a["ew"])) if n}
        )
        return Response(
            {
                "movement": movement,
                "rounds": max(a["round"] for a in assignments),
                "tables": max(a["table"] for a in assignments),
                "boards": sorted({b for a in assignments for b in a["boards"]}),
                "assignments": assignments,
                "guide_cards": {n: guide_lines(assignments, n) for n in entries},
            }
        )


def payload(a: tournament.TableAssignment) -> dict[str, Any]:
    """A table assignment as the session's stored assignments hold it."""
    return {
        "round": a.round,
        "table": a.table,
        "ns": a.ns,
        "ew": a.ew,
        "boards": list(a.boards),
        "players": list(a.players),
    }


class BracketApi(APIView):
    """A knockout teams event's bracket as the results stand (public)."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, 422: PROBLEM})
    @results_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        return Response(knockout.bracket_json(tournament_id))


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


class GuideCardApi(APIView):
    """A pair's guide card for a session: round, table, direction, opponents, boards (Law 8)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict, 404: PROBLEM})
    def get(
        self, request: Request, tournament_id: UUID, session: int, number: int
    ) -> Response:
        row = SessionRow.objects.filter(
            tournament_id=tournament_id, session=session
        ).first()
        if row is None:
            raise NotFound("no such session")
        return Response(
            {
                "entry_number": number,
                "session": session,
                "rounds": guide_lines(row.assignments, number),
            }
        )


def guide_lines(assignments: list[dict[str, Any]], number: int) -> list[dict[str, Any]]:
    """An entry's guide card from a session's assignments (Law 8A1): where it
    sits each round, against whom, with which boards."""
    if any(a.get("players") for a in assignments):
        return _individual_guide(assignments, number)
    lines = []
    for a in sorted(assignments, key=lambda a: (a["round"], a["table"])):
        if number not in (a["ns"], a["ew"]):
            continue
        direction = "NS" if a["ns"] == number else "EW"
        opponent = a["ew"] if direction == "NS" else a["ns"]
        lines.append(
            {
                "round": a["round"],
                "table": a["table"],
                "direction": direction,
                "opponent": opponent or None,  # None: sit out (phantom)
                "boards": a["boards"],
            }
        )
    return lines


SEATS = "NESW"


def _individual_guide(
    assignments: list[dict[str, Any]], number: int
) -> list[dict[str, Any]]:
    """A player's guide card in an individual event: seat, partner, opponents (Law 4)."""
    lines = []
    for round_number in sorted({a["round"] for a in assignments}):
        here = [
            a
            for a in assignments
            if a["round"] == round_number and number in a.get("players", ())
        ]
        if not here:
            lines.append({"round": round_number, "sits_out": True, "boards": []})
            continue
        a = here[0]
        i = a["players"].index(number)
        lines.append(
            {
                "round": round_number,
                "table": a["table"],
                "seat": SEATS[i],
                "direction": "NS" if i % 2 == 0 else "EW",
                "partner": a["players"][(i + 2) % 4],
                "opponents": [a["players"][(i + 1) % 4], a["players"][(i + 3) % 4]],
                "boards": a["boards"],
                "sits_out": False,
            }
        )
    return lines


class ScoreCardApi(APIView):
    """A pair's personal score card: every board it played, from its own side."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict})
    @results_read
    def get(
        self, request: Request, tournament_id: UUID, session: int, number: int
    ) -> Response:
        seats = individual_seats(tournament_id, session)
        # Individual events: (board, table) -> whether the player sat North-South.
        sides = (
            {
                key: players.index(number) % 2 == 0
                for key, players in seats.items()
                if number in players
            }
            if seats
            else None
        )
        rows = ResultRow.objects.filter(tournament_id=tournament_id, session=session)
        if sides is None:
            rows = rows.filter(models.Q(ns=number) | models.Q(ew=number))
        else:
            wanted = models.Q(pk__in=[])
            for board, table in sides:
                wanted |= models.Q(board_number=board, table=table)
            rows = rows.filter(wanted)
        standing = StandingRow.objects.filter(
            tournament_id=tournament_id, session=session, entry_number=number
        ).first()
        revised = standing.revised if standing else {}
        lines = []
        for r in rows.order_by("board_number"):
            ns = r.ns == number if sides is None else sides[(r.board_number, r.table)]
            line = {
                "board_number": r.board_number,
                "table": r.table,
                "direction": "NS" if ns else "EW",
                "opponent": r.ew if ns else r.ns,
                "contract": r.contract,
                "tricks": r.tricks,
                "score": None
                if r.score_ns is None
                else (r.score_ns if ns else -r.score_ns),
                "adjusted": r.adjusted,
                "points": _s(r.mp_ns if ns else r.mp_ew),
                "top": r.top,
            }
            lines.append(with_revision(line, revised.get(str(r.board_number))))
        return Response(
            {
                "entry_number": number,
                "session": session,
                "boards": lines,
                "percent": None if standing is None else str(standing.percent),
                "rank": None if standing is None else standing.rank,
            }
        )


name_components(globals())
