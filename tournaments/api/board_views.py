"""Boards API: hand records (PBN, DUP, BRI, DLM in and out, or dealt by
computer) and double dummy.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 2 (dealer and
vulnerability by board number), Law 6E4 (computer dealing), Law 6F
(duplication). A director records and sees a session's deals at any time;
everyone else once the session's official scores are published (decision
0050). Double-dummy figures are computed by a Celery task and shown with the
hand records, as information, never as a ruling (decision 0052). The
dealing machines' files (DUP, BRI, DLM) are read and written as PBN is
(decision 0225).
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from django.http import HttpResponse, QueryDict
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.parsers import (
    BaseParser,
    FormParser,
    MultiPartParser,
)
from rest_framework.permissions import BasePermission
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsTournamentDirector, metadata_for
from httpapi.commands import COMMAND_RESPONSES, created, expected, idem
from httpapi.inputs import StrictJSONParser, validated
from httpapi.schema import PROBLEM
from rules.bridge import Deal, dealer_for, random_deal, vulnerability_for
from rules.bridge.deal_files import DealFileFormat
from rules.errors import StateConflict
from tournaments import handlers
from tournaments.adapters.hand_records import (
    MEDIA_TYPE,
    read_hand_records,
    write_deal_file,
)
from tournaments.analysis import queue_analysis
from tournaments.api.common import MAX_BOARD
from tournaments.api.visibility import SessionResultsVisible
from tournaments.domain import tournament
from tournaments.hand_record_files import (
    MAX_FILE_BYTES,
    record_file,
    record_hand_records,
)
from tournaments.models import DoubleDummyJob, DoubleDummyRow

# Rows and columns of DoubleDummyRow.tricks (endplay's to_list order).
DENOMINATIONS = ("S", "H", "D", "C", "NT")
SEATS = ("N", "E", "S", "W")


class NoHandRecords(StateConflict):
    code = "no_hand_records"


class PbnTextParser(BaseParser):
    """A hand-record file sent as the request body, kept as its bytes: PBN
    (``application/x-pbn``, ``text/plain``) or a dealing machine's DUP, BRI
    or DLM (``application/octet-stream``); the format is read from it."""

    media_type = MEDIA_TYPE

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Any = None,
    ) -> Any:
        # The bytes themselves (DRF hands on whatever a parser returns as
        # `request.data`; the stubs expect a mapping).
        return stream.read() if stream is not None else b""


class PlainTextParser(PbnTextParser):
    media_type = "text/plain"


class OctetStreamParser(PbnTextParser):
    media_type = "application/octet-stream"


class FileRenderer(BaseRenderer):
    """Lets clients ask for a hand-record file's type; errors still go out
    as JSON."""

    media_type = MEDIA_TYPE
    format = "pbn"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Any = None,
    ) -> bytes:
        return (data if isinstance(data, str) else json.dumps(data)).encode()


class OctetStreamRenderer(FileRenderer):
    media_type = "application/octet-stream"
    format = "bin"
    charset = None  # type: ignore[assignment]


class TextRenderer(FileRenderer):
    media_type = "text/plain"
    format = "txt"


FORMATS = ", ".join(f.value for f in DealFileFormat)


def _file_format(value: object) -> DealFileFormat | None:
    """The format a client names (``file_format``), or None to detect it."""
    if value in (None, ""):
        return None
    try:
        return DealFileFormat(str(value).lower())
    except ValueError:
        raise serializers.ValidationError(
            {"file_format": f"{str(value)[:20]!r} is not one of {FORMATS}"}
        ) from None


def _first_board(value: object) -> int | None:
    """The board a BRI file's first record is (``first_board``), if named."""
    if value in (None, ""):
        return None
    text = str(value)
    if not text.isdigit() or not 1 <= int(text) <= MAX_BOARD:
        raise serializers.ValidationError(
            {"first_board": f"{text[:20]!r} is not a board number (1 to {MAX_BOARD})"}
        )
    return int(text)


def _session_or_404(
    state: tournament.TournamentState, session: int
) -> tournament.SessionState:
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    found = state.sessions.get(session)
    if found is None:
        raise tournament.SessionNotFound(f"session {session} is not scheduled")
    return found


def _board_json(
    number: int, deal: str, analysis: DoubleDummyRow | None
) -> dict[str, Any]:
    hands = Deal.from_pbn(deal).to_pbn().removeprefix("N:").split()
    return {
        "board_number": number,
        "dealer": dealer_for(number).value,
        "vulnerability": vulnerability_for(number).value,
        "deal": deal,
        "hands": dict(zip(SEATS, hands, strict=True)),
        "double_dummy": None if analysis is None else _analysis_json(analysis),
    }


