"""A turn's operations: the lines, the positions, the clock, the sheets
and what happens at a table (Arts. 2, 3, 6, 18-20, 38, 39)."""

from __future__ import annotations

import secrets
from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from access.roles import metadata_for
from burraco import domain as burraco
from burraco.api.common import (
    MAX_HANDS,
    DirectorCommandApi,
    HandSerializer,
    closed_room,
    hands_of,
    run_command,
    state_of,
)
from burraco.commands import MAX_SHEETS, EnterScoreSheets, enter_sheets
from httpapi.commands import COMMAND_RESPONSES, answer, idem
from httpapi.inputs import validated
from httpapi.schema import READ_RESPONSES, name_components
from tournaments.api.common import MAX_ENTRY, MAX_TABLE, StaffOrDirector


class FormLinesApi(DirectorCommandApi):
    """``POST``: Art. 2, the first turn's fixed and mobile lines (none named:
    by registration order)."""

    class InputSerializer(serializers.Serializer):
        fixed = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ENTRY),
            max_length=MAX_TABLE,
            default=list,
        )
        mobile = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_ENTRY),
            max_length=MAX_TABLE,
            default=list,
        )
        separate_by = serializers.ChoiceField(
            choices=["", "region", "province", "club"],
            default="",
            help_text="keep the entries of one region, province or club apart "
            "(on one Mitchell line; at different giallo tables)",
        )
        draw = serializers.BooleanField(
            default=False,
            help_text="by lot (Art. 2): the seed is recorded with the lines",
        )
        alphabetical = serializers.BooleanField(
            default=False,
            help_text="Art. 2: in alphabetical order of the players' names "
            "(family name first), the first half fixed",
        )
        from_letter = serializers.CharField(
            default="",
            allow_blank=True,
            max_length=1,
            help_text="alphabetical: the letter the fixed lines start from "
            "(the list wraps round)",
        )
        by_category = serializers.ListField(
            child=serializers.CharField(max_length=100),
            max_length=20,
            default=list,
            help_text="Art. 2, by category: the categories of the import's "
            "category column, highest first; the higher half fixed",
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.FormLines(
            fixed=tuple(data["fixed"]),
            mobile=tuple(data["mobile"]),
            separate_by=data["separate_by"],
            draw_seed=secrets.randbits(31) if data["draw"] else None,
            alphabetical=data["alphabetical"],
            from_letter=data["from_letter"],
            by_category=tuple(data["by_category"]),
        )
        return run_command(request, tournament_id, command, "form_lines")


class PositionsApi(DirectorCommandApi):
    """``POST``: publish a turn's positions (the Art. 20 cut-off). ``GET``:
    a published turn's positions (public)."""

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [StaffOrDirector()]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        command = burraco.PublishPositions(turn=turn)
        return run_command(request, tournament_id, command, "publish_positions")

    @extend_schema(responses=READ_RESPONSES)
    def get(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        positions = state_of(tournament_id).positions.get(turn)
        if positions is None:
            raise NotFound(f"turn {turn}'s positions are not published")
        return Response(
            {
                "turn": turn,
                "positions": [
                    {
                        "table": p.table,
                        "fixed": p.fixed,
                        "mobile": p.mobile,
                        # Giallo: each line's two players (decision 0173).
                        "fixed_players": list(p.players(p.fixed)),
                        "mobile_players": list(p.players(p.mobile)),
                    }
                    for p in positions
                ],
            }
        )


class StartTurnApi(DirectorCommandApi):
    """``POST``: Art. 6, the director's signal starts the turn in play's
    clock (25, 32 or 42 minutes less the announced reduction); a lateness
    without ``seconds`` is then timed from it (Art. 39)."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        command = burraco.StartTurn(turn=turn)
        return run_command(request, tournament_id, command, "start_turn")


class WrongTableApi(DirectorCommandApi):
    """``POST``: Art. 2, ``pair`` sat at ``other``'s place and play began:
    both results stand, the two exchange places for this turn (enter each
    table's sheet as played), ``pair`` is warned; the next turn is as the
    movement gives it."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        other = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.RecordWrongTable(turn=turn, **data)
        return run_command(request, tournament_id, command, "record_wrong_table")


class ScoreSheetApi(DirectorCommandApi):
    """``POST``: a table's score sheet for a turn: each hand's base and points
    for the fixed and the mobile line (Arts. 18, 19); for a lost sheet found
    again, its score restored over the 7-7 (Art. 19)."""

    class InputSerializer(serializers.Serializer):
        hands = serializers.ListField(child=HandSerializer(), max_length=MAX_HANDS)
        closed_hands = closed_room()
        director_called = serializers.BooleanField(
            default=False,
            help_text="I poteri dell'arbitro (g): the players called the director "
            "on reaching 800 MP and he countersigned; without it such a sheet "
            "at a watched table is annulled, each side's VP capped at 7",
        )
        countersigned = serializers.BooleanField(
            default=True,
            help_text="Art. 19: signed by at least one player of each pair "
            "(a sheet without is refused)",
        )
        delivered = serializers.BooleanField(
            default=True,
            help_text="Art. 19: handed in by the winning side; false (left on "
            "the table): the winners are warned",
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.EnterScoreSheet(
            turn=turn,
            table=table,
            hands=hands_of(data),
            closed_hands=hands_of(data, "closed_hands"),
            director_called=data["director_called"],
            countersigned=data["countersigned"],
            delivered=data["delivered"],
        )
        return run_command(request, tournament_id, command, "enter_score_sheet")


class _SheetSerializer(serializers.Serializer):
    """One sheet of a batch: ``.../sheet/``'s input with its table."""

    table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE)
    hands = serializers.ListField(child=HandSerializer(), max_length=MAX_HANDS)
    closed_hands = closed_room()
    director_called = serializers.BooleanField(default=False)
    countersigned = serializers.BooleanField(default=True)
    delivered = serializers.BooleanField(default=True)


class ScoreSheetsApi(DirectorCommandApi):
    """``POST``: a turn's sheets together, each as ``.../sheet/`` takes it
    with its ``table``: ONE command (decision 0221), every sheet decided on
    its table's stream and all stored in one transaction, or none; a refusal
    names the sheet (``field`` ``sheets.<i>...``) and its article, and
    ``errors`` lists every refused sheet with its ``table``. The answer's
    ``last_position`` is the batch's last event (for ``?min_position=``)."""

    class InputSerializer(serializers.Serializer):
        sheets: serializers.ListSerializer[Any] = serializers.ListSerializer(
            child=_SheetSerializer(), min_length=1, max_length=MAX_SHEETS
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        data = validated(self.InputSerializer, request.data)
        batch = EnterScoreSheets(
            turn=turn,
            sheets=tuple(
                burraco.EnterScoreSheet(
                    turn=turn,
                    table=sheet["table"],
                    hands=hands_of(sheet),
                    closed_hands=hands_of(sheet, "closed_hands"),
                    director_called=sheet["director_called"],
                    countersigned=sheet["countersigned"],
                    delivered=sheet["delivered"],
                )
                for sheet in data["sheets"]
            ),
        )
        result = enter_sheets(
            tournament_id,
            batch,
            metadata=metadata_for(request, tournament_id, "enter_score_sheets"),
            idempotency_key=idem(request),
        )
        body, code = answer(result, tournament_id=tournament_id)
        body["tables"] = [s.table for s in batch.sheets]
        return Response(body, status=code)


class CorrectionApi(DirectorCommandApi):
    """``POST``: Art. 20, a sheet corrected before the next turn's positions,
    with the opponents' confirmation (and, in the last turn, the director's
    countersignature)."""

    class InputSerializer(serializers.Serializer):
        hands = serializers.ListField(child=HandSerializer(), max_length=MAX_HANDS)
        closed_hands = closed_room()
        opponents_confirmed = serializers.BooleanField()
        director_countersigned = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.CorrectScoreSheet(
            turn=turn,
            table=table,
            hands=hands_of(data),
            closed_hands=hands_of(data, "closed_hands"),
            opponents_confirmed=data["opponents_confirmed"],
            director_countersigned=data["director_countersigned"],
        )
        return run_command(request, tournament_id, command, "correct_score_sheet")


class InversionApi(DirectorCommandApi):
    """``POST``: Art. 20, a score inversion after the next positions: the two
    pairs' results swap; the standings take it at the next turn."""

    class InputSerializer(serializers.Serializer):
        pairs_confirmed = serializers.BooleanField()

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.InvertScore(
            turn=turn, table=table, pairs_confirmed=data["pairs_confirmed"]
        )
        return run_command(request, tournament_id, command, "invert_score")


class LatenessApi(DirectorCommandApi):
    """``POST``: Art. 39, a pair late at the director's signal: a warning,
    150 or 200 MP to the opponents, or beyond ten minutes the forfeit."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        seconds = serializers.IntegerField(
            min_value=0,
            max_value=24 * 3600,
            required=False,
            allow_null=True,
            default=None,
            help_text="after the signal; omitted: timed from the turn's start",
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.RecordLateness(turn=turn, table=table, **data)
        return run_command(request, tournament_id, command, "record_lateness")


class LostSheetApi(DirectorCommandApi):
    """``POST``: Art. 19, the table's sheet is lost: 7-7 until it is found
    (then ``POST .../sheet/`` restores the score)."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        command = burraco.RecordLostSheet(turn=turn, table=table)
        return run_command(request, tournament_id, command, "record_lost_sheet")


class AbsenceApi(DirectorCommandApi):
    """``POST``: Art. 38, a pair absent from its table: 7 VP (0 from its
    fourth absent turn) with the equivalent MP; the side present wins as
    Art. 39 gives beyond ten minutes. Giallo: ``pair`` is the absent
    player, whose line is absent; his partner takes the present side's score
    (decision 0187)."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.RecordAbsence(turn=turn, table=table, pair=data["pair"])
        return run_command(request, tournament_id, command, "record_absence")


class LineUpApi(DirectorCommandApi):
    """``POST``: Art. 3 (teams), a team's pairs for the open and the closed
    room at this table in the turn in play, before the match's sheet; the
    team that drew the lower card (first turn; ``drew_lower_card``) or stands
    lower in the standings declares first (409 ``line_up_out_of_order``);
    once declared it does not change (409 ``line_up_declared``)."""

    class InputSerializer(serializers.Serializer):
        team = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        open_room = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )
        closed_room = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )
        drew_lower_card = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.DeclareLineUp(
            turn=turn,
            table=table,
            team=data["team"],
            open_room=tuple(data["open_room"]),
            closed_room=tuple(data["closed_room"]),
            drew_lower_card=data["drew_lower_card"],
        )
        return run_command(request, tournament_id, command, "declare_line_up")


name_components(globals())
