"""The burraco scoring-room console (issue 19; decision 0176): the turns with
each table's state, a turn's score sheets typed from the keyboard and sent
all or nothing, corrections and inversions within the Art. 20 windows, the
next turn generated (Mitchell, Danese, the split into merit groups), the
standings published, and the table positions printed.

One write path: every form becomes the command the API's view builds and
goes to ``burraco.commands`` (a turn's sheets: one command, ``enter_sheets``,
decision 0221). The tournament's directors only, as the bridge console
(``console.views.director_only``'s rule).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from uuid import UUID

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from access.roles import actor_of, is_director
from burraco import commands
from burraco import domain as burraco
from burraco.commands import handle_burraco
from burraco.entries_import import import_entries, nul_line
from console import burraco_forms as forms
from console import burraco_reads as reads
from console.views import new_key
from eventstore.errors import IdempotencyKeyReused
from eventstore.store import Metadata
from rules.errors import DomainError, StateConflict

View = Callable[..., HttpResponse]
MAX_TEXT = 500


def director_only(view: View) -> View:
    """The tournament's directors; a visitor signs in, anyone else is 403."""

    @wraps(view)
    def wrapped(
        request: HttpRequest, tournament_id: UUID, **kwargs: Any
    ) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user, tournament_id):
            raise PermissionDenied("only a director of this tournament")
        return view(request, tournament_id, **kwargs)

    return wrapped


def page_of(tournament_id: UUID) -> reads.BurracoConsole:
    found = reads.burraco_console(tournament_id)
    if found is None:
        raise Http404("no such burraco tournament")
    return found


def _metadata(request: HttpRequest, tournament_id: UUID, command: str) -> Metadata:
    return Metadata(
        actor=actor_of(request.user), tournament_id=tournament_id, command=command
    )


def _key(request: HttpRequest) -> str | None:
    key = request.POST.get("idempotency_key", "").strip()
    return key[:64] or None


def _status(exc: DomainError) -> int:
    return 409 if isinstance(exc, StateConflict) else 422


def _context(page: reads.BurracoConsole, **more: Any) -> dict[str, Any]:
    more.setdefault("recorded", frozenset())
    turn = more.get("turn")
    if isinstance(turn, int):
        more.setdefault("correctable", page.correctable(turn))
        more.setdefault("invertible", page.invertible(turn))
        more.setdefault("declared", page.line_ups(turn))
        more.setdefault(
            "live",
            turn == page.current_turn
            and page.state.final_published_at is None
            and page.state.interrupted is None,
        )
        more.setdefault("seat_choices", page.seat_choices(turn))
        more.setdefault("incident_errors", {})
        more.setdefault("incident_notice", {})
        more.setdefault("incident_form", {})
        more.setdefault("lineup_form", {})
        more.setdefault(
            "matches",
            [
                (f"{t.table}-{team}", t.table, team)
                for t in page.turns.get(turn, ())
                if t.mobile is not None and t.result is None
                for team in (t.fixed.number, t.mobile.number)
            ],
        )
    return {
        "page": page,
        "key": new_key(),
        "columns": list(forms.COLUMN_NAMES.items()),
        "lineup_fields": forms.LINE_UP_FIELDS,
        **more,
    }


def _focus(tables: tuple[reads.TableLine, ...], errors: dict[int, str]) -> int | None:
    """The table whose first field has the keyboard: the first refused, or
    the first still waiting for its sheet."""
    if errors:
        return min(errors)
    waiting = [t.table for t in tables if t.result is None and t.mobile is not None]
    return waiting[0] if waiting else None


