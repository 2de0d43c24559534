"""Rulings (Laws 81-85) and procedural or disciplinary penalties (Laws 90-91)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsTournamentDirector,
    metadata_for,
)
from httpapi.commands import COMMAND_RESPONSES, created, idem, new_id
from httpapi.inputs import validated
from httpapi.pagination import Page, paginated
from httpapi.reads import READ_PARAMETERS
from httpapi.schema import PROBLEM, name_components
from tournaments import handlers
from tournaments.api.adjusted_scores import ADJUSTED_SCORE_HELP, adjusted_score_examples
from tournaments.api.common import (
    MAX_BOARD,
    MAX_ENTRY,
    MAX_POINTS,
    MAX_ROUND,
    MAX_TABLE,
    LawRefField,
)
from tournaments.api.reads import results_read
from tournaments.api.visibility import SessionResultsVisible, Sight, seated_at
from tournaments.domain import tournament
from tournaments.domain.penalties import FIGB_CATALOGUE, catalogue_text
from tournaments.models import (
    RulingRow,
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
        adjusted_score = serializers.CharField(
            required=False,
            help_text=ADJUSTED_SCORE_HELP,
        )
        catalogue = serializers.ChoiceField(
            choices=sorted(
                key for key, rule in FIGB_CATALOGUE.items() if rule.assigned
            ),
            required=False,
            help_text="a FIGB catalogue entry that assigns the score instead of "
            "adjusted_score: result_not_recorded 40/40 (N-L8 §5), fouled_180 "
            "60/60 (N-L87 §2), system_breach 60/40 and system_breach_revealed "
            "60/20 innocent/offender (App1 §7; teams: the innocent team's 3 IMPs, "
            "and when revealed 3 IMPs penalty on the offending team)",
        )
        offender = serializers.ChoiceField(
            choices=["ns", "ew"],
            required=False,
            help_text="the offending side, for a catalogue entry whose two "
            "sides' scores differ",
        )

    @extend_schema(
        request=InputSerializer,
        responses=COMMAND_RESPONSES,
        examples=adjusted_score_examples(
            lambda score: {
                "board_number": 5,
                "table": 2,
                "laws": ["12C2" if score[0] != "a" else "12C1(c)"],
                "facts": "Board not played: the pair arrived late",
                "decision": "Average plus to North-South",
                "adjusted_score": score,
            }
        ),
    )
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        meta = metadata_for(request, tournament_id, "give_ruling")
        ruling_id = new_id(request, meta.actor)
        # The score the ruling assigns (its own, or the catalogue's) is the
        # domain's (``tournament.awarded_score``), as the console's is.
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
                catalogue=data.get("catalogue"),
                offender=data.get("offender"),
                adjusted_score=data.get("adjusted_score") or None,
            ),
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
            help_text="a FIGB catalogue entry, the event's amount by form (its "
            "override, else FIGB's): " + catalogue_text(),
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
        round = serializers.IntegerField(
            min_value=1,
            max_value=MAX_ROUND,
            required=False,
            allow_null=True,
            default=None,
            help_text="teams, IMPs: the round of the match the penalty comes off, "
            "when the team plays several in the session (FIGB N-L87 §6b: its own "
            "result only)",
        )

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


class RulingListApi(APIView):
    """A session's rulings, in the order they were given.

    Under the results' visibility rule (decision 0105): a ruling names a
    board, a table, a Law and a decision, so until the session's scores are
    published (Law 79C) the list answers its directors and staff; a player of
    the tournament reads only the rulings given at his own table on a board
    he played there (a ruling naming no table is not his table's); anyone
    else, anonymous included, 403. Everyone reads from publication
    (decision 0214)."""

    permission_classes = [SessionResultsVisible]
    pagination_class = Page
    sight: Sight  # set by SessionResultsVisible

    class OutputSerializer(serializers.Serializer):
        ruling_id = serializers.UUIDField()
        board_number = serializers.IntegerField(allow_null=True)
        table = serializers.IntegerField(allow_null=True)
        laws = serializers.ListField(child=serializers.CharField())
        decision = serializers.CharField()
        given_at = serializers.DateTimeField()

    def player_sees(self, request: Request, sight: Sight) -> bool:
        return bool(sight.entries)  # his own table's rulings, perhaps none

    @extend_schema(
        parameters=READ_PARAMETERS,
        responses={200: OutputSerializer(many=True), 401: PROBLEM, 403: PROBLEM},
    )
    @results_read
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        rows = RulingRow.objects.filter(
            tournament_id=tournament_id, session=session
        ).order_by("position")
        if self.sight.full:
            return paginated(self, request, rows, _rulings)
        own = [
            r
            for r in rows
            if r.table is not None
            and r.board_number is not None
            and seated_at(self.sight, r.table, r.board_number)
        ]
        return paginated(self, request, own, _rulings)


def _rulings(rows: list[RulingRow]) -> list[dict[str, Any]]:
    return [
        {
            "ruling_id": str(r.ruling_id),
            "board_number": r.board_number,
            "table": r.table,
            "laws": r.laws,
            "decision": r.decision,
            "given_at": r.given_at,
        }
        for r in rows
    ]


name_components(globals())
