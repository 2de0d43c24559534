"""The night's incidents in the burraco scoring room (issue 19; decision
0188): the turn's signal (Art. 6) with its clock, a lateness (Art. 39, the
ladder of a warning, 150 MP, 200 MP, the forfeit), a lost sheet (Art. 19,
7-7) and a sheet found again, a pair at the wrong table (Art. 2), an
absence, a warning, a substitution before halfway, an abandonment (Art. 38)
and the interruption (Art. 40).

One write path: each form becomes the command the API's view builds and
goes to ``burraco.commands.handle_burraco``; a refusal stands beside its
own form with the article it names. The answer is the whole turn page (a
lateness or a lost sheet changes the table's line above).
"""

from __future__ import annotations

from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from burraco import domain as burraco
from burraco.commands import handle_burraco
from console import burraco_forms as forms
from console import burraco_reads as reads
from console.burraco_views import (
    _context,
    _focus,
    _key,
    _metadata,
    _status,
    _tables,
    director_only,
    page_of,
)
from rules.errors import DomainError

__all__ = ["KINDS", "incident", "late_by"]

KINDS = (
    "start",
    "lateness",
    "lost",
    "found",
    "wrongtable",
    "absence",
    "warning",
    "substitution",
    "abandonment",
    "interruption",
)
MAX_REASON = 500


def late_by(raw: str) -> int | None:
    """How late a pair came, typed "3:20" (minutes and seconds) or "7"
    (minutes); blank: timed by the domain from the turn's signal."""
    text = raw.strip().replace(".", ":").replace(",", ":")
    if not text:
        return None
    minutes, sep, seconds = text.partition(":")
    ok = minutes.isascii() and minutes.isdigit() and len(minutes) <= 3
    if sep:
        ok = ok and seconds.isascii() and seconds.isdigit() and len(seconds) == 2
        ok = ok and int(seconds) < 60
    if not ok:
        raise forms.SheetTyped(
            _("Type how late as minutes:seconds (3:20) or minutes (7)")
        )
    return int(minutes) * 60 + (int(seconds) if sep else 0)


def _number(raw: str, message: str) -> int:
    text = raw.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 4 or int(text) < 1:
        raise forms.SheetTyped(message)
    return int(text)


def _seat(raw: str) -> tuple[int, int]:
    """ "table-entry" from the seats' list: the table and the pair (a giallo's
    player) seated there."""
    table, _sep, entry = raw.partition("-")
    if not (forms.digits(table) and forms.digits(entry)) or len(raw) > 10:
        raise forms.SheetTyped(_("Choose the table and the pair"))
    return int(table), int(entry)


def _reason(raw: str) -> str:
    text = raw.strip()
    if not text:
        raise forms.SheetTyped(_("Write the reason: it goes on the record"))
    return text[:MAX_REASON]


