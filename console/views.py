"""The director's console for a session (issue 18): the movement with each
table's state, a round's results in one form, rulings, penalties,
publication and corrections.

Views are thin: each reads the form (``console.forms``) and sends the
command to the handler the API's view calls (decision 0085: one write
path). The directors of the tournament only (``IsTournamentDirector``'s
rule); anyone else signed in gets 403, a visitor the sign-in page.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from access.roles import actor_of, is_director
from console import entry, forms, late_requests, penalty_labels, reads
from console.table_codes import issue_codes, renew_codes
from eventstore.store import Metadata
from httpapi.commands import COMMAND_IDS
from rules.errors import DomainError, StateConflict
from tournaments import commands
from tournaments.domain import board_result, tournament
from tournaments.domain.penalties import FIGB_CATALOGUE

View = Callable[..., HttpResponse]
POLL_SECONDS = 10


def director_only(view: View) -> View:
    """The tournament's directors; a visitor is sent to sign in, anyone
    else signed in is refused (403)."""

    @wraps(view)
    def wrapped(
        request: HttpRequest, tournament_id: UUID, session: int, **kwargs: Any
    ) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())  # settings.LOGIN_URL
        if not is_director(request.user, tournament_id):
            raise PermissionDenied("only a director of this tournament")
        return view(request, tournament_id, session, **kwargs)

    return wrapped


def session_of(tournament_id: UUID, session: int) -> reads.SessionView:
    found = reads.session_view(tournament_id, session)
    if found is None:
        raise Http404("no such session")
    return found


def _metadata(request: HttpRequest, tournament_id: UUID, command: str) -> Metadata:
    return Metadata(
        actor=actor_of(request.user), tournament_id=tournament_id, command=command
    )


def _key(request: HttpRequest) -> str | None:
    """The form's idempotency key: kept in the form until it is answered, so
    a form sent twice (a lost answer) is one command."""
    key = request.POST.get("idempotency_key", "").strip()
    return key[:64] or None


def new_key() -> str:
    return uuid.uuid4().hex


def _language() -> str:
    return get_language() or "it"


def _context(page: reads.SessionView, **more: Any) -> dict[str, Any]:
    return {
        "page": page,
        "poll_seconds": POLL_SECONDS,
        "laws": forms.LAWS,
        "adjustments": forms.ADJUSTMENTS,
        "percents": entry.ARTIFICIAL_PERCENTS,
        "outcome_rows": range(forms.OUTCOME_ROWS),
        # Only the rows the event's form may impose (a pairs event's list
        # offers no teams-only row): what ImposePenalty accepts.
        "catalogue": [
            (rule.key, penalty_labels.label(rule)) for rule in page.penalties
        ],
        # The rows that assign a score on the board, for a ruling: the
        # command scores them (decision 0220), as the API's.
        "assigning": [
            (key, penalty_labels.label(FIGB_CATALOGUE[key])) for key in forms.ASSIGNING
        ],
        "key": new_key(),
        **more,
    }


@require_GET
@director_only
def console(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    page = session_of(tournament_id, session)
    # A round's line links here with its board and table for the ruling form.
    prefill = {k: request.GET.get(k, "")[:4] for k in ("board", "table")}
    if request.GET.get("not_played") == "1":
        prefill |= {"not_played": "on", "adjustment": "artificial"}
    return render(request, "console/console.html", _context(page, form=prefill))


@require_GET
@director_only
def movement(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    """The movement's fragment, polled while the session is in play."""
    page = session_of(tournament_id, session)
    return render(request, "console/_movement.html", _context(page))


# -- a round's results ---------------------------------------------------------


def _round_lines(page: reads.SessionView, number: int) -> tuple[reads.TableView, ...]:
    tables = page.rounds.get(number)
    if tables is None:
        raise Http404("no such round")
    return tables


