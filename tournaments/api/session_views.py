"""Sessions and movements: scheduling, a movement's preview, guide cards (Law 8)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    metadata_for,
)
from rules.errors import LawRef, RuleViolation
from tournaments import handlers, knockout, seating
from tournaments.api.common import (
    COMMAND_RESPONSES,
    MAX_BOARD,
    MAX_BOARDS_PER_ROUND,
    MAX_ENTRY,
    MAX_FIELD,
    MAX_PLAYERS,
    MAX_ROUND,
    MAX_SESSION,
    MAX_TABLE,
    PROBLEM,
    StaffOrDirector,
    created,
    expected,
    idem,
    name_components,
    validated,
)
from tournaments.domain import tournament
from tournaments.models import (
    SessionRow,
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


name_components(globals())
