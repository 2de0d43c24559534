"""Boards as physical copies: each copy's markings and its tables (Laws 2, 87A).

A director records a copy of a board as marked (dealer, vulnerability) and
the tables that played it. Copies that differ make the board fouled (Law
87A): its tables are marked fouled in their copy's group, scored by the
regulation's fouled-board method (decision 0162).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsTournamentDirector, metadata_for
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.schema import PROBLEM, name_components
from tournaments import handlers
from tournaments.api.common import MAX_TABLE
from tournaments.domain import tournament


class BoardCopiesApi(APIView):
    """``POST``: a copy of this board as marked, with the tables that played it."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        copy = serializers.CharField(max_length=20, help_text='the copy\'s name: "A"')
        dealer = serializers.CharField(max_length=8, help_text='"N", "E", "S", "W"')
        vulnerability = serializers.CharField(
            max_length=8, help_text='as marked: "None", "NS", "EW", "All"'
        )
        tables = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_TABLE),
            min_length=1,
            max_length=500,
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, session: int, board_number: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        return created(
            handlers.record_board_copy(
                tournament_id,
                tournament.RecordBoardCopy(
                    session=session,
                    board_number=board_number,
                    copy=data["copy"],
                    dealer=data["dealer"],
                    vulnerability=data["vulnerability"],
                    tables=tuple(data["tables"]),
                ),
                metadata=metadata_for(request, tournament_id, "record_board_copy"),
                idempotency_key=idem(request),
            )
        )


COPY_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "board_number": serializers.IntegerField(),
    "copy": serializers.CharField(),
    "dealer": serializers.CharField(),
    "vulnerability": serializers.CharField(),
    "tables": serializers.ListField(child=serializers.IntegerField()),
    "conforms": serializers.BooleanField(help_text="Law 2's markings"),
    "group": serializers.IntegerField(help_text="Law 87B's group (0: correct)"),
    "fouled": serializers.BooleanField(help_text="the board's copies differ"),
}


class BoardCopyListApi(APIView):
    """``GET``: the session's recorded copies, each with its group; a board
    whose copies differ is fouled (Law 87A), a copy off Law 2's markings is
    flagged (``conforms`` false) and played as marked (Law 2)."""

    permission_classes = [IsTournamentDirector]

    @extend_schema(
        responses={
            200: inline_serializer(
                "BoardCopies",
                {"copies": inline_serializer("BoardCopy", COPY_FIELDS, many=True)},
            ),
            403: PROBLEM,
            404: PROBLEM,
        }
    )
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        state = handlers.load_tournament(tournament_id)
        if not state.exists:
            raise tournament.TournamentNotFound("no such tournament")
        found = state.sessions.get(session)
        if found is None:
            raise tournament.SessionNotFound(f"session {session} is not scheduled")
        copies: list[dict[str, object]] = []
        for board in sorted({b for b, _ in found.board_copies}):
            forms = tournament.board_forms(found, board)
            fouled = tournament.fouled(forms)
            copies.extend(
                {
                    "board_number": board,
                    "copy": f.copy,
                    "dealer": f.dealer,
                    "vulnerability": f.vulnerability,
                    "tables": list(f.tables),
                    "conforms": f.conforms,
                    "group": f.group,
                    "fouled": fouled,
                }
                for f in forms
            )
        return Response({"copies": copies})


name_components(globals())
