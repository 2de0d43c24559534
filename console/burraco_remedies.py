"""The director's remedies in the burraco scoring room, and his reports to
the Sports Justice bodies (Codice di Gara Arts. 20, 38; I poteri
dell'arbitro b; decision 0217): a sheet altered without the director in a
protected turn annulled 7-7, a pair leaving after a quarrel, a table
suspended for both pairs' misconduct, both pairs abandoning, a report; the
reports listed and printable.

One write path: each form becomes the command the API's view builds and
goes to ``burraco.commands.handle_burraco``; a refusal stands beside its
own form with the article it names. The answer is the whole turn page.
"""

from __future__ import annotations

from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from burraco import domain as burraco
from burraco.commands import handle_burraco
from console import burraco_forms as forms
from console import burraco_reads as reads
from console.burraco_incidents import _page
from console.burraco_views import (
    _key,
    _metadata,
    _status,
    _tables,
    director_only,
    page_of,
)
from rules.errors import DomainError

__all__ = ["KINDS", "print_reports", "remedy"]

KINDS = ("annulment", "quarrel", "misconduct", "bothgone", "report")
NAMES: dict[str, str] = {
    "annulment": "annul_altered_sheet",
    "quarrel": "record_quarrel",
    "misconduct": "suspend_for_misconduct",
    "bothgone": "record_both_abandoned",
    "report": "report_to_sports_justice",
}

# A refusal said for the form it answers, by (form, code); the first that fits.
REMEDY_MESSAGES: tuple[tuple[str, str, object], ...] = (
    (
        "annulment",
        "remedy_not_allowed",
        gettext_lazy(
            "An annulment is for a protected turn (the single group's last, "
            "the merit groups'), and entry to a higher group only at the split"
        ),
    ),
    (
        "annulment",
        "sheet_already_entered",
        gettext_lazy("This table's turn is awarded already: it has no sheet"),
    ),
    (
        "quarrel",
        "remedy_not_allowed",
        gettext_lazy("This pair does not play at this table in this turn"),
    ),
    (
        "quarrel",
        "sheet_already_entered",
        gettext_lazy("This table's turn has its result: the match was played"),
    ),
    (
        "misconduct",
        "sheet_already_entered",
        gettext_lazy("This table's turn has its result: the match was played"),
    ),
    (
        "bothgone",
        "sheet_already_entered",
        gettext_lazy("This table's turn has its result: the match was played"),
    ),
    (
        "report",
        "invalid_lines",
        gettext_lazy("No such pair in the movement"),
    ),
)


def remedy_message(kind: str, error: DomainError) -> str:
    """A refusal of one of the remedies' forms, with the article it names."""
    if error.code == "report_required":
        text = _("Write the report: what happened, for the Sports Justice bodies")
        return f"{text} ({error.law})" if error.law is not None else text
    for form, code, said in REMEDY_MESSAGES:
        if form == kind and code == error.code:
            text = str(said)
            return f"{text} ({error.law})" if error.law is not None else text
    return forms.incident_message(kind, error)


def _table(raw: str) -> int:
    if not forms.digits(raw.strip()) or len(raw.strip()) > 4:
        raise forms.SheetTyped(_("Choose the table"))
    return int(raw.strip())


def _report(raw: str, *, required: bool) -> str:
    text = raw.strip()
    if required and not text:
        raise forms.SheetTyped(
            _("Write the report: what happened, for the Sports Justice bodies")
        )
    return text[: burraco.MAX_REPORT]


def _command(
    kind: str, page: reads.BurracoConsole, turn: int, data: dict[str, str]
) -> tuple[burraco.BurracoCommand, str]:
    """The command a form asks for, and what the page says once it is done;
    ``forms.SheetTyped`` for a form not filled in."""
    if kind == "annulment":
        advantage = data.get("advantage", "")
        if advantage not in burraco.ADVANTAGES:
            raise forms.SheetTyped(_("Choose the advantage the change would bring"))
        return (
            burraco.AnnulAlteredSheet(
                turn=turn,
                table=_table(data.get("table", "")),
                advantage=advantage,
                report=_report(data.get("report", ""), required=True),
            ),
            _("Result annulled: 7-7; the report is recorded."),
        )
    if kind == "quarrel":
        seat = data.get("seat", "")
        table, _sep, entry = seat.partition("-")
        if not (forms.digits(table) and forms.digits(entry)) or len(seat) > 10:
            raise forms.SheetTyped(_("Choose the table and the guilty pair"))
        count = page.opened.hands_per_turn
        hands = forms.hands_of(data, "q-", count)
        closed = forms.hands_of(data, "q-c-", count) if page.teams else ()
        return (
            burraco.RecordQuarrel(
                turn=turn,
                table=int(table),
                guilty=int(entry),
                report=_report(data.get("report", ""), required=True),
                hands=hands,
                closed_hands=closed,
            ),
            _("Quarrel recorded: the guilty pair loses 0 and is out; reported."),
        )
    if kind == "misconduct":
        return (
            burraco.SuspendForMisconduct(
                turn=turn,
                table=_table(data.get("table", "")),
                report=_report(data.get("report", ""), required=False),
            ),
            _("Table suspended: 7 VP each with the equivalent MP."),
        )
    if kind == "bothgone":
        return (
            burraco.RecordBothAbandoned(
                turn=turn,
                table=_table(data.get("table", "")),
                report=_report(data.get("report", ""), required=False),
            ),
            _("Both pairs abandoned: 0 each; neither plays a later turn."),
        )
    if kind == "report":
        raw = data.get("entry", "").strip()
        pairs = (int(raw),) if forms.digits(raw) and len(raw) <= 4 else ()
        return (
            burraco.ReportToSportsJustice(
                turn=turn,
                text=_report(data.get("text", ""), required=True),
                pairs=pairs,
            ),
            _("Report to the Sports Justice bodies recorded."),
        )
    raise Http404("no such form")


@require_POST
@director_only
def remedy(request: HttpRequest, tournament_id: UUID, turn: int) -> HttpResponse:
    """One of the remedies' forms (``kind``), sent as its command."""
    page = page_of(tournament_id)
    _tables(page, turn)
    kind = request.POST.get("kind", "")
    if kind not in KINDS:
        raise Http404("no such form")
    data = {k: request.POST.get(k, "") for k in request.POST}
    try:
        command, done = _command(kind, page, turn, data)
        handle_burraco(
            tournament_id,
            command,
            metadata=_metadata(request, tournament_id, NAMES[kind]),
            idempotency_key=_key(request),
        )
    except forms.SheetTyped as exc:
        return _page(
            request,
            page,
            turn,
            400,
            remedy_errors={kind: exc.message},
            remedy_form=data,
        )
    except DomainError as exc:
        return _page(
            request,
            page,
            turn,
            _status(exc),
            remedy_errors={kind: remedy_message(kind, exc)},
            remedy_form=data,
        )
    return _page(request, page_of(tournament_id), turn, 201, remedy_notice={kind: done})


@require_GET
@director_only
def print_reports(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """The tournament's reports to the Sports Justice bodies, to print and
    send: number, article, turn, table, entries and the director's words."""
    page = page_of(tournament_id)
    return render(
        request,
        "console/burraco/print_reports.html",
        {"page": page, "reports": page.state.reports},
    )
