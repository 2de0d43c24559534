"""Results files in and out over the API, run by a worker (issue 15).

``POST /results-files/imports/`` queues the import of a PBN, USEBIO or JSON
file (federation staff, or a tournament director); ``POST
/tournaments/<id>/results-files/`` queues the export of a session (staff, or
a director of that tournament). Both answer 202 with the job, whose
``Location`` reports its progress (``done`` of ``total`` steps, the current
``step``) and at the end its report; an export's file is at the job's
``file/``. The import's conventions are the same settings as
``import_results`` (decision 0129), refused before anything is queued when
one is not valid.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    Role,
    actor_of,
    grants_of,
    is_director,
    is_federation_staff,
)
from httpapi.inputs import StrictJSONParser, validated
from httpapi.problems import problem
from httpapi.schema import PROBLEM
from scoring.formats.conventions import SETTING_NAMES, conventions_for
from tournaments import handlers
from tournaments.models import ResultsFileJob
from tournaments.results_io import FORMATS, guess_format
from tournaments.results_io.importing import METHOD_SETTINGS, regulation_of
from tournaments.results_jobs import queue_export, queue_import

MAX_FILE_BYTES = 20 * 1024 * 1024
"""The largest results file the API takes (a season's USEBIO is a few MB)."""

MEDIA = {
    "pbn": "application/x-pbn",
    "usebio": "application/xml",
    "json": "application/json",
}
SUFFIX = {"pbn": "pbn", "usebio": "xml", "json": "json"}


def job_path(job: ResultsFileJob) -> str:
    return f"/api/v1/results-files/jobs/{job.job_id}/"


def job_json(job: ResultsFileJob) -> dict[str, Any]:
    body: dict[str, Any] = {
        "job_id": str(job.job_id),
        "kind": job.kind,
        "format": job.fmt,
        "status": job.status,
        "step": job.step,
        "done": job.done,
        "total": job.total,
        "tournament_id": str(job.tournament_id) if job.tournament_id else None,
        "session": job.session,
        "error": job.error,
        "report": job.report,
        "status_url": job_path(job),
    }
    if job.kind == ResultsFileJob.Kind.EXPORT:
        body["file_url"] = f"{job_path(job)}file/"
    return body


def accepted(job: ResultsFileJob) -> Response:
    response = Response(job_json(job), status=status.HTTP_202_ACCEPTED)
    response["Location"] = job_path(job)
    return response


def _is_any_director(user: Any) -> bool:
    roles = (Role.CHIEF_DIRECTOR, Role.DIRECTOR)
    return any(g.role in roles for g in grants_of(user))


class IsStaffOrDirector(BasePermission):
    """Federation staff, or a director of some tournament (an import makes a
    new tournament, so no tournament's office can be asked)."""

    message = "Only federation staff or a tournament director may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        return is_federation_staff(user) or _is_any_director(user)


class IsStaffOrTournamentDirector(BasePermission):
    """Federation staff, or a director of the tournament exported."""

    message = "Only federation staff or a director of this tournament may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        tournament_id = view.kwargs.get("tournament_id")
        return is_federation_staff(user) or (
            tournament_id is not None and is_director(user, UUID(str(tournament_id)))
        )


class RawFileParser(BaseParser):
    """A results file sent as the body: PBN, USEBIO or JSON, any text type."""

    media_type = "*/*"

    def parse(
        self, stream: Any, media_type: Any = None, parser_context: Any = None
    ) -> Any:
        return stream.read(MAX_FILE_BYTES + 1)


def _file(request: Request) -> tuple[bytes, str] | Response:
    """The file's bytes and its name, or the problem that says what is wrong."""
    data: Any = request.data
    name = request.query_params.get("name", "")
    if isinstance(data, bytes | str):
        content = data.encode("utf-8") if isinstance(data, str) else data
    elif hasattr(data, "get") and hasattr(data.get("file"), "read"):
        upload = data["file"]
        name = name or str(getattr(upload, "name", ""))
        content = upload.read(MAX_FILE_BYTES + 1)
    else:
        return problem(
            400,
            "invalid",
            "ValidationError",
            "send a results file: the request body or a multipart file",
            field="file",
        )
    if not content.strip():
        return problem(
            400, "invalid", "ValidationError", "the file is empty", field="file"
        )
    if len(content) > MAX_FILE_BYTES:
        return problem(
            413,
            "too_large",
            "TooLarge",
            f"a results file is at most {MAX_FILE_BYTES} bytes",
            field="file",
        )
    return content, name


_FORMAT = OpenApiParameter("file_format", str, enum=list(FORMATS))


class ResultsImportApi(APIView):
    """Queue the import of a results file (PBN 2.1, USEBIO 1.2/1.3, JSON).

    The body is the file (any content type) or a multipart ``file``;
    ``?file_format=`` says which, else the ``name`` or the content does. Each
    convention of decision 0129 is a query parameter. 202 with the job: its
    report at the end holds the new tournament and every difference with
    the file's own figures, with its reason (decisions 0128, 0152). A file
    that cannot be read ends the job ``refused``, naming its line or
    element, with nothing recorded.
    """

    permission_classes = [IsStaffOrDirector]
    parser_classes = [MultiPartParser, RawFileParser]

    @extend_schema(
        operation_id="results_files_import",
        request={
            "application/octet-stream": {"type": "string", "format": "binary"},
            "multipart/form-data": {
                "type": "object",
                "properties": {"file": {"type": "string", "format": "binary"}},
            },
        },
        parameters=[
            _FORMAT,
            OpenApiParameter("name", str, description="the file's name"),
            *(
                OpenApiParameter(name, str)
                for name in (*SETTING_NAMES, *METHOD_SETTINGS)
            ),
        ],
        responses={
            202: OpenApiResponse(description="queued: the job and its Location"),
            400: PROBLEM,
            401: PROBLEM,
            403: PROBLEM,
            413: PROBLEM,
            422: PROBLEM,
        },
    )
    def post(self, request: Request) -> Response:
        found = _file(request)
        if isinstance(found, Response):
            return found
        content, name = found
        fmt = request.query_params.get("file_format") or guess_format(name, content)
        if fmt not in FORMATS:
            return problem(
                422,
                "import_refused",
                "ImportRefused",
                f"format {fmt!r} is not one of {', '.join(FORMATS)}",
                field="file_format",
            )
        settings = {
            key: request.query_params[key]
            for key in (*SETTING_NAMES, *METHOD_SETTINGS)
            if request.query_params.get(key)
        }
        try:
            conventions_for(
                None, {k: v for k, v in settings.items() if k not in METHOD_SETTINGS}
            )
            regulation_of({k: v for k, v in settings.items() if k in METHOD_SETTINGS})
        except ValueError as exc:
            return problem(
                422, "import_refused", "ImportRefused", f"import settings: {exc}"
            )
        stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0] if name else ""
        job = queue_import(
            content,
            fmt,
            actor=actor_of(request.user),
            source=stem or "results file",
            settings=settings,
        )
        return accepted(job)