@director_only
def round_entry(
    request: HttpRequest, tournament_id: UUID, session: int, number: int
) -> HttpResponse:
    """A round's results in one form, sent as one batch (decision 0130): all
    recorded or none, each refused line's reason beside it."""
    page = session_of(tournament_id, session)
    tables = _round_lines(page, number)
    template = "console/_round.html" if request.htmx else "console/round.html"  # type: ignore[attr-defined]
    context = _context(page, round=number, tables=tables, errors={}, typed={})
    if request.method == "GET":
        return render(request, template, context)
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    lines: list[commands.ResultLine] = []
    at: list[tuple[int, int]] = []
    errors: dict[str, str] = {}
    for table in tables:
        for line in table.lines:
            if line.entered:
                continue
            prefix = f"r{line.table}-{line.board_number}-"
            try:
                typed = forms.typed_of(request.POST, prefix, _language())
            except entry.EntryError as exc:
                errors[prefix] = forms.message_of(exc)
                continue
            if typed is None:
                continue
            lines.append(
                commands.ResultLine(
                    line.board_number,
                    line.table,
                    typed.contract,
                    typed.lead,
                    typed.tricks,
                )
            )
            at.append((line.table, line.board_number))
    context.update(typed=request.POST, key=_key(request) or new_key())
    if errors:
        context["errors"] = errors
        context["notice"] = _("Nothing was recorded: correct the lines marked.")
        return render(request, template, context, status=400)
    if not lines:
        context["notice"] = _("No result was typed: nothing was recorded.")
        return render(request, template, context, status=400)
    try:
        entered = commands.enter_results(
            tournament_id,
            session,
            lines,
            metadata=_metadata(request, tournament_id, "enter_results"),
            idempotency_key=_key(request),
        )
    except commands.LinesRefused as exc:
        for refusal in exc.errors:
            table_number, board = at[int(str(refusal["index"]))]
            errors[f"r{table_number}-{board}-"] = forms.message_of(refusal)
        context["errors"] = errors
        context["notice"] = _("Nothing was recorded: correct the lines marked.")
        return render(request, template, context, status=422)
    except DomainError as exc:
        context["notice"] = forms.message_of(exc)
        return render(request, template, context, status=_status(exc))
    recorded = {(line.table, line.board_number) for line in entered.lines}
    context.update(
        typed={},
        key=new_key(),
        recorded=recorded,
        submitted=request.POST,
        notice=_("%(count)d results recorded.") % {"count": len(entered.lines)},
    )
    return render(request, template, context, status=201)


def _status(exc: DomainError) -> int:
    """The status the API answers the refusal with (409 or 422)."""
    return 409 if isinstance(exc, StateConflict) else 422


# -- rulings, penalties, publication, corrections ------------------------------


def _answer(
    request: HttpRequest,
    page: reads.SessionView,
    part: str,
    run: Callable[[], object],
    done: str,
) -> HttpResponse:
    """Run a command and answer the part of the console it came from: 201
    with a fresh form, or the refusal beside the form (nothing recorded)."""
    context = _context(
        page, form=request.POST, part=part, checked_laws=request.POST.getlist("laws")
    )
    try:
        run()
    except entry.EntryError as exc:
        context.update(error=forms.message_of(exc), key=_key(request) or new_key())
        return render(request, f"console/_{part}.html", context, status=400)
    except DomainError as exc:
        context.update(error=forms.message_of(exc), key=_key(request) or new_key())
        return render(request, f"console/_{part}.html", context, status=_status(exc))
    fresh = session_of(page.tournament_id, page.number)
    context = _context(fresh, part=part, form={}, notice=done)
    return render(request, f"console/_{part}.html", context, status=201)


def _command_id(request: HttpRequest, actor: str) -> UUID:
    """The id a creating command gives its new thing, derived from the form's
    key as the API derives it from ``Idempotency-Key``."""
    key = commands.client_key(actor, _key(request))
    return uuid.uuid4() if key is None else uuid.uuid5(COMMAND_IDS, key)


