"""Withdrawals (FIGB N-L4 §3-§5): the director records the fact, the norm
gives the consequences (decision 0171)."""

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
from tournaments.domain import board_result, tournament, withdrawals
from tournaments.domain.tournament.withdrawal_decide import unplayed


def _players(event: tournament.WithdrawalRecorded) -> dict[UUID, int]:
    """Each member's N-L4 §4 withdrawals across events, as recorded now."""
    return {
        player: handlers.WITHDRAWAL_RECORDS.load(withdrawals.record_stream(player))[
            1
        ].count
        for player in event.player_ids
    }


def _scores(
    tournament_id: UUID,
    state: tournament.TournamentState,
    event: tournament.WithdrawalRecorded,
) -> list[dict[str, object]]:
    """The artificial scores the withdrawal gave (a board already played or
    adjusted keeps its own), each as its board's stream now has it."""
    given: list[dict[str, object]] = []
    session = state.sessions[event.session]
    for table in unplayed(session, event.entry_number, event.from_round):
        for board in table.boards:
            _, current = handlers.BOARD_RESULTS.load(
                board_result.stream_id(tournament_id, event.session, board, table.table)
            )
            marked = current.irregularity
            if marked is not None and marked.note.startswith(handlers.WITHDRAWAL_NOTE):
                given.append(
                    {
                        "board_number": board,
                        "table": table.table,
                        "score": current.adjusted,
                    }
                )
    return given


def _withdrawal_json(
    tournament_id: UUID,
    state: tournament.TournamentState,
    event: tournament.WithdrawalRecorded,
) -> dict[str, object]:
    counts = _players(event)
    teams = event.norm == withdrawals.TEAMS
    return {
        "session": event.session,
        "entry_number": event.entry_number,
        "from_round": event.from_round or None,
        "boards": event.boards,
        "norm": f"{withdrawals.FIGB} {event.norm}",
        "reason": event.reason,
        "artificial_scores": _scores(tournament_id, state, event),
        "players": [
            {
                "player": str(player),
                "withdrawals": count,
                "exclusion_referral": not teams
                and count >= withdrawals.EXCLUSION_COUNT,
            }
            for player, count in counts.items()
        ],
        "consequences": [
            {"norm": c.norm, "text": c.text}
            for c in withdrawals.consequences(
                teams=teams,
                during_session=bool(event.from_round),
                boards=event.boards,
                counts={} if teams else counts,
            )
        ],
    }


class RecordWithdrawalApi(APIView):
    """The director records that an entry withdrew (FIGB N-L4 §3-§5):
    before ``from_round`` of the session, or, without it, after the session
    (between sessions). Pairs (§4): the results so far stand, each board the
    pair no longer plays gets an artificial score (40% to the pair, 60% to
    its opponents, Law 12C2(a)), and each member's withdrawals are counted
    across events: at the third the FIGB C.D. may exclude the player from
    pairs tournaments (``exclusion_referral``). Teams (§5): the fact only;
    RC art. 22-23 and RT art. 38-39 govern the matches. The answer carries
    the consequences, each with its norm."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        entry_number = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        from_round = serializers.IntegerField(
            min_value=1,
            max_value=MAX_ROUND,
            required=False,
            allow_null=True,
            default=None,
            help_text="the first round of the session the entry does not play; "
            "omitted: it withdrew after the session (N-L4 §4, between sessions)",
        )
        reason = serializers.CharField(required=False, default="", max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = tournament.RecordWithdrawal(
            session=session,
            entry_number=data["entry_number"],
            from_round=data["from_round"],
            reason=data["reason"],
        )
        result = handlers.record_withdrawal(
            tournament_id,
            command,
            metadata=metadata_for(request, tournament_id, "record_withdrawal"),
            idempotency_key=idem(request),
        )
        response = created(result)
        state = handlers.load_tournament(tournament_id)
        recorded = state.withdrawals.get(command.entry_number)
        if result is not None and recorded is not None:
            response.data.update(_withdrawal_json(tournament_id, state, recorded))
        return response


class WithdrawalPlayerSerializer(serializers.Serializer):
    player = serializers.UUIDField()
    withdrawals = serializers.IntegerField(
        help_text="the player's withdrawals from pairs events (N-L4 §4), "
        "across every event"
    )
    exclusion_referral = serializers.BooleanField(
        help_text="three or more: the FIGB C.D. may exclude the player from "
        "pairs tournaments (N-L4 §4)"
    )


class ConsequenceSerializer(serializers.Serializer):
    norm = serializers.CharField()
    text = serializers.CharField()


class ArtificialScoreSerializer(serializers.Serializer):
    board_number = serializers.IntegerField()
    table = serializers.IntegerField()
    score = serializers.CharField(
        allow_null=True,
        help_text="NS first, e.g. A40/60 (Law 12C2(a)); null once a result replaced it",
    )


class WithdrawalSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    entry_number = serializers.IntegerField()
    from_round = serializers.IntegerField(allow_null=True)
    boards = serializers.IntegerField(
        help_text="the boards of the rounds the entry no longer plays"
    )
    norm = serializers.CharField()
    reason = serializers.CharField()
    artificial_scores = ArtificialScoreSerializer(
        many=True,
        help_text="those not played nor adjusted before, each given its "
        "artificial score (N-L4 §4)",
    )
    players = WithdrawalPlayerSerializer(many=True)
    consequences = ConsequenceSerializer(many=True)


class WithdrawalListApi(APIView):
    """The event's withdrawals, each member's count across events and the
    consequences of FIGB N-L4 §3-§5 (staff and directors)."""

    permission_classes = [StaffOrDirector]

    class OutputSerializer(serializers.Serializer):
        withdrawals = WithdrawalSerializer(many=True)

    @extend_schema(
        responses={200: OutputSerializer, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}
    )
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = handlers.load_tournament(tournament_id)
        if not state.exists:
            raise NotFound("no such tournament")
        return Response(
            {
                "withdrawals": [
                    _withdrawal_json(tournament_id, state, w)
                    for _, w in sorted(state.withdrawals.items())
                ]
            }
        )


name_components(globals())