def _analysis_json(row: DoubleDummyRow) -> dict[str, Any]:
    return {
        "tricks": {
            denomination: dict(zip(SEATS, row.tricks[index], strict=True))
            for index, denomination in enumerate(DENOMINATIONS)
        },
        "par_score": row.par_score,
        "par_contracts": row.par_contracts,
    }


def _analyses(
    tournament_id: UUID, session: int, deals: dict[int, str]
) -> dict[int, DoubleDummyRow]:
    """Return the analyses of the deals as now recorded (a replaced deal has none)."""
    rows = DoubleDummyRow.objects.filter(tournament_id=tournament_id, session=session)
    return {r.board_number: r for r in rows if deals.get(r.board_number) == r.deal}


def _job_json(tournament_id: UUID, session: int) -> dict[str, Any] | None:
    job = DoubleDummyJob.objects.filter(
        tournament_id=tournament_id, session=session
    ).first()
    if job is None:
        return None
    return {
        "status": job.status,
        "done": job.done,
        "total": job.total,
        "error": job.error,
        "updated_at": job.updated_at,
    }


class _HandRecordsApi(APIView):
    """Read by whoever may see the session's hand records; changed by a director."""

    tournament_state: tournament.TournamentState  # set by SessionResultsVisible

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [SessionResultsVisible()]
        return [IsTournamentDirector()]

    def recorded(
        self, tournament_id: UUID, session: int
    ) -> tuple[tournament.SessionState, dict[int, str], dict[int, DoubleDummyRow]]:
        """The session, its deals and their analyses as now recorded."""
        found = _session_or_404(self.tournament_state, session)
        deals = dict(found.hand_records)
        return found, deals, _analyses(tournament_id, session, deals)


