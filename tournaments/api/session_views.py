"""Sessions and movements: scheduling, a movement's preview, guide cards (Law 8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    metadata_for,
)
from httpapi.commands import COMMAND_RESPONSES, created, expected, idem
from httpapi.inputs import validated
from httpapi.schema import PROBLEM, name_components
from rules.errors import LawRef, RuleViolation
from tournaments import handlers, knockout
from tournaments.api.common import (
    MAX_BOARD,
    MAX_BOARDS_PER_ROUND,
    MAX_ENTRY,
    MAX_FIELD,
    MAX_PLAYERS,
    MAX_ROUND,
    MAX_SESSION,
    MAX_TABLE,
    StaffOrDirector,
)
from tournaments.api.reads import session_row
from tournaments.domain import tournament
from tournaments.domain.movements import seating
from tournaments.domain.movements.individual import IndividualGuideLine


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
            assignments = tuple(stored(rows))
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
        built = seating.assignments_for(
            movement,
            data.get("players" if individual else "pairs"),
            data["boards_per_round"],
            data.get("rounds"),
            data["first_board"],
            duplicated=data["duplicated_boards"],
            round_number=data.get("round_number"),
            teams=data["teams"],
        )
        assignments = [payload(a) for a in built]
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
                "guide_cards": {n: guide_lines(built, n) for n in entries},
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


class GuideCardApi(APIView):
    """A pair's guide card for a session: round, table, direction, opponents, boards (Law 8)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict, 404: PROBLEM})
    def get(
        self, request: Request, tournament_id: UUID, session: int, number: int
    ) -> Response:
        row = session_row(tournament_id, session)
        return Response(
            {
                "entry_number": number,
                "session": session,
                "rounds": guide_lines(stored(row.assignments), number),
            }
        )


def stored(rows: list[dict[str, Any]]) -> list[tournament.TableAssignment]:
    """Assignments as the read model stores them (``payload``) or a director
    sends them."""
    return [
        tournament.TableAssignment(
            round=a["round"],
            table=a["table"],
            ns=a["ns"],
            ew=a["ew"],
            boards=tuple(a["boards"]),
            players=tuple(a.get("players") or ()),
        )
        for a in rows
    ]


def guide_lines(
    assignments: Sequence[tournament.TableAssignment], number: int
) -> list[dict[str, Any]]:
    """An entry's guide card (Law 8A1), the movement's own, as the API shows it."""
    if any(a.players for a in assignments):
        return [
            _individual_line(line)
            for line in seating.individual_guide_card(assignments, number)
        ]
    return [
        {
            "round": line.round,
            "table": line.table,
            "direction": line.direction.value,
            "opponent": line.opponent,  # None: sit out (phantom)
            "boards": list(line.boards),
        }
        for line in seating.guide_card(assignments, number)
    ]


def _individual_line(line: IndividualGuideLine) -> dict[str, Any]:
    """A player's guide card line: seat, partner, opponents (Law 4)."""
    if line.seat is None:
        return {"round": line.round, "sits_out": True, "boards": []}
    return {
        "round": line.round,
        "table": line.table,
        "seat": line.seat.value,
        "direction": line.seat.side.value,
        "partner": line.partner,
        "opponents": list(line.opponents),
        "boards": list(line.boards),
        "sits_out": False,
    }


name_components(globals())
