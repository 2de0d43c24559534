"""Account endpoints; the tournament endpoints live beside them as they land."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.models import RoleGrant
from tournaments.roles import actor_of, is_federation_staff


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
        grants = RoleGrant.objects.filter(user_id=request.user.pk).values(
            "role", "tournament_id", "appeal_id", "player_id"
        )
        return Response(
            {
                "actor": actor_of(request.user),
                "username": request.user.get_username(),
                "federation_staff": is_federation_staff(request.user),
                "grants": [
                    {k: str(v) if v else None for k, v in g.items()} for g in grants
                ],
            }
        )


class PingApi(APIView):
    """Liveness: a trivial DRF endpoint (also the anchor of the API benchmark)."""

    permission_classes: list = []
    authentication_classes: list = []

    @extend_schema(
        responses=inline_serializer("Pong", {"ok": serializers.BooleanField()})
    )
    def get(self, request: Request) -> Response:
        return Response({"ok": True})
