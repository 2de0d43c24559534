"""The burraco API: one view per operation; views validate, call a handler,
answer. Refusals are problems naming the Codice di Gara article (409/422).
"""

from __future__ import annotations

import csv
import io
import json
import secrets
from typing import Any
from uuid import UUID

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsFederationStaff,
    actor_of,
    is_director,
    is_federation_staff,
    metadata_for,
)
from burraco import domain as burraco
from burraco import selectors
from burraco.api.visibility import require_full, sight_of_turn
from burraco.export import prizes_of
from burraco.handlers import create_burraco, handle_burraco, load_burraco
from burraco.projections import BurracoStandings
from httpapi.commands import COMMAND_RESPONSES, created, expected, idem, new_id
from httpapi.inputs import validated
from httpapi.reads import READ_PARAMETERS, by_tournament, reads
from httpapi.schema import PROBLEM, READ_RESPONSES, name_components
from scoring.burraco import WarningPolicy
from tournaments.api.common import MAX_ENTRY, MAX_TABLE, StaffOrDirector
from tournaments.domain import tournament

MAX_POINTS = 100_000  # a hand's base or points: far beyond any real count
MAX_HANDS = 4

standings_read = reads(BurracoStandings.name, partition=by_tournament)


def _command(
    request: Request, tournament_id: UUID, command: burraco.BurracoCommand, name: str
) -> Response:
    result = handle_burraco(
        tournament_id,
        command,
        metadata=metadata_for(request, tournament_id, name),
        idempotency_key=idem(request),
        expected_version=expected(request),
    )
    return created(result, tournament_id=tournament_id)


class HandSerializer(serializers.Serializer):
    fixed_base = serializers.IntegerField(min_value=-MAX_POINTS, max_value=MAX_POINTS)
    fixed_points = serializers.IntegerField(min_value=-MAX_POINTS, max_value=MAX_POINTS)
    mobile_base = serializers.IntegerField(min_value=-MAX_POINTS, max_value=MAX_POINTS)
    mobile_points = serializers.IntegerField(
        min_value=-MAX_POINTS, max_value=MAX_POINTS
    )


def _hands(data: dict[str, Any], key: str = "hands") -> tuple[burraco.SheetHand, ...]:
    return tuple(burraco.SheetHand(**hand) for hand in data.get(key, ()))


def _closed_room() -> serializers.ListField:
    return serializers.ListField(
        child=HandSerializer(),
        max_length=MAX_HANDS,
        default=list,
        help_text="teams: the closed room's hands (``hands``: the open room's)",
    )


