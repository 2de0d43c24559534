"""Table entry on a phone: what a Bridgemate does, in the browser (issue 18).

The table signs in with its code (decision 0142). North enters the
contract, declarer, lead and tricks; East-West confirm (Law 79A). The
board's traveller is shown once the table's result is in (decision 0143).
Each form carries its command's idempotency key until it is answered: a
form sent again after a lost answer is the same command, answered from the
stored events (decision 0085), never a second result.
"""

from __future__ import annotations

from typing import Any

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseRedirect,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_POST

from access.throttles import refused_for, table_throttle
from console import entry, forms, reads
from console.views import new_key
from eventstore.store import Metadata
from rules.errors import DomainError, StateConflict
from tournaments import commands, table_selectors
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


def _signed_in(request: HttpRequest) -> reads.TableScope | HttpResponse:
    scope = scope_of(request)
    if scope is None:
        return HttpResponseRedirect(reverse("console:table_login"))
    return scope


def _page(
    scope: reads.TableScope, board: int | None = None
) -> table_selectors.TablePage:
    """The table's session as the results read model has it (two queries);
    a session the projection has not applied yet shows no board."""
    found = table_selectors.table_page(
        scope.tournament_id, scope.session, scope.table, board
    )
    return found or table_selectors.TablePage("", False, ())


def _context(
    scope: reads.TableScope, page: table_selectors.TablePage, **more: Any
) -> dict[str, Any]:
    return {"scope": scope, "name": page.name, "published": page.published, **more}


@require_GET
def boards(request: HttpRequest) -> HttpResponse:
    scope = _signed_in(request)
    if isinstance(scope, HttpResponse):
        return scope
    page = _page(scope)
    following = next((b for b in page.boards if b.status != "confirmed"), None)
    return render(
        request,
        "console/table_boards.html",
        _context(scope, page, boards=page.boards, following=following),
    )


def _board(page: table_selectors.TablePage, number: int) -> table_selectors.TableBoard:
    found = page.board(number)
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
    the traveller. A GET reads the read model; a POST sends its one command
    and nothing else, then answers 303 to the board's page at the command's
    position (``?min_position=``), which waits for it (decision 0220)."""
    scope = _signed_in(request)
    if isinstance(scope, HttpResponse):
        return scope
    if request.method == "GET":
        asked = request.GET.get("min_position")
        if asked is None:
            return _board_page(request, scope, number)
        # Read your writes (decision 0073): the page after a command waits
        # for the command's position and says how fresh it is.
        try:
            fresh = table_selectors.results_read(scope.tournament_id, asked)
        except ValueError as refused:
            return HttpResponseBadRequest(
                str(refused), content_type="text/plain; charset=utf-8"
            )
        response = _board_page(request, scope, number, behind=fresh.behind)
        response["Arbitro-Read-Position"] = str(fresh.position)
        response["Arbitro-Behind"] = "true" if fresh.behind else "false"
        if fresh.parked_at is not None:
            response["Arbitro-Parked-At"] = str(fresh.parked_at)
        return response
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    key = request.POST.get("idempotency_key", "").strip()[:64] or None
    action = request.POST.get("action", "enter")
    ref = commands.TableRef(scope.tournament_id, scope.session, number, scope.table)
    try:
        if action == "confirm":
            result = commands.at_table(
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
            result = commands.at_table(
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
            number,
            error=forms.message_of(exc),
            field=exc.field,
            key=key,
            status=400,
        )
    except DomainError as exc:
        return _board_page(
            request,
            scope,
            number,
            error=forms.message_of(exc),
            key=key,
            status=409 if isinstance(exc, StateConflict) else 422,
        )
    # Answered: the next page gets a new key (post, redirect, get), and
    # shows the command's own write once the results projection has it.
    target = reverse("console:table_board", args=[number])
    if result is not None:
        target += f"?min_position={result.last_position}"
    return HttpResponseRedirect(target, status=303)


def _board_page(
    request: HttpRequest,
    scope: reads.TableScope,
    number: int,
    *,
    behind: bool = False,
    error: str = "",
    field: str = "",
    key: str | None = None,
    status: int = 200,
) -> HttpResponse:
    page = _page(scope, number)
    found = _board(page, number)
    after = [b for b in page.boards if b.status == "to_play"]
    return render(
        request,
        "console/table_board.html",
        _context(
            scope,
            page,
            board=found,
            result=found,
            # Decision 0143: the traveller once this table's own result is in.
            traveller=page.traveller if found.has_result else (),
            following=after[0] if after else None,
            behind=behind,
            form=request.POST if error else {},
            error=error,
            field=field,
            key=key or new_key(),
        ),
        status=status,
    )
