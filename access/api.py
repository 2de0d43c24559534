"""Account endpoints: a token for a username and password, and who the caller is."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import actor_of, grants_of, is_federation_staff


def _text(value: object) -> str | None:
    return str(value) if value else None


class MeApi(APIView):
    """Who the caller is and which roles they hold."""

    @extend_schema(
        responses=inline_serializer(
            "Me",
            {
                "actor": serializers.CharField(),
                "username": serializers.CharField(),
                "federation_staff": serializers.BooleanField(),
                "grants": serializers.ListField(child=serializers.DictField()),
            },
        )
    )
    def get(self, request: Request) -> Response:
        return Response(
            {
                "actor": actor_of(request.user),
                "username": request.user.get_username(),
                "federation_staff": is_federation_staff(request.user),
                "grants": [
                    {
                        "role": str(g.role),
                        "tournament_id": _text(g.tournament_id),
                        "appeal_id": _text(g.appeal_id),
                        "player_id": _text(g.player_id),
                    }
                    for g in grants_of(request.user)
                ],
            }
        )
