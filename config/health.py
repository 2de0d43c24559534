"""``/api/health/``: database, broker and projection liveness in one answer."""

from __future__ import annotations

from typing import Any

from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import is_federation_staff
from config.celery import app
from eventstore.liveness import process_report, projection_report, store_report


def _database() -> dict[str, Any]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return {"ok": True, "vendor": connection.vendor}
    except Exception as exc:  # health reports, it never raises
        return {"ok": False, "error": str(exc)}


def _broker() -> dict[str, Any]:
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return {"ok": True, "transport": conn.transport_cls}
    except Exception as exc:
        return {"ok": False, "error": str(exc)}


HEALTH = inline_serializer(
    "Health",
    {
        "status": serializers.ChoiceField(choices=["ok", "degraded", "down"]),
        "ok": serializers.BooleanField(),
        "database": serializers.DictField(required=False),
        "broker": serializers.DictField(required=False),
        "head": serializers.IntegerField(required=False),
        "projections": serializers.DictField(required=False),
        "processes": serializers.DictField(required=False),
        "store": serializers.DictField(required=False),
    },
)


class HealthApi(APIView):
    """Database, broker and every projection's liveness (decision 0071).

    ``status`` is ``ok``, ``degraded`` (answered 200: reads and commands
    work, but a projection is behind, stalled, rebuilding or has parked
    partitions, a process manager is behind or stopped on an event, or the
    broker is unreachable, or the last ``verify_store`` failed: the staff's
    ``store`` names the first bad position) or ``down`` (answered 503: the
    database is unreachable, or a projection has no live runner or stopped on
    a hole, so reads will not follow writes).

    Federation staff (or a superuser) read the whole report; anyone else only
    ``status`` and ``ok``: host names and error texts are not for the public
    (issue 16, item 8).
    """

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: HEALTH, 503: HEALTH},
        description="200 when ok or degraded, 503 when down (decision 0071).",
    )
    def get(self, request: Request) -> Response:
        database = _database()
        broker = _broker()
        body: dict[str, Any] = {"database": database, "broker": broker}
        state, body["projections"] = "down", {}
        if database["ok"]:
            try:
                report = projection_report()
            except Exception as exc:  # health reports, it never raises
                body["projections_error"] = str(exc)
            else:
                state = report["status"]
                processes = process_report()
                stuck = any(p["state"] != "ok" for p in processes.values())
                if state == "ok" and (stuck or not broker["ok"]):
                    state = "degraded"
                store = store_report()
                if state == "ok" and store["state"] == "failed":
                    state = "degraded"
                body.update(
                    head=report["head"],
                    projections=report["projections"],
                    processes=processes,
                    store=store,
                )
        body = {"status": state, "ok": state == "ok", **body}
        if not is_federation_staff(request.user):
            body = {"status": state, "ok": state == "ok"}
        return Response(body, status=503 if state == "down" else 200)
