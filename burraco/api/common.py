"""What the burraco API's views share: the one command path, the hands
of a sheet, the tournament's state, the director's permission, CSV."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import metadata_for
from burraco import domain as burraco
from burraco.handlers import handle_burraco, load_burraco
from httpapi.commands import created, expected, idem
from tournaments.api.common import StaffOrDirector

MAX_POINTS = 100_000  # a hand's base or points: far beyond any real count
MAX_HANDS = 4


def run_command(
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


def hands_of(data: dict[str, Any], key: str = "hands") -> tuple[burraco.SheetHand, ...]:
    return tuple(burraco.SheetHand(**hand) for hand in data.get(key, ()))


def closed_room() -> serializers.ListField:
    return serializers.ListField(
        child=HandSerializer(),
        max_length=MAX_HANDS,
        default=list,
        help_text="teams: the closed room's hands (``hands``: the open room's)",
    )


def state_of(tournament_id: UUID) -> burraco.BurracoState:
    state = load_burraco(tournament_id)
    if state.opened is None:
        raise NotFound("no such burraco tournament")
    return state


class DirectorCommandApi(APIView):
    def get_permissions(self) -> list[BasePermission]:
        return [StaffOrDirector()]


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
