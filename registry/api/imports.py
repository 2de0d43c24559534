"""Players registered in bulk from CSV; nothing is written if any row is rejected."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsFederationStaff, metadata_for
from httpapi.inputs import StrictJSONParser
from httpapi.problems import problem
from httpapi.schema import PROBLEM
from registry.importing import import_players


class CsvParser(BaseParser):
    media_type = "text/csv"

    def parse(
        self, stream: Any, media_type: Any = None, parser_context: Any = None
    ) -> Any:
        return stream.read()


class ImportPlayersApi(APIView):
    """Register players in bulk from CSV; nothing is written if any row is rejected.

    Body: ``text/csv``, a multipart ``file``, or JSON ``{"csv": "..."}``.
    ``?dry_run=true`` checks without writing. 422 lists every rejected row.
    """

    permission_classes = [IsFederationStaff]
    parser_classes = [CsvParser, MultiPartParser, StrictJSONParser]

    @extend_schema(
        request={
            "text/csv": {"type": "string"},
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            },
        },
        parameters=[OpenApiParameter("dry_run", bool)],
        responses={
            200: OpenApiResponse(description="dry run or nothing new: the report"),
            201: OpenApiResponse(description="players registered: the report"),
            400: PROBLEM,
            403: PROBLEM,
            409: PROBLEM,
            422: OpenApiResponse(description="rejected rows: row, column, reason"),
        },
    )
    def post(self, request: Request) -> Response:
        data: Any = request.data
        if isinstance(data, bytes | str):
            content = data
        elif hasattr(data, "get") and hasattr(data.get("file"), "read"):
            content = data["file"].read()
        elif hasattr(data, "get") and isinstance(data.get("csv"), str):
            content = data["csv"]
        else:
            return problem(
                400,
                "invalid",
                "ValidationError",
                "send a CSV file: text/csv, a multipart file or JSON csv text",
                field="file",
            )
        dry_run = request.query_params.get("dry_run", "").lower() in ("1", "true")
        report = import_players(
            content,
            metadata=metadata_for(request, command="import_players"),
            dry_run=dry_run,
        )
        body = report.as_json()
        if report.rejected:
            return problem(
                422,
                "import_rejected",
                "ImportRejected",
                f"{len(report.rejected)} problem(s) found; nothing was written",
                **body,
            )
        code = status.HTTP_201_CREATED if report.written else status.HTTP_200_OK
        return Response(body, status=code)
