"""A turn's table positions as the scoring room prints them (issue 19's exam)."""

from __future__ import annotations

import csv
import io
from uuid import UUID

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from burraco import domain as burraco
from burraco.api.common import CsvRenderer, state_of
from httpapi.schema import PROBLEM

COLUMNS = ("table", "group", "fixed", "mobile")
GIALLO_COLUMNS = (
    "table",
    "group",
    "fixed",
    "fixed_partner",
    "mobile",
    "mobile_partner",
)


def _blank(number: int) -> int | str:
    return "" if number == burraco.REST else number


class PositionsCsvApi(APIView):
    """``GET``: a published turn's positions as CSV, a line a table:
    ``table,group,fixed,mobile`` (the merit group of a turn played in groups; an
    incomplete table's empty side is blank); a giallo's lines are two
    players: ``table,group,fixed,fixed_partner,mobile,mobile_partner``.
    Public, as the positions."""

    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, "positions CSV"),
            404: PROBLEM,
        },
    )
    def get(self, request: Request, tournament_id: UUID, turn: int) -> Response:
        state = state_of(tournament_id)
        positions = state.positions.get(turn)
        if positions is None:
            raise NotFound(f"turn {turn}'s positions are not published")
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(GIALLO_COLUMNS if state.giallo else COLUMNS)
        # The merit group of a turn played in groups only (decision 0177).
        in_groups = state.split_after is not None and turn > state.split_after
        for p in positions:
            if state.giallo:
                writer.writerow(
                    [
                        p.table,
                        "",
                        p.fixed,
                        p.fixed_partner,
                        _blank(p.mobile),
                        _blank(p.mobile_partner),
                    ]
                )
                continue
            writer.writerow(
                [
                    p.table,
                    state.group_of(p.fixed) if in_groups else "",
                    p.fixed,
                    _blank(p.mobile),
                ]
            )
        request.accepted_renderer = CsvRenderer()
        request.accepted_media_type = CsvRenderer.media_type
        response = Response(out.getvalue(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = (
            f'attachment; filename="positions-turn-{turn}.csv"'
        )
        return response
