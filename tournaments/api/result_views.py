"""Results at the table: entry, confirmation, correction (Law 79), irregularities."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    Caller,
    IsTournamentDirector,
    actor_of,
    is_director,
    is_organizer,
    metadata_for,
)
from eventstore.database import database_gone
from eventstore.store import AppendResult, StreamGuard
from httpapi.commands import COMMAND_RESPONSES, created, expected, idem
from httpapi.inputs import FlatInput, validated
from httpapi.schema import PROBLEM, name_components
from rules.errors import RuleViolation
from tournaments import handlers, result_batch
from tournaments.api.common import (
    MAX_BOARD,
    MAX_TABLE,
    TableCommandApi,
    plays_in,
    refuse_outsider,
)
from tournaments.domain import board_result, tournament


class ResultSerializer(serializers.Serializer):
    contract = serializers.CharField(
        allow_null=True, help_text='"4SXN", "3NTE" or "PASS"'
    )
    lead = serializers.CharField(required=False, allow_null=True, default=None)
    tricks = serializers.IntegerField(
        min_value=0, max_value=13, required=False, allow_null=True, default=None
    )


def _entered_by(
    request: Caller,
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
    refuse_outsider(request, state)
    if plays_in(request, state, *seat.side(ns=role == "N")):
        return role
    raise NotAllowed(f"only the {role} side at this table or a director may do this")


def board_command(
    request: Request,
    ref: handlers.TableRef,
    build: Callable[[tournament.TableAssignment], board_result.BoardResultCommand],
    name: str,
    *,
    expected_version: int | None = None,
    state: tournament.TournamentState | None = None,
) -> Response:
    """Run one board-result command for the caller and answer it (201 or 200);
    ``state``: the tournament the view already loaded (read once a request)."""
    return created(
        handlers.handle_board_result(
            ref,
            build,
            metadata=metadata_for(request, ref.tournament_id, name),
            idempotency_key=idem(request),
            expected_version=expected_version,
            state=state,
        )
    )


class NotAllowed(RuleViolation):
    code = "not_at_this_table"


class EnterResultApi(APIView):
    """Result-only entry: North enters at the table device, or the director does."""

    class InputSerializer(FlatInput, ResultSerializer):
        # Bound once (FlatInput): the hot path of event night (issue 13).
        board_number = serializers.IntegerField(min_value=1, max_value=MAX_BOARD)
        table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        ref = handlers.TableRef(
            tournament_id, session, data["board_number"], data["table"]
        )
        cached = handlers.cached_tournament(tournament_id)
        if cached is not None:
            # Decided on the tournament this process cached, unchecked: the
            # append stores nothing unless it is still current, so a result
            # is one statement (issue 13). Anything else (the tournament
            # moved, or a refusal) is decided again on it as read: the same
            # answer as ever.
            try:
                return created(enter_result(request, ref, data, *cached, idem(request)))
            except Exception as exc:
                if database_gone(exc):
                    # Cut mid-way: whether it committed is unknown, so it is
                    # not tried again here; the client's retry under its key
                    # is answered (503, decision 0216).
                    raise
        state = handlers.load_tournament(tournament_id)
        return created(enter_result(request, ref, data, state, None, idem(request)))


def enter_result(
    caller: Caller,
    ref: handlers.TableRef,
    data: dict[str, Any],
    state: tournament.TournamentState,
    guard: StreamGuard | None,
    idempotency_key: str | None,
) -> AppendResult | None:
    """Enter the result ``data`` at ``ref`` for the caller (Law 79A: North
    enters, or a director), decided on ``state``: the tournament as read,
    or cached with the ``guard`` its append checks (decision 0165)."""
    seat = handlers.seating(state, ref)
    by = _entered_by(caller, ref.tournament_id, state, seat, "N")
    return handlers.handle_board_result(
        ref,
        lambda a: board_result.EnterResult(
            tournament_id=ref.tournament_id,
            session=ref.session,
            board_number=ref.board_number,
            table=ref.table,
            ns=a.ns,
            ew=a.ew,
            contract=data["contract"],
            lead=data["lead"],
            tricks=data["tricks"],
            entered_by=by,
        ),
        metadata=metadata_for(caller, ref.tournament_id, "enter_result"),
        idempotency_key=idempotency_key,
        state=state,
        guard=guard,
    )


class ResultLineSerializer(ResultSerializer):
    board_number = serializers.IntegerField(min_value=1, max_value=MAX_BOARD)
    table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE)


class EnterResultBatchApi(APIView):
    """A batch of results (a round, a session) entered by the director in one
    request: every line checked as ``results/`` checks one, then all recorded
    in one transaction, or none (decision 0130). A refused line refuses the
    batch: 422 ``results_refused`` lists each refused line in ``errors``
    (``index``, ``field``, ``status``, ``code``, ``law``)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        results = serializers.ListField(
            child=ResultLineSerializer(),
            min_length=1,
            max_length=result_batch.MAX_LINES,
            help_text=(
                f"1 to {result_batch.MAX_LINES} lines, each as one "
                "results/ entry: board_number, table, contract, lead, tricks"
            ),
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            201: OpenApiResponse(
                description="recorded, first_position, last_position, and for "
                "each line: index, board_number, table, stream_id, "
                "stream_version, position"
            ),
            400: PROBLEM,
            401: PROBLEM,
            403: PROBLEM,
            409: PROBLEM,
            422: PROBLEM,
        },
        examples=[
            OpenApiExample(
                "A round at two tables",
                request_only=True,
                value={
                    "results": [
                        {
                            "board_number": 1,
                            "table": 1,
                            "contract": "4SXN",
                            "lead": "HA",
                            "tricks": 9,
                        },
                        {"board_number": 1, "table": 2, "contract": "PASS"},
                    ]
                },
            )
        ],
    )
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        entered = result_batch.enter_results(
            tournament_id,
            session,
            [result_batch.ResultLine(**line) for line in data["results"]],
            metadata=metadata_for(request, tournament_id, "enter_results"),
            idempotency_key=idem(request),
        )
        return Response(entered.as_json(), status=status.HTTP_201_CREATED)


