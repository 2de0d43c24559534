"""Table entry on a phone: what a Bridgemate does, in the browser (issue 18).

The table signs in with its code (decision 0142). North enters the
contract, declarer, lead and tricks; East-West confirm (Law 79A). The
board's traveller is shown once the table's result is in (decision 0143).
Each form carries its command's idempotency key until it is answered: a
form sent again after a lost answer is the same command, answered from the
stored events (decision 0085), never a second result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST

from access.throttles import refused_for, table_throttle
from console import entry, forms, reads
from console.views import new_key
from eventstore.store import Metadata
from rules.errors import DomainError, StateConflict
from tournaments import handlers, selectors
from tournaments.domain import board_result

SESSION_KEY = "console_table_code"


def scope_of(request: HttpRequest) -> reads.TableScope | None:
    """The table this device signed in as; None once its code was renewed."""
    code = request.session.get(SESSION_KEY)
    return reads.table_of_code(code) if isinstance(code, str) else None


def sign_in(request: HttpRequest) -> HttpResponse:
    """The table's code: GET the form, POST the code."""
    if request.method == "GET":
        if scope_of(request) is not None:
            return HttpResponseRedirect(reverse("console:table_boards"))
        return render(request, "console/table_login.html", {})
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    # Codes tried by one caller, on the ``table`` rate (decision 0211): a
    # code is eight characters of 31, guessing one is hopeless behind it.
    wait = refused_for(request, table_throttle(request))
    if wait is not None:
        response = render(
            request, "console/table_login.html", {"throttled": True}, status=429
        )
        response["Retry-After"] = str(wait)
        return response
    code = request.POST.get("code", "")[:32]
    if reads.table_of_code(code) is None:
        return render(
            request,
            "console/table_login.html",
            {"wrong": True, "code": code},
            status=400,
        )
    request.session.cycle_key()
    request.session[SESSION_KEY] = (
        code.strip().upper().replace(" ", "").replace("-", "")
    )
    return HttpResponseRedirect(reverse("console:table_boards"))


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    request.session.pop(SESSION_KEY, None)
    return HttpResponseRedirect(reverse("console:table_login"))


@dataclass(frozen=True, slots=True)
class BoardState:
    board_number: int
    round: int
    ns: int
    ew: int
    state: board_result.BoardResultState

    @property
    def status(self) -> str:
        if not self.state.has_result:
            return "to_play"
        return "confirmed" if self.state.confirmed else "entered"


def _signed_in(request: HttpRequest) -> reads.TableScope | HttpResponse:
    scope = scope_of(request)
    if scope is None:
        return HttpResponseRedirect(reverse("console:table_login"))
    return scope


def _boards(scope: reads.TableScope) -> list[BoardState]:
    """The table's boards in the order it plays them, with their state read
    from each board's own stream (never the lagging read model)."""
    state = handlers.load_tournament(scope.tournament_id)
    session = state.sessions.get(scope.session)
    if session is None:
        return []
    out = []
    for a in sorted(session.assignments, key=lambda a: a.round):
        if a.table != scope.table:
            continue
        for board in a.boards:
            stream = board_result.stream_id(
                scope.tournament_id, scope.session, board, scope.table
            )
            out.append(
                BoardState(
                    board, a.round, a.ns, a.ew, handlers.BOARD_RESULTS.load(stream)[1]
                )
            )
    return out


def _context(scope: reads.TableScope, **more: Any) -> dict[str, Any]:
    state = handlers.load_tournament(scope.tournament_id)
    session = state.sessions.get(scope.session)
    return {
        "scope": scope,
        "name": state.created.name if state.created else "",
        "published": session is not None and session.published is not None,
        **more,
    }


@require_GET
def boards(request: HttpRequest) -> HttpResponse:
    scope = _signed_in(request)
    if isinstance(scope, HttpResponse):
        return scope
    listed = _boards(scope)
    following = next((b for b in listed if b.status != "confirmed"), None)
    return render(
        request,
        "console/table_boards.html",
        _context(scope, boards=listed, following=following),
    )


def _board(scope: reads.TableScope, number: int) -> BoardState:
    found = next((b for b in _boards(scope) if b.board_number == number), None)
    if found is None:
        raise Http404("this board is not played at this table")
    return found


def _metadata(scope: reads.TableScope, command: str) -> Metadata:
    return Metadata(
        actor=f"table:{scope.tournament_id}:{scope.session}:{scope.table}",
        tournament_id=scope.tournament_id,
        command=command,
    )


def board(request: HttpRequest, number: int) -> HttpResponse:
    """One board at the table: North's entry, East-West's confirmation, then
    the traveller."""
    scope = _signed_in(request)
    if isinstance(scope, HttpResponse):
        return scope
    found = _board(scope, number)
    if request.method == "GET":
        return _board_page(request, scope, found)
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    key = request.POST.get("idempotency_key", "").strip()[:64] or None
    action = request.POST.get("action", "enter")
    ref = handlers.TableRef(scope.tournament_id, scope.session, number, scope.table)
    try:
        if action == "confirm":
            handlers.handle_board_result(
                ref,
                lambda _a: board_result.ConfirmResult(by="EW"),
                metadata=_metadata(scope, "confirm_result"),
                idempotency_key=key,
            )
        else:
            typed = forms.typed_of(
                request.POST, "", get_language() or "it", blank_ok=False
            )
            assert typed is not None
            handlers.handle_board_result(
                ref,
                lambda a: board_result.EnterResult(
                    tournament_id=scope.tournament_id,
                    session=scope.session,
                    board_number=number,
                    table=scope.table,
                    ns=a.ns,
                    ew=a.ew,
                    contract=typed.contract,
                    lead=typed.lead,
                    tricks=typed.tricks,
                    entered_by="N",
                ),
                metadata=_metadata(scope, "enter_result"),
                idempotency_key=key,
            )
    except entry.EntryError as exc:
        return _board_page(
            request,
            scope,
            found,
            error=forms.message_of(exc),
            field=exc.field,
            key=key,
            status=400,
        )
    except DomainError as exc:
        return _board_page(
            request,
            scope,
            _board(scope, number),
            error=forms.message_of(exc),
            key=key,
            status=409 if isinstance(exc, StateConflict) else 422,
        )
    # Answered: the next page gets a new key (post, redirect, get).
    return HttpResponseRedirect(
        reverse("console:table_board", args=[number]), status=303
    )


def _board_page(
    request: HttpRequest,
    scope: reads.TableScope,
    found: BoardState,
    *,
    error: str = "",
    field: str = "",
    key: str | None = None,
    status: int = 200,
) -> HttpResponse:
    # Decision 0143: the traveller once this table's own result is in.
    traveller = (
        selectors.traveller(scope.tournament_id, scope.session, found.board_number)
        if found.state.has_result
        else []
    )
    listed = _boards(scope)
    after = [b for b in listed if b.status == "to_play"]
    return render(
        request,
        "console/table_board.html",
        _context(
            scope,
            board=found,
            result=found.state,
            traveller=traveller,
            following=after[0] if after else None,
            form=request.POST if error else {},
            error=error,
            field=field,
            key=key or new_key(),
        ),
        status=status,
    )
