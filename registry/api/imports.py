"""Players registered in bulk from CSV; nothing is written if any row is rejected."""

from __future__ import annotations

import inspect
from typing import Any
from uuid import UUID

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsFederationStaff, actor_of, metadata_for
from httpapi.inputs import StrictJSONParser
from httpapi.problems import nul_in_file, problem, unreadable_file
from httpapi.schema import PROBLEM
from registry.domain import PlayerCategory
from registry.importing import (
    COLUMNS,
    REQUIRED,
    csv_refusal,
    import_players,
    nul_line,
    readable,
)
from registry.models import PlayerImportJob
from registry.tasks import queue_import

BACKGROUND_ROWS = 500
"""Rows past which a file is imported by a worker (issue 16, item 9)."""


def job_path(job: PlayerImportJob) -> str:
    return f"/api/v1/registry/players/imports/{job.job_id}/"


def job_json(job: PlayerImportJob) -> dict[str, Any]:
    return {
        "job_id": str(job.job_id),
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "dry_run": job.dry_run,
        "error": job.error,
        "report": job.report,
        "status_url": job_path(job),
    }


def _columns() -> str:
    """The import's columns for the schema, read from the importer itself."""
    lines = []
    for key, names in COLUMNS.items():
        need = "required" if key in REQUIRED else "optional"
        others = ", ".join(f"`{n}`" for n in names if n != key)
        lines.append(f"- `{key}` ({need}; also {others})")
    categories = ", ".join(f"`{c.value}`" for c in PlayerCategory)
    return (
        "The file is UTF-8, separated by commas, semicolons or tabs, with a "
        "header row naming its columns (English or the Italian names of the "
        "federation's exports, any order):\n\n"
        + "\n".join(lines)
        + f"\n\n`federation_number`: digits, at most 12. `category` (N-L4 §2a): "
        f"{categories} (any case). `club_code`: a registered club's code. "
        "`email`: a valid address."
    )


CSV_EXAMPLE = (
    "federation_number,family_name,given_name,category,club_code,email\n"
    "123456,Rossi,Maria,1P,BRI01,maria.rossi@example.org\n"
    "234567,Bianchi,Luca,NC,,\n"
)
CSV_EXAMPLE_ITALIAN = (
    "tessera;cognome;nome;categoria;società;e-mail\n"
    "123456;Rossi;Maria;1P;BRI01;maria.rossi@example.org\n"
)


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
    A NUL character in the text, or a field longer than the CSV field limit,
    is a 400 naming the file, its ``line`` and the limit.
    A file of more than ``BACKGROUND_ROWS`` rows, or any with
    ``?background=true``, is imported by a worker: 202 with the job, whose
    ``Location`` reports its progress and, at the end, the same report.
    """

    permission_classes = [IsFederationStaff]
    parser_classes = [CsvParser, MultiPartParser, StrictJSONParser]

    @extend_schema(
        description=f"{inspect.cleandoc(__doc__ or '')}\n\n{_columns()}",
        request={
            "text/csv": {"type": "string"},
            "application/json": {
                "type": "object",
                "properties": {"csv": {"type": "string"}},
                "required": ["csv"],
            },
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            },
        },
        parameters=[
            OpenApiParameter("dry_run", bool),
            OpenApiParameter(
                "background",
                bool,
                description=f"import by a worker (always past {BACKGROUND_ROWS} rows)",
            ),
        ],
        responses={
            200: OpenApiResponse(description="dry run or nothing new: the report"),
            201: OpenApiResponse(description="players registered: the report"),
            202: OpenApiResponse(
                description="a large file (or ?background=true): queued for a "
                "worker; the job and its Location"
            ),
            400: PROBLEM,
            403: PROBLEM,
            409: PROBLEM,
            422: OpenApiResponse(description="rejected rows: row, column, reason"),
        },
        examples=[
            OpenApiExample(
                "CSV, English columns",
                value=CSV_EXAMPLE,
                media_type="text/csv",
                request_only=True,
            ),
            OpenApiExample(
                "CSV, Italian columns, semicolons",
                value=CSV_EXAMPLE_ITALIAN,
                media_type="text/csv",
                request_only=True,
            ),
            OpenApiExample(
                "JSON with the CSV text",
                value={"csv": CSV_EXAMPLE},
                media_type="application/json",
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data: Any = request.data
        name = "file"  # how a refusal names what was sent
        if isinstance(data, bytes | str):
            content = data
        elif hasattr(data, "get") and hasattr(data.get("file"), "read"):
            content = data["file"].read()
            name = str(getattr(data["file"], "name", "") or "file")[:100]
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
        # A file that is not text is refused at once, in the request, with
        # the same report as any rejection (nothing for a worker to do).
        text, unreadable = readable(content)
        line = nul_line(text)
        if line is not None:
            return nul_in_file(name, line)
        refused = csv_refusal(text) if unreadable is None else None
        if refused is not None:
            return unreadable_file(name, refused.line, refused.problem)
        rows = max(0, len(text.splitlines()) - 1)
        background = request.query_params.get("background", "").lower() in ("1", "true")
        if unreadable is None and (background or rows > BACKGROUND_ROWS):
            job = queue_import(
                text, actor=actor_of(request.user), dry_run=dry_run, rows=rows
            )
            response = Response(job_json(job), status=status.HTTP_202_ACCEPTED)
            response["Location"] = job_path(job)
            return response
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


class ImportJobApi(APIView):
    """A queued player import: its progress, then its report (staff)."""

    permission_classes = [IsFederationStaff]

    @extend_schema(responses={200: dict, 403: PROBLEM, 404: PROBLEM})
    def get(self, request: Request, job_id: UUID) -> Response:
        job = PlayerImportJob.objects.filter(job_id=job_id).first()
        if job is None:
            raise NotFound("no such import")
        return Response(job_json(job))