class ConfirmResultApi(TableCommandApi):
    """East-West confirm the result North entered (Law 79A)."""

    def command(
        self, request: Request, ref: handlers.TableRef, data: dict[str, Any]
    ) -> Response:
        state = handlers.load_tournament(ref.tournament_id)
        seat = handlers.seating(state, ref)
        by = _entered_by(request, ref.tournament_id, state, seat, "EW")
        return board_command(
            request,
            ref,
            lambda _a: board_result.ConfirmResult(by=by),
            "confirm_result",
            state=state,
        )


class CorrectResultApi(TableCommandApi):
    """A score correction (Law 79C). After the correction period only once the
    organizer has approved it (Law 79C2: ``late-correction-approvals/``); a
    director cannot approve his own."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(ResultSerializer):
        reason = serializers.CharField()
        inadmissible = serializers.BooleanField(default=False)

    def command(
        self, request: Request, ref: handlers.TableRef, data: dict[str, Any]
    ) -> Response:
        return board_command(
            request,
            ref,
            lambda _a: board_result.CorrectResult(**data),
            "correct_result",
            expected_version=expected(request),
        )


class IsTournamentOrganizer(BasePermission):
    """The organizer's account on the tournament the view acts on (Law 79C2)."""

    message = (
        "only the organizer's account of this tournament approves a late "
        "correction (Law 79C2)"
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        tournament_id = view.kwargs.get("tournament_id")
        return bool(
            request.user.is_authenticated
            and tournament_id is not None
            and is_organizer(request.user, tournament_id)
        )


class ApproveLateCorrectionApi(TableCommandApi):
    """Law 79C2: the organizer approves one correction of this table's result
    after the correction period; recorded as its own event, used by the next
    correction."""

    permission_classes = [IsTournamentOrganizer]

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=2000)

    def command(
        self, request: Request, ref: handlers.TableRef, data: dict[str, Any]
    ) -> Response:
        by = actor_of(request.user)
        return board_command(
            request,
            ref,
            lambda _a: board_result.ApproveLateCorrection(by=by, reason=data["reason"]),
            "approve_late_correction",
        )


class RecordBoardIrregularityApi(TableCommandApi):
    """Not played, wrong board (Law 15), wrong number of cards (13-14), fouled (87)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(choices=sorted(board_result.IRREGULARITY_LAWS))
        group = serializers.IntegerField(min_value=0, max_value=99, default=0)
        note = serializers.CharField(required=False, default="")
        swap = serializers.ChoiceField(
            choices=[*board_result.SWAPS, ""],
            required=False,
            default="",
            help_text="fouled boards: which hands held swapped cards at this "
            "table (FIGB N-L87 §7a(1)-(3): N/S swap 40/50, E/W swap 50/40, "
            "across 40/40 when the board was fouled in fewer than the split "
            "share of the session's rounds)",
        )
        found_here = serializers.BooleanField(
            required=False,
            default=False,
            help_text="fouled boards: this table found the error (FIGB N-L87 "
            "§7a: 60% of the top to both its pairs)",
        )

    def command(
        self, request: Request, ref: handlers.TableRef, data: dict[str, Any]
    ) -> Response:
        return board_command(
            request,
            ref,
            lambda a: board_result.RecordBoardIrregularity(
                tournament_id=ref.tournament_id,
                session=ref.session,
                board_number=ref.board_number,
                table=ref.table,
                ns=a.ns,
                ew=a.ew,
                **data,
            ),
            "record_irregularity",
        )


name_components(globals())
