"""The API's liveness ping (the account endpoints are ``access.api``)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class PingApi(APIView):
    """Liveness: a trivial DRF endpoint (also the anchor of the API benchmark)."""

    permission_classes: list = []
    authentication_classes: list = []

    @extend_schema(
        responses=inline_serializer("Pong", {"ok": serializers.BooleanField()})
    )
    def get(self, request: Request) -> Response:
        return Response({"ok": True})