class HandRecordListApi(_HandRecordsApi):
    """``GET``: a session's deals with their double-dummy figures.

    ``POST`` (director): record deals from a hand-record file, PBN or a
    dealing machine's DUP, BRI or DLM (the body as ``application/x-pbn``,
    ``text/plain`` or ``application/octet-stream``, a multipart ``file``, or
    JSON ``{"pbn": "..."}``), its format read from the file's name and
    content unless ``file_format`` names it; a BRI file's first record is
    board ``first_board`` (default: the session's first board). Or deal at
    random with a cryptographically secure generator (JSON
    ``{"generate": true}``: every board still without a deal, or the listed
    ``boards``). Analysis is queued once the deals are recorded.
    """

    parser_classes = [
        StrictJSONParser,
        PbnTextParser,
        PlainTextParser,
        OctetStreamParser,
        MultiPartParser,
        FormParser,
    ]

    class HandRecordInputSerializer(serializers.Serializer):
        pbn = serializers.CharField(required=False, trim_whitespace=False)
        generate = serializers.BooleanField(default=False)
        boards = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_BOARD),
            required=False,
        )

    @extend_schema(responses={200: dict, 401: PROBLEM, 403: PROBLEM, 409: PROBLEM})
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        found, deals, analyses = self.recorded(tournament_id, session)
        return Response(
            {
                "session": session,
                "public": tournament.hand_records_public(found),
                "boards": [
                    _board_json(n, deals[n], analyses.get(n)) for n in sorted(deals)
                ],
                "analysis": _job_json(tournament_id, session),
            }
        )

    @extend_schema(
        request={
            "application/json": HandRecordInputSerializer,
            "multipart/form-data": inline_serializer(
                "HandRecordFile",
                {
                    "file": serializers.FileField(),
                    "file_format": serializers.ChoiceField(
                        choices=[f.value for f in DealFileFormat], required=False
                    ),
                    "first_board": serializers.IntegerField(
                        min_value=1, max_value=MAX_BOARD, required=False
                    ),
                },
            ),
            MEDIA_TYPE: OpenApiTypes.STR,
            "text/plain": OpenApiTypes.STR,
            "application/octet-stream": OpenApiTypes.BINARY,
        },
        parameters=[
            OpenApiParameter(
                "file_format",
                str,
                enum=[f.value for f in DealFileFormat],
                description="the file's format; read from the file if absent",
            ),
            OpenApiParameter(
                "first_board",
                int,
                description="the board of a BRI file's first record",
            ),
        ],
        responses=COMMAND_RESPONSES,
    )
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        found = _session_or_404(handlers.load_tournament(tournament_id), session)
        metadata = metadata_for(request, tournament_id, "set_hand_records")
        upload: tuple[bytes, str | None] | None = None
        if isinstance(request.data, bytes):
            upload = (request.data, None)
        elif "file" in request.FILES:
            file = request.FILES["file"]
            upload = (file.read(MAX_FILE_BYTES + 1), file.name)
        if upload is not None:
            fields: dict[str, object] = {**request.query_params.dict()}
            form = request.data
            if isinstance(form, QueryDict):  # a multipart form's own fields
                fields |= {
                    k: form[k] for k in ("file_format", "first_board") if k in form
                }
            recorded = record_file(
                tournament_id,
                found,
                upload[0],
                name=upload[1],
                file_format=_file_format(fields.get("file_format")),
                first_board=_first_board(fields.get("first_board")),
                metadata=metadata,
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        else:
            data = validated(self.HandRecordInputSerializer, request.data)
            if "pbn" in data:
                records = read_hand_records(data["pbn"])
                source = tournament.HandSource.IMPORTED
            elif data["generate"]:
                records = _deal_at_random(found, data.get("boards"))
                source = tournament.HandSource.DEALT
            else:
                raise serializers.ValidationError(
                    {"detail": "send a hand-record file, or generate: true"}
                )
            recorded = record_hand_records(
                tournament_id,
                session,
                records,
                source,
                metadata=metadata,
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        if not recorded.boards:
            return created(None)  # every board already has its deal
        response = created(recorded.result)
        response.data["boards"] = list(recorded.boards)
        response.data["analysis_queued"] = recorded.queued
        if recorded.file_format is not None:
            response.data["file_format"] = recorded.file_format.value
        return response


def _deal_at_random(
    session: tournament.SessionState, boards: list[int] | None
) -> tuple[tournament.HandRecord, ...]:
    """Deal each board with the system's secure generator (Law 6E4).

    Without a list, only the boards that have no deal yet are dealt, so a
    repeated request never re-deals a board already in play.
    """
    if boards is None:
        boards = [b for b in session.board_numbers if b not in session.hand_records]
    return tuple(
        tournament.HandRecord(board_number=b, deal=random_deal().to_pbn())
        for b in sorted(set(boards))
    )


class HandRecordsFileApi(APIView):
    """``GET``: the session's deals as a file for dealing machines (Law 6F):
    ``hand-records.pbn``, ``.dup``, ``.bri`` or ``.dlm``.

    A machine file numbers its boards by position (DUP, BRI) or by two digits
    (DLM): a board without a deal between the first and the last, or a board
    beyond what the format numbers, is a 409 ``deals_not_writable``.
    """

    tournament_state: tournament.TournamentState  # set by SessionResultsVisible
    permission_classes = [SessionResultsVisible]
    renderer_classes = [JSONRenderer, FileRenderer, OctetStreamRenderer, TextRenderer]

    @extend_schema(
        responses={
            (200, MEDIA_TYPE): OpenApiResponse(OpenApiTypes.STR, "PBN 2.1 file"),
            (200, "application/octet-stream"): OpenApiResponse(
                OpenApiTypes.BINARY, "DUP or BRI file"
            ),
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, "DLM file"),
            400: PROBLEM,
            401: PROBLEM,
            403: PROBLEM,
            409: PROBLEM,
        }
    )
    def get(
        self, request: Request, tournament_id: UUID, session: int, file_format: str
    ) -> HttpResponse:
        chosen = _file_format(file_format)
        assert chosen is not None  # the route always names one
        state = self.tournament_state
        found = _session_or_404(state, session)
        if not found.hand_records:
            raise NoHandRecords(f"session {session} has no hand records")
        content = write_deal_file(
            chosen,
            found.hand_records,
            event=f"{state.created.name if state.created else ''}, session {session}",
            played_on=timezone.localdate(found.starts_at),
        )
        media_type = chosen.media_type
        if chosen is DealFileFormat.PBN:
            media_type += "; charset=utf-8"
        elif chosen is DealFileFormat.DLM:
            media_type += "; charset=windows-1252"
        response = HttpResponse(content, content_type=media_type)
        response["Content-Disposition"] = (
            f'attachment; filename="hand-records-session-{session}.{chosen.value}"'
        )
        return response


class DoubleDummyApi(_HandRecordsApi):
    """``GET``: analysis progress and the figures computed so far.

    ``POST`` (director): queue the analysis again, e.g. after a broker outage;
    boards already analysed are skipped.
    """

    @extend_schema(responses={200: dict, 401: PROBLEM, 403: PROBLEM, 409: PROBLEM})
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        _found, _deals, analyses = self.recorded(tournament_id, session)
        return Response(
            {
                "session": session,
                "analysis": _job_json(tournament_id, session),
                "boards": [
                    {"board_number": n, **_analysis_json(analyses[n])}
                    for n in sorted(analyses)
                ],
            }
        )

    @extend_schema(
        request=None,
        responses={202: dict, 401: PROBLEM, 403: PROBLEM, 409: PROBLEM},
    )
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        found = _session_or_404(handlers.load_tournament(tournament_id), session)
        if not found.hand_records:
            raise NoHandRecords(f"session {session} has no hand records")
        queued = queue_analysis(tournament_id, session)
        return Response(
            {"queued": queued, "analysis": _job_json(tournament_id, session)},
            status=status.HTTP_202_ACCEPTED,
        )
