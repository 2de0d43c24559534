"""The public reads: a turn's results and the standings (JSON and CSV),
visible by the Art. 20 publication."""

from __future__ import annotations

import csv
import io
from uuid import UUID

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from burraco import selectors
from burraco.api.common import CsvRenderer, state_of
from burraco.api.visibility import require_full, sight_of_turn
from burraco.projections import BurracoStandings
from httpapi.reads import READ_PARAMETERS, by_tournament, reads
from httpapi.schema import PROBLEM, READ_RESPONSES, name_components

standings_read = reads(BurracoStandings.name, partition=by_tournament)


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
            # The director's remedy behind an award (Arts. 20, 38; decision 0217).
            row["remedy"] = "" if held is None else held.remedy
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
        state = state_of(tournament_id)
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
        state_of(tournament_id)
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
