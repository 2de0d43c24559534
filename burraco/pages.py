"""The table's score sheet on a phone (Art. 19; decision 0185).

A player signed in with his own account finds his table of the turn in
play, files the sheet (the keeper), signs it (the other side), delivers it
(the winning side). Each button sends the same command the API sends
(``FileSheet``, ``SignSheet``, ``DeliverSheet``) through
``burraco.commands.handle_burraco``; a refusal is shown in the player's language, naming
the article. Italian first.

Each render gives its forms an idempotency key, kept in the form until it
is answered (as the console's forms and the API's ``Idempotency-Key``): a
form sent again after a lost answer is the same command, answered from the
stored events, never refused as a second one nor stored twice.
"""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from access.roles import actor_of, player_ids_of
from burraco import domain as burraco
from burraco.commands import handle_burraco
from burraco.domain.table_sheets import line_of
from burraco.selectors import scoring_room, seated_players
from eventstore.errors import IdempotencyKeyReused
from eventstore.store import Metadata
from rules.errors import DomainError

__all__ = ["table_sheet"]

REFUSALS = {
    "not_at_this_table": _("You are not seated at this table in this turn."),
    "sheet_kept_by_opponents": _(
        "The sheet is kept by the other side, whose player drew the highest "
        "card: your side signs it."
    ),
    "sheet_not_filed": _("The keeper has not filled the sheet yet."),
    "sheet_already_signed": _("Your side has signed this sheet."),
    "sheet_not_signed": _(
        "Each side signs the sheet (at least one player a pair) before it is delivered."
    ),
    "not_the_winning_side": _("A player of the winning side delivers the sheet."),
    "turn_not_current": _("This turn's sheets are closed."),
    "sheet_already_entered": _("The sheet is entered: the director corrects it."),
    "director_countersigns": _(
        "The difference reached 800 MP: call the director, who countersigns "
        "the sheet and enters it."
    ),
    "not_a_multiple_of_five": _("Every score is a multiple of 5."),
}
KEY_REUSED = _("This form was already sent with other values: reload the page")


def _number(value: str) -> int:
    try:
        number = int(value.strip() or "0")
    except ValueError:
        number = 1  # refused below as not a multiple of 5
    return max(-100_000, min(100_000, number))


def _hands(request: HttpRequest, count: int) -> tuple[burraco.SheetHand, ...]:
    return tuple(
        burraco.SheetHand(
            fixed_base=_number(request.POST.get(f"fixed_base_{i}", "")),
            fixed_points=_number(request.POST.get(f"fixed_points_{i}", "")),
            mobile_base=_number(request.POST.get(f"mobile_base_{i}", "")),
            mobile_points=_number(request.POST.get(f"mobile_points_{i}", "")),
        )
        for i in range(1, count + 1)
    )


def table_sheet(request: HttpRequest, tournament_id: UUID) -> HttpResponse:
    """GET: the player's table of the turn in play and its sheet; POST
    (``action`` file, sign or deliver): the command, then the page again."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if request.method not in ("GET", "POST"):
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    ids = player_ids_of(request.user)
    if not ids:
        # The site's 403 page, with the burraco footer (decision 0203).
        raise PermissionDenied("only a player on the register")
    player = min(ids)
    state = scoring_room(tournament_id)
    opened = state.opened
    if opened is None:
        raise Http404("no such burraco tournament")
    hands_per_turn = opened.hands_per_turn
    turn = state.current_turn
    players = seated_players(tournament_id)
    table, line = 0, 0
    for position in state.positions.get(turn, ()):
        try:
            line = line_of(state, turn, position.table, player, players)
        except DomainError:
            continue
        table = position.table
        break
    refusal: Any = None
    key = uuid.uuid4().hex
    if request.method == "POST" and table:
        # The form's key, kept on a refusal: a resend is the same command.
        key = request.POST.get("idempotency_key", "").strip()[:64] or key
        action = request.POST.get("action", "")
        command: burraco.BurracoCommand | None = None
        if action == "file":
            command = burraco.FileSheet(
                turn=turn,
                table=table,
                player=player,
                hands=_hands(request, hands_per_turn),
            )
        elif action == "sign":
            command = burraco.SignSheet(turn=turn, table=table, player=player)
        elif action == "deliver":
            command = burraco.DeliverSheet(turn=turn, table=table, player=player)
        if command is not None:
            try:
                handle_burraco(
                    tournament_id,
                    command,
                    metadata=Metadata(
                        actor=actor_of(request.user),
                        tournament_id=tournament_id,
                        command=f"{action}_score_sheet",
                    ),
                    # One key a form and button: signing and delivering
                    # from one render are two commands.
                    idempotency_key=f"{key}:{action}",
                )
            except DomainError as refused:
                refusal = (REFUSALS.get(refused.code, refused.message), refused.law)
            except IdempotencyKeyReused:
                refusal = (KEY_REUSED, None)
                key = uuid.uuid4().hex
            else:
                return HttpResponseRedirect(request.path)
            state = scoring_room(tournament_id)
    seat = state.position(turn, table) if table else None
    draft = state.drafts.get((turn, table))
    context = {
        "turn": turn,
        "table": table,
        "seat": seat,
        "line": line,
        "draft": draft,
        "entered": (turn, table) in state.results,
        "signed": draft is not None and line in draft.signed,
        "rows": range(1, hands_per_turn + 1),
        "refusal": refusal,
        "key": key,
    }
    status = 409 if refusal is not None else 200
    return render(request, "burraco/table_sheet.html", context, status=status)
