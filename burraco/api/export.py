"""``GET .../export/``: the whole burraco tournament as Arbitro's JSON
(``burraco.export``; decision 0177). There is no interchange standard for
burraco results. Federation staff and the tournament's directors only: the
file holds the results before their publication."""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from burraco.export import export_tournament
from httpapi.schema import PROBLEM
from tournaments.api.common import StaffOrDirector


class ExportApi(APIView):
    """``GET``: the tournament's registrations, turns, sheets, penalties and
    standings per phase and group, in format ``arbitro.burraco.export``
    version 1 (documented in docs/features.md)."""

    def get_permissions(self) -> list[BasePermission]:
        return [StaffOrDirector()]

    @extend_schema(
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, "arbitro.burraco.export v1"),
            401: PROBLEM,
            403: PROBLEM,
            404: PROBLEM,
        }
    )
    def get(self, request: Request, tournament_id: UUID) -> Response:
        exported = export_tournament(tournament_id)
        if exported is None:
            raise NotFound("no such burraco tournament")
        response = Response(exported)
        response["Content-Disposition"] = (
            f'attachment; filename="burraco-{tournament_id}.json"'
        )
        return response
