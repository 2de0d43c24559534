"""The burraco tournament: its creation with the settings and its detail."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
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
from burraco.api.common import state_of
from burraco.api.conduct import PrizeSettingsSerializer, set_prizes
from burraco.handlers import create_burraco
from httpapi.commands import COMMAND_RESPONSES, created, idem, new_id
from httpapi.inputs import validated
from httpapi.schema import name_components
from scoring.burraco import WarningPolicy
from tournaments.domain import tournament


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
        prizes = PrizeSettingsSerializer(
            required=False,
            allow_null=True,
            default=None,
            help_text="the prize settings, as POST .../prizes/ sets them later "
            "(decisions 0189, 0193)",
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
            prizes=None if data["prizes"] is None else set_prizes(data["prizes"]),
        )
        return created(result, tournament_id=tid)


class BurracoTournamentDetailApi(APIView):
    """``GET``: the settings, the lines and where the tournament stands (public)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict, 404: dict})
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = state_of(tournament_id)
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


name_components(globals())
