"""``/api/health/``: database, broker and projection lag in one answer."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from eventstore.projections import projection_lag


def _database() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return {"ok": True, "vendor": connection.vendor}
    except Exception as exc:  # health reports, it never raises
        return {"ok": False, "error": str(exc)}


def _broker() -> dict[str, Any]:
    from config.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return {"ok": True, "transport": conn.transport_cls}
    except Exception as exc:
        return {"ok": False, "error": str(exc)}


class HealthApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        responses={
            200: inline_serializer(
                "Health",
                {
                    "ok": serializers.BooleanField(),
                    "database": serializers.DictField(),
                    "broker": serializers.DictField(),
                    "projections": serializers.DictField(),
                },
            ),
            503: inline_serializer("Unhealthy", {"ok": serializers.BooleanField()}),
        }
    )
    def get(self, request: Request) -> Response:
        database = _database()
        broker = _broker()
        projections = projection_lag() if database["ok"] else {}
        limit = getattr(settings, "ARBITRO_HEALTH_MAX_LAG", 1000)
        lag_ok = all(
            p["lag"] <= limit and p["status"] != "error" for p in projections.values()
        )
        ok = database["ok"] and broker["ok"] and lag_ok
        body = {
            "ok": ok,
            "database": database,
            "broker": broker,
            "projections": projections,
        }
        return Response(body, status=200 if ok else 503)