class BurracoTournamentListApi(APIView):
    """``POST``: staff create a burraco pairs tournament with its settings."""

    permission_classes = [IsFederationStaff]

    class InputSerializer(serializers.Serializer):
        tournament_id = serializers.UUIDField(required=False)
        name = serializers.CharField(max_length=200)
        starts_at = serializers.DateTimeField()
        hands_per_turn = serializers.IntegerField(
            min_value=0, max_value=9, help_text="2, 3 or 4 (Art. 6)"
        )
        turns = serializers.IntegerField(min_value=0, max_value=burraco.MAX_TURNS)
        standings_check_minutes = serializers.IntegerField(
            min_value=0, max_value=600, default=10, help_text="Art. 20: 10"
        )
        tie_breaks = serializers.ListField(
            child=serializers.ChoiceField(choices=[t.value for t in burraco.TieBreak]),
            max_length=len(burraco.TieBreak),
            default=["mp", "head_to_head"],
            help_text="pairs level on VP, in this order: mp (the greater sum of "
            "signed MP differences), head_to_head (the VP won against the other "
            "pair, when two are level and met)",
        )
        warning_policy = serializers.ChoiceField(
            choices=[p.value for p in WarningPolicy],
            default="every_two",
            help_text="every_two: one VP for every two warnings (2-3 cost 1, 4-5 "
            "cost 2); every_from_second: one VP for each warning from the second",
        )
        mitchell_turns = serializers.IntegerField(
            min_value=0,
            max_value=burraco.MAX_TURNS,
            required=False,
            allow_null=True,
            default=None,
            help_text="turns moved by Mitchell; the later ones Danese (all if unset)",
        )
        split_after = serializers.IntegerField(
            min_value=1,
            max_value=burraco.MAX_TURNS,
            required=False,
            allow_null=True,
            default=None,
            help_text="the single group's last turn, then merit groups (Art. 20)",
        )
        merit_groups = serializers.IntegerField(
            min_value=0, max_value=99, default=2, help_text="groups A, B, ..."
        )
        movement = serializers.ChoiceField(
            choices=[m.value for m in burraco.Movement], default="mitchell"
        )
        group_movement = serializers.ChoiceField(
            choices=[m.value for m in burraco.GroupMovement], default="danese"
        )
        form = serializers.ChoiceField(
            choices=[f.value for f in burraco.EntryForm],
            default="pairs",
            help_text="pairs; teams (open and closed room, the team VP table); "
            "individual (one against one, a new opponent every turn); giallo "
            "(players enter singly and change partner every turn) (Art. 2)",
        )
        category = serializers.ChoiceField(
            choices=[c.value for c in burraco.Category],
            default="club",
            help_text="club, federal, regional, national, championship: what the "
            "event allows (time reduction, spectators, the 800-MP monitoring)",
        )
        monitoring_800 = serializers.BooleanField(
            default=False,
            help_text="I poteri dell'arbitro (g): group A tables of the Danese "
            "merit-group turns call the director on reaching 800 MP (regional "
            "and national events)",
        )
        time_reduction_minutes = serializers.IntegerField(
            min_value=0,
            max_value=60,
            default=0,
            help_text="Art. 6: at most 2 minutes, club and federal events only",
        )
        session_turns = serializers.IntegerField(
            min_value=1,
            max_value=burraco.MAX_TURNS,
            required=False,
            allow_null=True,
            default=None,
            help_text="turns a session (Art. 39: a rest once a session); one session if unset",
        )

    @extend_schema(
        request=InputSerializer,
        responses=COMMAND_RESPONSES,
        examples=[
            OpenApiExample(
                "Pairs: three Mitchell turns then two Danese, three hands a turn",
                value={
                    "name": "Torneo di burraco del giovedì",
                    "starts_at": "2026-03-19T21:00:00+01:00",
                    "hands_per_turn": 3,
                    "turns": 5,
                    "standings_check_minutes": 10,
                    "tie_breaks": ["mp", "head_to_head"],
                    "warning_policy": "every_two",
                    "mitchell_turns": 3,
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        tid = data.get("tournament_id") or new_id(request, actor_of(request.user))
        form = burraco.EntryForm(data["form"])
        create = tournament.CreateTournament(
            tournament_id=tid,
            name=data["name"],
            game=tournament.Game.BURRACO,
            # Individual and giallo events enter players one by one.
            form=tournament.Form.INDIVIDUAL
            if form.singles
            else tournament.Form(form.value),
            scoring=tournament.ScoringMethod.BURRACO_VP,
            starts_at=data["starts_at"],
            windows=tournament.WindowRules(),
        )
        settings = burraco.OpenBurraco(
            tournament_id=tid,
            hands_per_turn=data["hands_per_turn"],
            turns=data["turns"],
            standings_check_minutes=data["standings_check_minutes"],
            tie_breaks=tuple(burraco.TieBreak(t) for t in data["tie_breaks"]),
            warning_policy=data["warning_policy"],
            mitchell_turns=data["mitchell_turns"],
            split_after=data["split_after"],
            merit_groups=data["merit_groups"],
            movement=burraco.Movement(data["movement"]),
            group_movement=burraco.GroupMovement(data["group_movement"]),
            session_turns=data["session_turns"],
            form=form,
            category=burraco.Category(data["category"]),
            monitoring_800=data["monitoring_800"],
            time_reduction_minutes=data["time_reduction_minutes"],
        )
        result = create_burraco(
            tid,
            create,
            settings,
            metadata=metadata_for(request, tid, "create_burraco_tournament"),
            idempotency_key=idem(request),
        )
        return created(result, tournament_id=tid)


def _state(tournament_id: UUID) -> burraco.BurracoState:
    state = load_burraco(tournament_id)
    if state.opened is None:
        raise NotFound("no such burraco tournament")
    return state


class BurracoTournamentDetailApi(APIView):
    """``GET``: the settings, the lines and where the tournament stands (public)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict, 404: dict})
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = _state(tournament_id)
        assert state.opened is not None
        return Response(
            {
                "tournament_id": str(tournament_id),
                "hands_per_turn": state.opened.hands_per_turn,
                "turns": state.opened.turns,
                "movement": state.opened.movement.value,
                "standings_check_minutes": state.opened.standings_check_minutes,
                "tie_breaks": [t.value for t in state.opened.tie_breaks],
                "warning_policy": state.opened.warning_policy,
                "mitchell_turns": state.mitchell_turns,
                "split_after": state.split_after,
                "form": state.opened.form.value,
                "category": state.opened.category.value,
                "monitoring_800": state.opened.monitoring_800,
                "time_reduction_minutes": state.opened.time_reduction_minutes,
                "turn_minutes": burraco.turn_minutes(state),
                "spectators_allowed": state.opened.category.spectators_allowed,
                "origins": len(state.origins),
                "merit_groups": state.opened.merit_groups,
                "group_movement": state.opened.group_movement.value,
                "formation": None
                if state.formed is None
                else {
                    "method": state.formed.method.value,
                    "separated_by": state.formed.separated_by,
                    "seed": state.formed.seed,
                    "from_letter": state.formed.from_letter,
                    "categories": list(state.formed.categories),
                },
                "fixed": list(state.fixed),
                "mobile": list(state.mobile),
                "groups": {
                    chr(ord("A") + i): list(members)
                    for i, members in enumerate(state.groups)
                },
                "provisional_check_deadline": state.provisional_deadline,
                "provisional_final": state.provisional_final,
                "current_turn": state.current_turn,
                "substitutions": [
                    {
                        "pair": sub.pair,
                        "player_out": str(sub.player_out),
                        "player_in": str(sub.player_in),
                    }
                    for sub in state.substitutions.values()
                ],
                "abandoned": sorted(state.abandoned),
                "interrupted": None
                if state.interrupted is None
                else {
                    "completed_turns": state.interrupted.completed_turns,
                    "prizes": state.interrupted.prizes,
                    "standings_after": state.interrupted.standings_after,
                    "reason": state.interrupted.reason,
                },
                "final_published_at": state.final_published_at,
                "check_deadline": state.check_deadline,
                "final": state.final,
                # Art. 6: players may not ask the time left; the clock is
                # the directors' (and staff's).
                "clock": _clock(request, tournament_id, state),
            }
        )


def _clock(
    request: Request, tournament_id: UUID, state: burraco.BurracoState
) -> dict[str, Any] | None:
    signal = state.started.get(state.current_turn)
    user = request.user
    if signal is None or not (
        is_federation_staff(user) or is_director(user, tournament_id)
    ):
        return None
    return {
        "turn": signal.turn,
        "started_at": signal.started_at,
        "ends_at": signal.ends_at,
    }


class DirectorCommandApi(APIView):
    def get_permissions(self) -> list[BasePermission]:
        return [StaffOrDirector()]


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
        return _command(request, tournament_id, command, "form_lines")


class PositionsApi(DirectorCommandApi):
    """``POST``: publish a turn's positions (the Art. 20 cut-off). ``GET``:
    a published turn's positions (public)."""

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [StaffOrDirector()]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        command = burraco.PublishPositions(turn=turn)
        return _command(request, tournament_id, command, "publish_positions")

    @extend_schema(responses=READ_RESPONSES)
    def get(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        positions = _state(tournament_id).positions.get(turn)
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
        return _command(request, tournament_id, command, "start_turn")


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
        return _command(request, tournament_id, command, "record_wrong_table")


class ScoreSheetApi(DirectorCommandApi):
    """``POST``: a table's score sheet for a turn: each hand's base and points
    for the fixed and the mobile line (Arts. 18, 19); for a lost sheet found
    again, its score restored over the 7-7 (Art. 19)."""

    class InputSerializer(serializers.Serializer):
        hands = serializers.ListField(child=HandSerializer(), max_length=MAX_HANDS)
        closed_hands = _closed_room()
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
            hands=_hands(data),
            closed_hands=_hands(data, "closed_hands"),
            director_called=data["director_called"],
            countersigned=data["countersigned"],
            delivered=data["delivered"],
        )
        return _command(request, tournament_id, command, "enter_score_sheet")


class CorrectionApi(DirectorCommandApi):
    """``POST``: Art. 20, a sheet corrected before the next turn's positions,
    with the opponents' confirmation (and, in the last turn, the director's
    countersignature)."""

    class InputSerializer(serializers.Serializer):
        hands = serializers.ListField(child=HandSerializer(), max_length=MAX_HANDS)
        closed_hands = _closed_room()
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
            hands=_hands(data),
            closed_hands=_hands(data, "closed_hands"),
            opponents_confirmed=data["opponents_confirmed"],
            director_countersigned=data["director_countersigned"],
        )
        return _command(request, tournament_id, command, "correct_score_sheet")


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
        return _command(request, tournament_id, command, "invert_score")


class FinalStandingsApi(DirectorCommandApi):
    """``POST``: Art. 20, the final standings shown for their check period."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        command = burraco.PublishFinalStandings()
        return _command(request, tournament_id, command, "publish_final_standings")


class ProvisionalStandingsApi(DirectorCommandApi):
    """``POST``: Art. 20, the standings before the split shown for their check."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        command = burraco.PublishProvisionalStandings()
        return _command(request, tournament_id, command, "publish_provisional")


class GroupsApi(DirectorCommandApi):
    """``POST``: the split into merit groups A, B, ... once the standings
    before it are final (Art. 20); ``sizes`` in pairs, A first, or evenly."""

    class InputSerializer(serializers.Serializer):
        sizes = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=MAX_ENTRY),
            max_length=26,
            default=list,
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.SplitIntoGroups(sizes=tuple(data["sizes"]))
        return _command(request, tournament_id, command, "split_into_groups")


class WarningApi(DirectorCommandApi):
    """``POST``: a warning to a pair; the second costs a VP (Definizioni)."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        turn = serializers.IntegerField(min_value=1, max_value=burraco.MAX_TURNS)
        article = serializers.IntegerField(min_value=1, max_value=40)
        reason = serializers.CharField(max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        return _command(
            request, tournament_id, burraco.IssueWarning(**data), "issue_warning"
        )


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
        return _command(request, tournament_id, command, "record_lateness")


class LostSheetApi(DirectorCommandApi):
    """``POST``: Art. 19, the table's sheet is lost: 7-7 until it is found
    (then ``POST .../sheet/`` restores the score)."""

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(
        self, request: Request, tournament_id: UUID, turn: int, table: int
    ) -> Response:
        command = burraco.RecordLostSheet(turn=turn, table=table)
        return _command(request, tournament_id, command, "record_lost_sheet")


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
        return _command(request, tournament_id, command, "record_absence")


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
        return _command(request, tournament_id, command, "declare_line_up")


class SubstitutionApi(DirectorCommandApi):
    """``POST``: Art. 38, one player of a pair replaced before half the
    turns, by a registered player new to the tournament; once a pair."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        player_out = serializers.UUIDField()
        player_in = serializers.UUIDField()

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.SubstitutePlayer(**data)
        return _command(request, tournament_id, command, "substitute_player")


class InterruptionApi(DirectorCommandApi):
    """``POST``: Art. 40, the tournament interrupted: prizes on the last
    standings shown after more than half the turns, otherwise refunds."""

    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.InterruptTournament(reason=data["reason"])
        return _command(request, tournament_id, command, "interrupt_tournament")


class PrizesApi(DirectorCommandApi):
    """``POST``: the prize settings (decision 0189: the Regolamento's, not
    the Code's). ``GET``: the prizes from the final standings, or Art. 40's
    outcome once interrupted; directors and staff, everyone once final."""

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [StaffOrDirector()]

    class InputSerializer(serializers.Serializer):
        entry_fee_cents = serializers.IntegerField(min_value=0, max_value=10_000_000)
        pool_percent = serializers.IntegerField(min_value=0, max_value=100)
        shares = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=100),
            max_length=MAX_ENTRY,
            help_text="each final place's share of the pool, in percent (1st first)",
        )
        costs_per_entry_cents = serializers.IntegerField(
            min_value=0, max_value=10_000_000, default=0
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.SetPrizes(
            entry_fee_cents=data["entry_fee_cents"],
            pool_percent=data["pool_percent"],
            shares=tuple(data["shares"]),
            costs_per_entry_cents=data["costs_per_entry_cents"],
        )
        return _command(request, tournament_id, command, "set_prizes")

    @extend_schema(responses={200: dict, 404: dict})
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = _state(tournament_id)
        user = request.user
        if not (
            state.final or is_federation_staff(user) or is_director(user, tournament_id)
        ):
            raise NotFound("the prizes are public once the standings are final")
        return Response(prizes_of(state))


class TurnResultsApi(APIView):
    """``GET``: a turn's table results, visible by the Art. 20 publication."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses=READ_RESPONSES)
    @standings_read
    def get(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        sight = sight_of_turn(request, tournament_id, turn)
        if sight.state.opened is None or turn not in sight.state.positions:
            raise NotFound(f"turn {turn} is not published")
        require_full(request, sight, allow_players=True)
        seats = {p.table: p for p in sight.state.positions[turn]}
        pairs = None if sight.full else sight.pairs
        if pairs is not None and sight.state.giallo:
            # A giallo player's table is his line's (decision 0173).
            pairs = frozenset(
                p.line_of(player) for p in seats.values() for player in pairs
            ) - {0}
        results = selectors.turn_results(tournament_id, turn, pairs)
        for row in results:
            held = sight.state.results.get((turn, row["table"]))
            # The article an awarded turn names; the 800-MP rule's flag.
            row["article"] = "" if held is None else held.award_article
            row["threshold_800"] = "" if held is None else held.threshold_800
            seat = seats.get(row["table"])
            if seat is not None:
                row["fixed_players"] = list(seat.players(seat.fixed))
                row["mobile_players"] = list(seat.players(seat.mobile))
        return Response(
            {
                "turn": turn,
                "published": sight.state.results_public(turn),
                "results": results,
            }
        )


AFTER_TURN = OpenApiParameter(
    "after_turn",
    int,
    description="the turn the standings follow; default the latest the caller sees",
)


def _standings_turn(request: Request, tournament_id: UUID) -> int | None:
    """The turn the standings asked for follow (``?after_turn=``, refused to
    a caller who may not see it), else the latest the caller may see."""
    raw = request.query_params.get("after_turn")
    if raw is None:
        turns = [
            t
            for t in selectors.standings_turns(tournament_id)
            if sight_of_turn(request, tournament_id, t).full
        ]
        return turns[-1] if turns else None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 3:
        raise serializers.ValidationError(
            {"after_turn": [f"{raw[:20]!r} is not a turn number"]}
        )
    after = int(raw)
    sight = sight_of_turn(request, tournament_id, after)
    require_full(request, sight, allow_players=False)
    return after


class StandingsApi(APIView):
    """``GET``: the standings after a turn (VP, warnings' deduction, MP, rank);
    public once the turn's results are (Art. 20)."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=[*READ_PARAMETERS, AFTER_TURN], responses=READ_RESPONSES)
    @standings_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = _state(tournament_id)
        after = _standings_turn(request, tournament_id)
        last = state.opened.turns if state.opened else 0
        return Response(
            {
                "after_turn": after,
                "final_published": after == last
                and state.final_published_at is not None,
                "final": after == last and state.final,
                "check_deadline": state.check_deadline if after == last else None,
                "standings": []
                if after is None
                else selectors.standings(tournament_id, after),
            }
        )


class CsvRenderer(BaseRenderer):
    """Lets clients ask for ``text/csv``; errors still go out as JSON."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Any = None,
    ) -> bytes:
        return (data if isinstance(data, str) else json.dumps(data)).encode()


CSV_COLUMNS = (
    "rank",
    "tied",
    "pair",
    "vp",
    "turn_vp",
    "deduction",
    "mp",
    "turns",
    "group",
)


class StandingsCsvApi(APIView):
    """``GET``: the standings after a turn as CSV, one line a pair in rank
    order; columns ``rank,tied,pair,vp,turn_vp,deduction,mp,turns,group`` (there is
    no interchange standard for burraco results). Visible as the JSON."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[*READ_PARAMETERS, AFTER_TURN],
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, "standings CSV"),
            403: PROBLEM,
            404: PROBLEM,
        },
    )
    @standings_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        _state(tournament_id)
        after = _standings_turn(request, tournament_id)
        if after is None:
            raise NotFound("no standings are published yet")
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for line in selectors.standings(tournament_id, after):
            writer.writerow(
                [int(line[c]) if c == "tied" else line[c] for c in CSV_COLUMNS]
            )
        # The file is CSV whatever the client accepts; a refusal above is
        # still the negotiated problem JSON.
        request.accepted_renderer = CsvRenderer()
        request.accepted_media_type = CsvRenderer.media_type
        response = Response(out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = (
            f'attachment; filename="standings-after-turn-{after}.csv"'
        )
        return response


name_components(globals())
