"""Tournaments: the list, creation and one tournament's page.

Tournament API: one view per operation; views validate, call a handler, answer.
Commands are POSTs answering 201 with the stream version and positions; a
domain error answers 409/422 naming its Law (httpapi/problems.py). Published
results, standings and travellers are public; everything else needs a role.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsFederationStaff,
    actor_of,
    metadata_for,
)
from httpapi.commands import COMMAND_RESPONSES, created, idem, new_id
from httpapi.inputs import validated
from httpapi.pagination import Page, paginated
from httpapi.reads import READ_PARAMETERS
from httpapi.schema import PROBLEM, name_components
from scoring.bridge.vp_scales import VpScaleKind
from tournaments import handlers
from tournaments.api.common import MAX_MINUTES, MAX_POINTS
from tournaments.api.reads import results_read
from tournaments.domain import tournament
from tournaments.domain.penalties import (
    FIGB_CATALOGUE,
    PenaltyOverride,
    catalogue_text,
)
from tournaments.models import (
    EntryRow,
    SessionRow,
    TournamentRow,
)


class WindowsSerializer(serializers.Serializer):
    regulation = serializers.ChoiceField(
        choices=[r.value for r in tournament.Regulation],
        default="figb",
        help_text="figb (the default): the 2017 Laws with the FIGB supplementary "
        "norms (2004), which set the windows' and scoring_rules' defaults "
        "(N-L12, N-L79, N-L87 §7, N-L92-93); laws: the 2017 Laws alone (Law "
        "92B's 30-minute appeals, Law 12C2(c), Law 87B, Neuberg)",
    )
    correction_minutes = serializers.IntegerField(
        min_value=0,
        max_value=MAX_MINUTES,
        default=30,
        help_text="Law 79C: minutes after the publication in which a score is "
        "corrected without the organizer's approval; default 30 (Law 79C1). "
        "Under FIGB N-L79 pairs corrections end with the time set for the last "
        "round instead, and a teams result is final when the next round "
        "starts, if sooner",
    )
    inadmissible_minutes = serializers.IntegerField(
        min_value=0,
        max_value=MAX_MINUTES,
        default=15,
        help_text="FIGB N-L79: minutes after the correction period in which an "
        "inadmissible result is still corrected; default 15 (N-L79: 15 minutes "
        "from the posting of the results)",
    )
    appeal_minutes = serializers.IntegerField(
        min_value=0,
        max_value=MAX_MINUTES,
        required=False,
        help_text="by default 15 under the FIGB regulation (N-L92-93 §2), "
        "30 under the Laws alone (Law 92B)",
    )


class VpBandSerializer(serializers.Serializer):
    margin = serializers.IntegerField(min_value=0, max_value=999)
    winner = serializers.IntegerField(min_value=0, max_value=99)
    loser = serializers.IntegerField(min_value=0, max_value=99)


class VpTableSerializer(serializers.Serializer):
    boards = serializers.IntegerField(min_value=1, max_value=200)
    bands = serializers.ListField(
        child=VpBandSerializer(),
        min_length=2,
        max_length=80,
        help_text="from the draw at margin 0, each band's least IMP margin and "
        "the winner's and the loser's VPs",
    )


class VpScaleSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[k.value for k in VpScaleKind])
    name = serializers.CharField(max_length=60, required=False, default="")
    tables = serializers.ListField(
        child=VpTableSerializer(), required=False, max_length=64, default=list
    )


class ScoringRulesSerializer(serializers.Serializer):
    """The methods of the event's sessions; each left out is the regulation's."""

    averaged_boards = serializers.ChoiceField(
        choices=[m.value for m in tournament.AveragedBoards],
        required=False,
        help_text="a board with averaged tables. Default under the FIGB "
        "regulation: figb_n_l12 (FIGB N-L12, mani medie: each average counts as a "
        "tie, the top falls and the bottom rises by one per average); under the "
        "Laws: neuberg (Law 78D left to regulation; the other results factored "
        "to the full board)",
    )
    fouled_boards = serializers.ChoiceField(
        choices=[m.value for m in tournament.FouledBoards],
        required=False,
        help_text="a fouled board (cards swapped between hands). Default under "
        "the FIGB regulation: figb_n_l87_7 (FIGB N-L87 §7a: played wrongly in "
        "fewer rounds than fouled_split of the session's, artificial scores "
        "N/S swap 40/50, E/W 50/40, across 40/40, the table that found it "
        "60/60; otherwise two groups, +1 per result of the other group); under "
        "the Laws: law_87b (groups, each factored to the full board)",
    )
    fouled_split = serializers.RegexField(
        r"^[1-9][0-9]?/[1-9][0-9]?$",
        required=False,
        help_text="the share of the session's rounds from which a fouled board "
        'is scored in groups; default "1/5" (FIGB N-L87 §7a: "uguali o '
        'superiori al quinto dei turni totali della seduta")',
    )
    average_revision = serializers.ChoiceField(
        choices=[m.value for m in tournament.AverageRevision],
        required=False,
        help_text="the end-of-session revision of an artificial score of a pair "
        "not at fault. Default under the FIGB regulation: figb_session_percent "
        "(FIGB N-L12: the pair's percentage on its valid boards of the session); "
        "figb_session_percent_min_60 adds the 1997 Law 88 floor of 60% (N-L12: "
        '"tenendo comunque presente l\'art. 88"); under the Laws: law_12c2c '
        "(Law 12C2(c): the session percentage when larger)",
    )
    vp_scale = VpScaleSerializer(
        required=False,
        help_text="the VP scale every IMP-to-VP conversion of the event uses "
        "(Law 78D; FIGB N-L78 §1; N-L8 §3's knockout lateness IMPs). Default: "
        "the WBF 20-VP continuous scale; kind=tables names published tables "
        "(e.g. a 25-0 scale, 15-15 for a draw), one per match length",
    )


class PenaltyOverrideSerializer(serializers.Serializer):
    key = serializers.ChoiceField(
        choices=sorted(FIGB_CATALOGUE),
        help_text="the FIGB catalogue entry whose amount the event sets; "
        "FIGB's by default: " + catalogue_text(),
    )
    unit = serializers.ChoiceField(
        choices=sorted(tournament.PENALTY_UNITS),
        help_text="what amount counts: matchpoints, IMPs, VPs, percent of a top",
    )
    amount = serializers.IntegerField(
        min_value=0, max_value=MAX_POINTS, help_text="this event's amount, e.g. 25"
    )


BRIDGE_PAIRS = {
    "name": "Coppa Italia Signori, primo turno",
    "form": "pairs",
    "scoring": "matchpoints",
    "starts_at": "2026-03-14T15:00:00+01:00",
    "windows": {
        "regulation": "figb",
        "correction_minutes": 30,
        "inadmissible_minutes": 15,
        "appeal_minutes": 15,
    },
    "penalty_overrides": [
        {"key": "closed_room_exit", "unit": "percent_of_top", "amount": 25}
    ],
    "system_category": 2,
}
TOURNAMENT_EXAMPLES = [
    OpenApiExample(
        "Pairs, FIGB windows and a penalty of the event's own",
        value=BRIDGE_PAIRS,
        request_only=True,
    ),
    OpenApiExample(
        "Teams, Laws' windows only (Law 92B: 30 minutes)",
        value={
            "name": "Campionato a squadre",
            "form": "teams",
            "scoring": "teams_imps_vp",
            "starts_at": "2026-04-11T14:30:00+02:00",
            "windows": {"regulation": "laws", "correction_minutes": 30},
            "strict": False,
        },
        request_only=True,
    ),
    OpenApiExample(
        "Individual, the defaults",
        value={
            "name": "Individuale di primavera",
            "form": "individual",
            "scoring": "matchpoints",
            "starts_at": "2026-05-02T21:00:00+02:00",
        },
        request_only=True,
    ),
]


class TournamentListApi(APIView):
    """``GET``: every tournament (public). ``POST``: staff create one."""

    class InputSerializer(serializers.Serializer):
        tournament_id = serializers.UUIDField(required=False)
        name = serializers.CharField(max_length=200)
        game = serializers.ChoiceField(
            choices=[g.value for g in tournament.Game],
            default=tournament.Game.BRIDGE.value,
            help_text="bridge; burraco events are created at /api/v1/burraco/tournaments/",
        )
        form = serializers.ChoiceField(
            choices=[f.value for f in tournament.Form],
            help_text="pairs, teams or individual",
        )
        scoring = serializers.ChoiceField(
            choices=[s.value for s in tournament.ScoringMethod],
            help_text="matchpoints (pairs, individual), imps_butler or cross_imps "
            "(pairs on IMPs), teams_imps_vp (teams: IMPs to VPs)",
        )
        starts_at = serializers.DateTimeField(
            help_text='ISO 8601 with its offset, e.g. "2026-03-14T15:00:00+01:00"'
        )
        windows = WindowsSerializer(
            required=False,
            help_text="the periods after publication: Law 79C's corrections, "
            "FIGB N-L79's inadmissible results, Law 92B's appeals",
        )
        strict = serializers.BooleanField(
            default=False, help_text="refuse irregular calls and plays outright"
        )
        penalty_overrides = PenaltyOverrideSerializer(
            many=True,
            required=False,
            help_text="the event's own amounts for entries of the FIGB penalty "
            "catalogue (digest §2); by default none, and every entry left out "
            "keeps the norm's amount for the event's form (the key's description "
            "lists them)",
        )
        scoring_rules = ScoringRulesSerializer(
            required=False,
            help_text="how the sessions are scored; the regulation's methods "
            "(windows.regulation) for every setting left out",
        )
        system_category = serializers.ChoiceField(
            choices=[1, 2, 3, 4],
            required=False,
            allow_null=True,
            default=None,
            help_text="FIGB Appendix 1 category of the event (1-4): pairs must "
            "declare a convention card checked for it; default none (no check)",
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
                "scoring_rules",
                "starts_at",
            ]

    pagination_class = Page

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [IsFederationStaff()]

    @extend_schema(parameters=READ_PARAMETERS, responses=OutputSerializer(many=True))
    @results_read
    def get(self, request: Request) -> Response:
        # The newest first; the id breaks ties so that pages never overlap.
        rows = TournamentRow.objects.order_by("-starts_at", "name", "tournament_id")
        return paginated(
            self,
            request,
            rows,
            lambda page: self.OutputSerializer(page, many=True).data,
        )

    @extend_schema(
        request=InputSerializer,
        responses=COMMAND_RESPONSES,
        examples=TOURNAMENT_EXAMPLES,
    )
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        if data["game"] != tournament.Game.BRIDGE:
            # A burraco event is created with its settings, in one
            # transaction with its burraco stream (decision 0120).
            raise tournament.GameNotSupported(
                "burraco events are created at /api/v1/burraco/tournaments/",
                field="game",
                value=data["game"],
            )
        tid = data.get("tournament_id") or new_id(request, actor_of(request.user))
        windows = data.get("windows") or {}
        command = tournament.CreateTournament(
            tournament_id=tid,
            name=data["name"],
            game=tournament.Game(data["game"]),
            form=tournament.Form(data["form"]),
            scoring=tournament.ScoringMethod(data["scoring"]),
            starts_at=data["starts_at"],
            windows=tournament.WindowRules.of(
                tournament.Regulation(windows.get("regulation", "figb")),
                **{
                    key: windows[key]
                    for key in (
                        "correction_minutes",
                        "inadmissible_minutes",
                        "appeal_minutes",
                    )
                    if windows.get(key) is not None
                },
            ),
            strict=data["strict"],
            penalty_overrides=tuple(
                PenaltyOverride(**o) for o in data.get("penalty_overrides", [])
            ),
            system_category=data["system_category"],
            scoring_rules=tournament.ScoringRules.of(
                tournament.Regulation(windows.get("regulation", "figb")),
                **data.get("scoring_rules", {}),
            ),
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
                "sessions": [session_json(s) for s in sessions],
            }
        )


def session_json(s: SessionRow) -> dict[str, Any]:
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


name_components(globals())