@require_POST
@director_only
def ruling(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    """A ruling (Laws 81-85) with the Laws picked from the list and the
    adjusted score the form builds (Law 12), through ``commands.give_ruling``."""
    page = session_of(tournament_id, session)
    data = request.POST

    def run() -> object:
        laws = [law for law in data.getlist("laws") if law in forms.LAW_KEYS][:20]
        if not laws:
            raise entry.EntryError("laws", "no Law")
        facts = data.get("facts", "").strip()[: forms.MAX_TEXT]
        decision = data.get("decision", "").strip()[: forms.MAX_TEXT]
        if not facts or not decision:
            raise entry.EntryError("text", "facts and decision")
        board: int | None = None
        table: int | None = None
        if data.get("board") or data.get("table"):
            board, table = forms.board_and_table(data)
        not_played = data.get("not_played") == "on"
        if data.get("adjustment", "none") != "none" or not_played:
            board, table = forms.board_and_table(data)
        adjusted = forms.adjusted_of(data, _language())
        meta = _metadata(request, tournament_id, "give_ruling")
        # One command (decision 0220): the board not played, the ruling and
        # its adjusted score, scored on the table's copy (Law 2), stored
        # together or refused with nothing written.
        return commands.give_ruling(
            tournament_id,
            tournament.GiveRuling(
                ruling_id=_command_id(request, meta.actor),
                session=session,
                board_number=board,
                table=table,
                laws=tuple(laws),
                facts=facts,
                decision=decision,
                director=meta.actor,
                catalogue=adjusted.catalogue,
                offender=adjusted.offender,
                adjusted_score=adjusted.text,
                outcomes=adjusted.outcomes,
                not_played=not_played,
            ),
            metadata=meta,
            idempotency_key=_key(request),
        )

    return _answer(request, page, "ruling", run, _("Ruling recorded."))


@require_POST
@director_only
def penalty(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    """A penalty from the FIGB catalogue (Laws 90-91): its amount the event's."""
    page = session_of(tournament_id, session)
    data = request.POST

    def run() -> object:
        rule = FIGB_CATALOGUE.get(data.get("catalogue", ""))
        number = forms.number(data.get("entry"), 1, 9999)
        if rule is None or number is None:
            raise entry.EntryError("board", "entry and penalty")
        return commands.handle_tournament(
            tournament_id,
            tournament.ImposePenalty(
                session=session,
                entry_number=number,
                catalogue=rule.key,
                law=rule.law,
                reason=data.get("reason", "").strip()[: forms.MAX_TEXT],
            ),
            metadata=_metadata(request, tournament_id, "impose_penalty"),
            idempotency_key=_key(request),
        )

    return _answer(request, page, "penalty", run, _("Penalty recorded."))


@require_POST
@director_only
def publication(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponse:
    """Publish the official scores: Law 79C's and Law 92B's periods start."""
    page = session_of(tournament_id, session)

    def run() -> object:
        return commands.handle_tournament(
            tournament_id,
            tournament.PublishScores(session=session),
            metadata=_metadata(request, tournament_id, "publish_scores"),
            idempotency_key=_key(request),
        )

    return _answer(request, page, "publication", run, _("Scores published."))


@require_POST
@director_only
def correction(request: HttpRequest, tournament_id: UUID, session: int) -> HttpResponse:
    """A score correction (Law 79C), within its window."""
    page = session_of(tournament_id, session)
    data = request.POST

    def run() -> object:
        board, table = forms.board_and_table(data)
        typed = forms.typed_of(data, "", _language(), blank_ok=False)
        assert typed is not None
        reason = data.get("reason", "").strip()[: forms.MAX_TEXT]
        if not reason:
            raise entry.EntryError("reason", "no reason")
        inadmissible = data.get("inadmissible") == "on"
        meta = _metadata(request, tournament_id, "correct_result")
        try:
            return commands.handle_board_result(
                commands.TableRef(tournament_id, session, board, table),
                lambda _a: board_result.CorrectResult(
                    contract=typed.contract,
                    lead=typed.lead,
                    tricks=typed.tricks,
                    reason=reason,
                    inadmissible=inadmissible,
                ),
                metadata=meta,
                idempotency_key=_key(request),
            )
        except board_result.CorrectionPeriodClosed as exc:
            late_requests.request_late_correction(
                late_requests.LateRequest(
                    tournament_id, session, board, table, typed.text, reason
                ),
                meta.actor,
            )
            if isinstance(exc, board_result.OnlyInadmissibleCorrections):
                # FIGB N-L79: an inadmissible result is still corrected (the
                # box); any other waits for the organizer (Law 79C2).
                raise forms.OnlyInadmissibleSentToOrganizer(
                    "only an inadmissible result is corrected now: the correction "
                    "waits for the organizer's approval",
                    law=exc.law,
                ) from exc
            raise forms.SentToOrganizer(
                "the correction period has ended: the correction waits for the "
                "organizer's approval",
                law=exc.law,
            ) from exc

    return _answer(request, page, "correction", run, _("Correction recorded."))


@require_POST
@director_only
def table_codes(
    request: HttpRequest, tournament_id: UUID, session: int
) -> HttpResponse:
    """The session's table codes, issued by this explicit POST (decision 0160,
    never on a GET): ``action=issue`` gives a code to every table without one
    (sent twice, the same codes); ``action=renew`` replaces them all, and the
    old ones sign no device in any more (a card lost, a code seen)."""
    page = session_of(tournament_id, session)
    if request.POST.get("action") == "renew":
        renew_codes(tournament_id, session, page.tables)
        notice = _("New table codes issued.")
    else:
        issue_codes(tournament_id, session, page.tables)
        notice = _("Table codes issued.")
    fresh = session_of(tournament_id, session)
    return render(
        request,
        "console/_movement.html",
        _context(fresh, notice=notice),
        status=201,
    )
