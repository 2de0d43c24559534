"""A burraco tournament's registrations from a spreadsheet (issue 19's exam)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from access.roles import metadata_for
from burraco import domain as burraco
from burraco.api.common import DirectorCommandApi, run_command, state_of
from burraco.entries_import import import_entries, nul_line
from httpapi.commands import COMMAND_RESPONSES
from httpapi.inputs import validated
from httpapi.problems import nul_in_file, problem
from httpapi.schema import PROBLEM, name_components
from tournaments.api.common import MAX_ENTRY

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class RawParser(BaseParser):
    media_type = "*/*"

    def parse(
        self, stream: Any, media_type: Any = None, parser_context: Any = None
    ) -> Any:
        return stream.read()


class CsvOrXlsxParser(RawParser):
    media_type = "text/csv"


class XlsxParser(RawParser):
    media_type = XLSX


class EntriesImportApi(DirectorCommandApi):
    """``POST``: the pairs from a CSV or XLSX file (``text/csv``, the XLSX
    media type, or a multipart ``file``): columns ``pair``, ``member_1``,
    ``member_2`` (federation numbers; ``region``, ``province``, ``club``
    may follow). Each member is checked against the register; one rejected
    row and nothing is entered (422 listing row, column, reason). A NUL
    character in a CSV is a 400 naming the file and its ``line`` (decision
    0202), as the register's import answers."""

    parser_classes = [CsvOrXlsxParser, XlsxParser, MultiPartParser]

    @extend_schema(
        request={
            "text/csv": {"type": "string"},
            XLSX: {"type": "string", "format": "binary"},
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            },
        },
        responses={
            201: OpenApiResponse(description="the pairs entered"),
            400: PROBLEM,
            403: PROBLEM,
            404: PROBLEM,
            409: PROBLEM,
            422: OpenApiResponse(description="rejected rows: row, column, reason"),
        },
    )
    def post(self, request: Request, tournament_id: UUID) -> Response:
        state_of(tournament_id)
        data: Any = request.data
        name = "file"  # how a refusal names what was sent
        if isinstance(data, bytes):
            content = data
        elif hasattr(data, "get") and hasattr(data.get("file"), "read"):
            content = data["file"].read()
            name = str(getattr(data["file"], "name", "") or "file")[:100]
        else:
            return problem(
                400,
                "invalid",
                "ValidationError",
                "send a CSV or XLSX file: text/csv, the XLSX type or a multipart file",
                field="file",
            )
        line = nul_line(content)
        if line is not None:
            return nul_in_file(name, line)
        result, rejected, entered = import_entries(
            tournament_id,
            content,
            metadata=metadata_for(request, tournament_id, "import_entries"),
        )
        if rejected or result is None:
            return problem(
                422,
                "import_rejected",
                "ImportRejected",
                f"{len(rejected)} problem(s) found; nothing was entered",
                rejected=[r.as_json() for r in rejected],
            )
        return Response(
            {"entered": entered, "last_position": result.last_position}, status=201
        )


class AbandonmentApi(DirectorCommandApi):
    """``POST``: Art. 38, a pair abandons after the turn in play: it plays no
    later turn, its results stand, and the pairs it would have met are
    awarded the win. Giallo: ``pair`` is the player; he stays in the draw,
    the line he is drawn into loses, his partner and opponents win
    (decision 0187)."""

    class InputSerializer(serializers.Serializer):
        pair = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        reason = serializers.CharField(max_length=500)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = burraco.RecordAbandonment(pair=data["pair"], reason=data["reason"])
        return run_command(request, tournament_id, command, "record_abandonment")


name_components(globals())