@require_GET
@director_only
def console(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    page = page_of(tournament_id)
    return render(request, "console/burraco/console.html", _context(page))


# -- the scoring room's steps ---------------------------------------------------


def _sizes(raw: str) -> tuple[int, ...]:
    """The merit groups' sizes typed as "24 24 2" or "24,24": blank, evenly."""
    words = raw.replace(",", " ").split()
    if not all(forms.digits(w) and len(w) <= 4 for w in words) or len(words) > 26:
        raise forms.SheetTyped(_("Type the groups' sizes in pairs, A first: 24 26"))
    return tuple(int(w) for w in words)


@require_POST
@director_only
def step(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """The next step the scoring room takes, each the API's command: the
    lines (Art. 2), a turn's positions (Mitchell or Danese, the Art. 20
    cut-off), the standings before the split and the split (Art. 20), the
    final standings (Art. 20's check). The answer is the whole console, since
    a step changes the turns shown as well."""
    page = page_of(tournament_id)
    action = request.POST.get("action", "")
    commands: dict[str, tuple[str, Callable[[], burraco.BurracoCommand], str]] = {
        "lines": ("form_lines", lambda: burraco.FormLines(), _("Lines formed.")),
        "positions": (
            "publish_positions",
            lambda: burraco.PublishPositions(turn=page.current_turn + 1),
            _("Turn %(turn)d's positions published.") % {"turn": page.current_turn + 1},
        ),
        "provisional": (
            "publish_provisional",
            lambda: burraco.PublishProvisionalStandings(),
            _("Standings before the split published for their check."),
        ),
        "groups": (
            "split_into_groups",
            lambda: burraco.SplitIntoGroups(
                sizes=_sizes(request.POST.get("sizes", ""))
            ),
            _("Merit groups formed."),
        ),
        "final": (
            "publish_final_standings",
            lambda: burraco.PublishFinalStandings(),
            _("Final standings published for their check."),
        ),
    }
    chosen = commands.get(action)
    if chosen is None:
        raise Http404("no such step")
    name, build, done = chosen
    try:
        handle_burraco(
            tournament_id,
            build(),
            metadata=_metadata(request, tournament_id, name),
            idempotency_key=_key(request),
        )
    except forms.SheetTyped as exc:
        context = _context(page, error=exc.message, sizes=request.POST.get("sizes", ""))
        return render(request, "console/burraco/console.html", context, status=400)
    except DomainError as exc:
        context = _context(
            page, error=forms.message_of(exc), sizes=request.POST.get("sizes", "")
        )
        return render(
            request, "console/burraco/console.html", context, status=_status(exc)
        )
    fresh = page_of(tournament_id)
    return render(
        request,
        "console/burraco/console.html",
        _context(fresh, notice=done),
        status=201,
    )


MAX_FILE = 2 * 1024 * 1024  # a thousand rows are far smaller


@require_POST
@director_only
def entries(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """The pairs from a CSV or XLSX file (columns ``pair``, ``member_1``,
    ``member_2`` by federation number), each member checked against the
    register, all or none: ``burraco.entries_import.import_entries``, the
    function the API's ``entries/import/`` calls."""
    page = page_of(tournament_id)
    upload = request.FILES.get("file")
    if upload is None or upload.size is None or upload.size > MAX_FILE:
        context = _context(page, import_error=_("Choose a CSV or XLSX file."))
        return render(request, "console/burraco/console.html", context, status=400)
    content = upload.read()
    line = nul_line(content)
    if line is not None:
        # A NUL is no part of any name or number (PostgreSQL refuses it):
        # the upload is malformed, refused before anything is read or sent.
        error = _("%(file)s, line %(line)d: a NUL character is no part of any text") % {
            "file": (upload.name or "file")[:100],
            "line": line,
        }
        context = _context(page, import_error=error)
        return render(request, "console/burraco/console.html", context, status=400)
    result, rejected, entered = import_entries(
        tournament_id,
        content,
        metadata=_metadata(request, tournament_id, "import_entries"),
    )
    if rejected or result is None:
        context = _context(
            page,
            import_error=_("Nothing was entered: correct the rows below."),
            rejected=rejected,
        )
        return render(request, "console/burraco/console.html", context, status=422)
    fresh = page_of(tournament_id)
    notice = ngettext(
        "%(count)d pair entered.", "%(count)d pairs entered.", entered
    ) % {"count": entered}
    return render(
        request,
        "console/burraco/console.html",
        _context(fresh, import_notice=notice),
        status=201,
    )


# -- a turn's score sheets --------------------------------------------------------


def _tables(page: reads.BurracoConsole, turn: int) -> tuple[reads.TableLine, ...]:
    tables = page.turns.get(turn)
    if tables is None:
        raise Http404("no such turn")
    return tables


@director_only
def turn_sheets(request: HttpRequest, tournament_id: UUID, turn: int) -> HttpResponse:
    """A turn's sheets in one form: every table without a result is a line
    of hands (base and points of each line; teams: both rooms); blank lines
    are not entered. The typed sheets are one command (``enter_sheets``):
    one refused, none recorded, each refusal beside its line."""
    page = page_of(tournament_id)
    tables = _tables(page, turn)
    template = (
        "console/burraco/_sheets.html"
        if request.htmx  # type: ignore[attr-defined]
        else "console/burraco/turn.html"
    )
    context = _context(
        page, turn=turn, tables=tables, errors={}, typed={}, focus=_focus(tables, {})
    )
    if request.method == "GET":
        return render(request, template, context)
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    sheets: list[burraco.EnterScoreSheet] = []
    errors: dict[int, str] = {}
    count = page.opened.hands_per_turn
    for line in tables:
        if line.result is not None or line.mobile is None:
            continue
        prefix = f"t{line.table}-"
        try:
            hands = forms.hands_of(request.POST, prefix, count)
            closed = (
                forms.hands_of(request.POST, f"{prefix}c-", count) if page.teams else ()
            )
        except forms.SheetTyped as exc:
            errors[line.table] = exc.message
            continue
        if not hands and not closed:
            continue
        sheets.append(
            burraco.EnterScoreSheet(
                turn=turn, table=line.table, hands=hands, closed_hands=closed
            )
        )
    context.update(typed=request.POST, key=_key(request) or new_key())
    if errors:
        context.update(
            errors=errors,
            focus=_focus(tables, errors),
            notice=_("Nothing was recorded: correct the sheets marked."),
        )
        return render(request, template, context, status=422)
    if not sheets:
        context["notice"] = _("No sheet was typed: nothing was recorded.")
        return render(request, template, context, status=400)
    key = _key(request)
    try:
        # One command over every table's stream (decision 0221): each sheet
        # decided by the command path, all recorded or none.
        commands.enter_sheets(
            tournament_id,
            commands.EnterScoreSheets(turn=turn, sheets=tuple(sheets)),
            metadata=_metadata(request, tournament_id, "enter_score_sheets"),
            # The render's key is its other forms' too (a correction, a
            # line-up): the batch's is its own.
            idempotency_key=None if key is None else f"{key}:sheets",
        )
    except DomainError as exc:
        refused = forms.refusals_of(exc)
        context.update(
            errors=refused,
            focus=_focus(tables, refused),
            notice=_("Nothing was recorded: correct the sheets marked.")
            if refused
            else forms.message_of(exc),
        )
        return render(request, template, context, status=_status(exc))
    except IdempotencyKeyReused:
        context.update(
            key=new_key(),
            notice=_("This form was already sent with other values: reload the page"),
        )
        return render(request, template, context, status=409)
    recorded = [s.table for s in sheets]
    fresh = page_of(tournament_id)
    context = _context(
        fresh,
        turn=turn,
        tables=_tables(fresh, turn),
        errors={},
        typed={},
        recorded=frozenset(recorded),
        focus=_focus(_tables(fresh, turn), {}),
        notice=ngettext(
            "%(count)d sheet recorded.", "%(count)d sheets recorded.", len(recorded)
        )
        % {"count": len(recorded)},
    )
    return render(request, template, context, status=201)


@require_POST
@director_only
def turn_fix(request: HttpRequest, tournament_id: UUID, turn: int) -> HttpResponse:
    """A sheet corrected before the next positions (the opponents confirm;
    in a protected turn the director countersigns), or after them the two
    pairs' scores inverted (Art. 20): the command the API's view sends."""
    page = page_of(tournament_id)
    _tables(page, turn)
    data = request.POST
    kind = data.get("kind", "correction")
    context = _context(page, turn=turn, form=data)
    try:
        table_text = data.get("table", "").strip()
        if not forms.digits(table_text) or len(table_text) > 4:
            raise forms.SheetTyped(_("Choose the table"))
        table = int(table_text)
        if kind == "inversion":
            command: burraco.BurracoCommand = burraco.InvertScore(
                turn=turn,
                table=table,
                pairs_confirmed=data.get("pairs_confirmed") == "on",
            )
            name, done = "invert_score", _("Scores inverted.")
        else:
            count = page.opened.hands_per_turn
            command = burraco.CorrectScoreSheet(
                turn=turn,
                table=table,
                hands=forms.hands_of(data, "x-", count),
                closed_hands=forms.hands_of(data, "x-c-", count) if page.teams else (),
                opponents_confirmed=data.get("opponents_confirmed") == "on",
                director_countersigned=data.get("director_countersigned") == "on",
            )
            name, done = "correct_score_sheet", _("Sheet corrected.")
        handle_burraco(
            tournament_id,
            command,
            metadata=_metadata(request, tournament_id, name),
            idempotency_key=_key(request),
        )
    except forms.SheetTyped as exc:
        context.update(error=exc.message, key=_key(request) or new_key())
        return render(request, "console/burraco/_fix.html", context, status=400)
    except DomainError as exc:
        context.update(error=forms.message_of(exc), key=_key(request) or new_key())
        return render(
            request, "console/burraco/_fix.html", context, status=_status(exc)
        )
    fresh = page_of(tournament_id)
    context = _context(fresh, turn=turn, form={}, notice=done)
    return render(request, "console/burraco/_fix.html", context, status=201)


def _player(raw: str) -> UUID:
    try:
        return UUID(raw.strip())
    except ValueError:
        raise forms.SheetTyped(_("Choose the four players")) from None


@require_POST
@director_only
def turn_line_up(request: HttpRequest, tournament_id: UUID, turn: int) -> HttpResponse:
    """Art. 3 (teams): a team's pairs for the open and the closed room, the
    command the API's ``line-up/`` sends (``DeclareLineUp``)."""
    page = page_of(tournament_id)
    _tables(page, turn)
    data = request.POST
    context = _context(page, turn=turn, lineup_form=data)
    try:
        table_text, _sep, team_text = data.get("match", "").partition("-")
        if (
            not (forms.digits(table_text) and forms.digits(team_text))
            or len(table_text + team_text) > 8
        ):
            raise forms.SheetTyped(_("Choose the table and the team"))
        command = burraco.DeclareLineUp(
            turn=turn,
            table=int(table_text),
            team=int(team_text),
            open_room=(
                _player(data.get("open_1", "")),
                _player(data.get("open_2", "")),
            ),
            closed_room=(
                _player(data.get("closed_1", "")),
                _player(data.get("closed_2", "")),
            ),
            drew_lower_card=data.get("drew_lower_card") == "on",
        )
        handle_burraco(
            tournament_id,
            command,
            metadata=_metadata(request, tournament_id, "declare_line_up"),
            idempotency_key=_key(request),
        )
    except forms.SheetTyped as exc:
        context.update(lineup_error=exc.message, key=_key(request) or new_key())
        return render(request, "console/burraco/_line_ups.html", context, status=400)
    except DomainError as exc:
        context.update(
            lineup_error=forms.message_of(exc), key=_key(request) or new_key()
        )
        return render(
            request, "console/burraco/_line_ups.html", context, status=_status(exc)
        )
    fresh = page_of(tournament_id)
    context = _context(
        fresh, turn=turn, lineup_form={}, lineup_notice=_("Line-up recorded.")
    )
    return render(request, "console/burraco/_line_ups.html", context, status=201)


@require_GET
@director_only
def print_positions(
    request: HttpRequest, tournament_id: UUID, turn: int
) -> HttpResponse:
    """A turn's table positions for the room's notice board (A4, print CSS):
    table, merit group, the fixed and the mobile pair with their names."""
    page = page_of(tournament_id)
    tables = _tables(page, turn)
    return render(
        request,
        "console/burraco/print_positions.html",
        {"page": page, "turn": turn, "tables": tables},
    )