class ExportRequest(serializers.Serializer[dict[str, Any]]):
    format = serializers.ChoiceField(choices=FORMATS)
    session = serializers.IntegerField(required=False, min_value=1, max_value=99)
    names = serializers.BooleanField(required=False, default=True)
    usebio_version = serializers.ChoiceField(
        choices=("1.2", "1.3"), required=False, default="1.2"
    )


class ResultsExportApi(APIView):
    """Queue the export of a session's results (PBN 2.1, USEBIO 1.2 or 1.3,
    JSON).

    ``names: false`` leaves out players' names and federation numbers;
    ``usebio_version: "1.3"`` writes ISO dates and each analysed board's
    double-dummy tricks and par (decision 0183). 202 with the job; the file
    is at its ``file_url`` once it is done.
    """

    permission_classes = [IsStaffOrTournamentDirector]
    parser_classes = [StrictJSONParser]

    @extend_schema(
        operation_id="results_files_export",
        request=ExportRequest,
        responses={
            202: OpenApiResponse(description="queued: the job and its Location"),
            400: PROBLEM,
            401: PROBLEM,
            403: PROBLEM,
            404: PROBLEM,
        },
    )
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(ExportRequest, request.data)
        if not handlers.load_tournament(tournament_id).exists:
            raise NotFound("no such tournament")
        job = queue_export(
            tournament_id,
            data.get("session"),
            data["format"],
            actor=actor_of(request.user),
            names=data["names"],
            usebio_version=data["usebio_version"],
        )
        return accepted(job)


def _job_for(request: Request, job_id: UUID) -> ResultsFileJob:
    """The job, to staff or to whoever asked for it (anyone else: 404)."""
    job = ResultsFileJob.objects.filter(job_id=job_id).first()
    if job is None or not (
        is_federation_staff(request.user) or job.actor == actor_of(request.user)
    ):
        raise NotFound("no such job")
    return job


class ResultsFileJobApi(APIView):
    """A results file job: its progress, then its report (staff, or its owner)."""

    permission_classes = [IsStaffOrDirector]

    @extend_schema(
        operation_id="results_files_job",
        responses={200: dict, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM},
    )
    def get(self, request: Request, job_id: UUID) -> Response:
        return Response(job_json(_job_for(request, job_id)))


class ResultsFileJobFileApi(APIView):
    """The file an export job wrote (409 until it is done)."""

    permission_classes = [IsStaffOrDirector]

    @extend_schema(
        operation_id="results_files_job_file",
        responses={
            (200, "application/octet-stream"): OpenApiResponse(
                OpenApiTypes.STR, "the PBN, USEBIO or JSON file"
            ),
            401: PROBLEM,
            403: PROBLEM,
            404: PROBLEM,
            409: PROBLEM,
        },
    )
    def get(self, request: Request, job_id: UUID) -> HttpResponse | Response:
        job = _job_for(request, job_id)
        if job.kind != ResultsFileJob.Kind.EXPORT:
            raise NotFound("an import job writes no file")
        if job.status != ResultsFileJob.Status.DONE:
            return problem(
                409,
                "not_ready",
                "NotReady",
                f"the export is {job.status}: no file yet",
            )
        response = HttpResponse(
            job.output, content_type=f"{MEDIA[job.fmt]}; charset=utf-8"
        )
        name = f"results-{job.tournament_id}.{SUFFIX[job.fmt]}"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
