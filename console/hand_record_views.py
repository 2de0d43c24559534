"""The session's hand records in the console: a dealing machine's file (DUP,
BRI, DLM) or a PBN file uploaded, and the deals downloaded in each format
(decision 0225).

Laws of Duplicate Bridge 2017 (FIGB edition), Law 6F (the deals recorded
for duplication). The upload goes through the API's own path
(``tournaments.hand_record_files``, decision 0085): a file refused records
nothing and its refusal, naming the line or record, the board and the hand,
is shown beside the form. The downloads are the API's files, which the
director's signed-in browser may fetch.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from console import forms
from console.views import _key, _metadata, _status, director_only, new_key
from rules.bridge.deal_files import DealFileFormat
from rules.errors import DomainError
from tournaments import handlers
from tournaments.domain import tournament
from tournaments.hand_record_files import MAX_FILE_BYTES, record_file


def _session(tournament_id: UUID, session: int) -> tournament.SessionState:
    state = handlers.load_tournament(tournament_id)
    found = state.sessions.get(session) if state.exists else None
    if found is None:
        raise Http404("no such session")
    return found


def _context(
    tournament_id: UUID, found: tournament.SessionState, **more: Any
) -> dict[str, Any]:
    api = f"/api/v1/tournaments/{tournament_id}/sessions/{found.number}/"
    return {
        "tournament_id": tournament_id,
        "session": found,
        "boards": sorted(found.hand_records),
        "missing": [b for b in found.board_numbers if b not in found.hand_records],
        "downloads": [
            (f.value.upper(), f"{api}hand-records.{f.value}") for f in DealFileFormat
        ],
        "formats": [f.value for f in DealFileFormat],
        "key": new_key(),
        **more,
    }


@director_only
def hand_records(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponse:
    """GET: the deals recorded and the downloads; POST: record a file's deals."""
    found = _session(tournament_id, session)
    template = "console/hand_records.html"
    if request.method == "GET":
        return render(request, template, _context(tournament_id, found))
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    upload = request.FILES.get("file")
    chosen = request.POST.get("file_format", "")
    first = forms.number(request.POST.get("first_board"), 1, 9999)
    error: str | None = None
    status = 400
    if upload is None:
        error = _("Choose a hand-record file.")
    elif chosen and chosen not in {f.value for f in DealFileFormat}:
        error = _("Choose one of the formats listed.")
    if error is None and upload is not None:
        try:
            recorded = record_file(
                tournament_id,
                found,
                upload.read(MAX_FILE_BYTES + 1),
                name=upload.name,
                file_format=DealFileFormat(chosen) if chosen else None,
                first_board=first,
                metadata=_metadata(request, tournament_id, "set_hand_records"),
                idempotency_key=_key(request),
            )
        except DomainError as exc:
            error, status = forms.message_of(exc), _status(exc)
        else:
            fresh = _session(tournament_id, session)
            if recorded.result is None:
                notice = _("Those deals are already recorded: nothing changed.")
            else:
                notice = ngettext(
                    "%(count)d deal recorded from the %(format)s file.",
                    "%(count)d deals recorded from the %(format)s file.",
                    len(recorded.boards),
                ) % {
                    "count": len(recorded.boards),
                    "format": (
                        recorded.file_format or DealFileFormat.PBN
                    ).value.upper(),
                }
            return render(
                request,
                template,
                _context(tournament_id, fresh, notice=notice),
                status=201 if recorded.result is not None else 200,
            )
    context = _context(
        tournament_id, found, error=error, key=_key(request) or new_key()
    )
    return render(request, template, context, status=status)