def _command(
    kind: str, page: reads.BurracoConsole, turn: int, data: dict[str, str]
) -> tuple[burraco.BurracoCommand, str]:
    """The command a form asks for, and what the page says once it is done;
    ``forms.SheetTyped`` for a form not filled in."""
    if kind == "start":
        return burraco.StartTurn(turn=turn), _("Turn %(turn)d's clock started.") % {
            "turn": turn
        }
    if kind == "lateness":
        table, pair = _seat(data.get("seat", ""))
        seconds = late_by(data.get("late", ""))
        return (
            burraco.RecordLateness(turn=turn, table=table, pair=pair, seconds=seconds),
            _("Lateness recorded."),
        )
    if kind == "lost":
        table = _number(data.get("table", ""), _("Choose the table"))
        return burraco.RecordLostSheet(turn=turn, table=table), _(
            "Sheet lost: 7-7 until it is found."
        )
    if kind == "found":
        table = _number(data.get("table", ""), _("Choose the table"))
        count = page.opened.hands_per_turn
        hands = forms.hands_of(data, "f-", count)
        closed = forms.hands_of(data, "f-c-", count) if page.teams else ()
        if not hands:
            raise forms.SheetTyped(_("Type the hands of the sheet found"))
        return (
            burraco.EnterScoreSheet(
                turn=turn, table=table, hands=hands, closed_hands=closed
            ),
            _("The sheet found replaces the 7-7."),
        )
    if kind == "wrongtable":
        pair = _number(data.get("entry", ""), _("Choose the pair that sat wrongly"))
        other = _number(data.get("other", ""), _("Choose the pair whose place it took"))
        return (
            burraco.RecordWrongTable(turn=turn, pair=pair, other=other),
            _("Wrong table recorded: the two pairs' places exchanged, a warning."),
        )
    if kind == "absence":
        table, pair = _seat(data.get("seat", ""))
        return burraco.RecordAbsence(turn=turn, table=table, pair=pair), _(
            "Absence recorded."
        )
    if kind == "warning":
        entry = _number(data.get("entry", ""), _("Choose the pair"))
        article = _number(data.get("article", ""), _("Type the article's number"))
        return (
            burraco.IssueWarning(
                pair=entry,
                turn=turn,
                article=article,
                reason=_reason(data.get("reason", "")),
            ),
            _("Warning recorded."),
        )
    if kind == "substitution":
        entry = _number(data.get("entry", ""), _("Choose the pair"))
        try:
            out = UUID(data.get("player_out", "").strip())
        except ValueError:
            raise forms.SheetTyped(_("Choose the player who leaves")) from None
        number = data.get("player_in", "").strip()[:20]
        incoming = reads.member_by_number(number) if number else None
        if incoming is None:
            raise forms.SheetTyped(
                _("%(number)s is not a member on the register") % {"number": number}
                if number
                else _("Type the incoming player's federation number")
            )
        return (
            burraco.SubstitutePlayer(pair=entry, player_out=out, player_in=incoming),
            _("Substitution recorded."),
        )
    if kind == "abandonment":
        entry = _number(data.get("entry", ""), _("Choose the pair"))
        return (
            burraco.RecordAbandonment(
                pair=entry, reason=_reason(data.get("reason", ""))
            ),
            _("Abandonment recorded: the pair plays no later turn."),
        )
    if kind == "interruption":
        if data.get("confirm") != "on":
            raise forms.SheetTyped(
                _("Tick the box: an interruption ends the tournament")
            )
        return (
            burraco.InterruptTournament(reason=_reason(data.get("reason", ""))),
            _("Tournament interrupted."),
        )
    raise Http404("no such form")


NAMES: dict[str, str] = {
    "start": "start_turn",
    "lateness": "record_lateness",
    "lost": "record_lost_sheet",
    "found": "enter_score_sheet",
    "wrongtable": "record_wrong_table",
    "absence": "record_absence",
    "warning": "issue_warning",
    "substitution": "substitute_player",
    "abandonment": "record_abandonment",
    "interruption": "interrupt_tournament",
}


def _page(
    request: HttpRequest,
    page: reads.BurracoConsole,
    turn: int,
    status: int,
    **more: object,
) -> HttpResponse:
    tables = _tables(page, turn)
    context = _context(
        page,
        turn=turn,
        tables=tables,
        errors={},
        typed={},
        focus=_focus(tables, {}),
        **more,
    )
    return render(request, "console/burraco/turn.html", context, status=status)


@require_POST
@director_only
def incident(request: HttpRequest, tournament_id: UUID, turn: int) -> HttpResponse:
    """One of the night's forms (``kind``), sent as its command."""
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
            incident_errors={kind: exc.message},
            incident_form=data,
        )
    except DomainError as exc:
        return _page(
            request,
            page,
            turn,
            _status(exc),
            incident_errors={kind: forms.incident_message(kind, exc)},
            incident_form=data,
        )
    return _page(
        request,
        page_of(tournament_id),
        turn,
        201,
        incident_notice={kind: done},
    )
