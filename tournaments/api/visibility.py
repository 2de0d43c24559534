"""Who may see a session's results, by the Laws (issue 16, decision 0105).

Until a session's official scores are published (Law 79C), its travellers,
score cards, standings, recap, hand records, double-dummy figures and live
play are visible only to its directors and to federation staff. A player of
the tournament sees what his own table did: his own score card, his own
table's line of a board he has played, the live play at his own table; of a
board he has yet to play, nothing. Anyone, anonymous included, reads once
the session is published.

One permission class, ``SessionResultsVisible``, used by every such read;
a view says what a player may see through ``player_sees(request, sight)``.
The publication is read from the tournament stream (the process cache of
``handlers.load_tournament``), so it counts at once, as for the hand records
(decision 0050). Anyone who may not see, anonymous or signed in, is answered
403 (the API's first authentication class, the session's, sends no
challenge): the board's existence is public, its contents are not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from access.roles import is_director, is_federation_staff, player_ids_of
from tournaments import handlers, page_selectors
from tournaments.domain import tournament

__all__ = ["SessionResultsVisible", "Sight", "sight_of", "visible_sessions"]


@dataclass(frozen=True, slots=True)
class Sight:
    """What the caller sees of one session.

    ``full``: everything (a director or staff, or the session is published,
    or there is no such session and the view answers its 404/409).
    ``entries``: the caller's own entries in the tournament (a player's).
    """

    full: bool
    entries: frozenset[int]
    session: tournament.SessionState | None
    state: tournament.TournamentState


def sight_of(request: Request, view: Any) -> Sight:
    """The caller's sight of the session the URL names, read once a request."""
    known: Sight | None = getattr(view, "sight", None)
    if known is not None:
        return known
    tournament_id = UUID(str(view.kwargs["tournament_id"]))
    state = handlers.load_tournament(tournament_id)
    view.tournament_state = state
    session = state.sessions.get(int(view.kwargs["session"]))
    full = (
        session is None
        or tournament.hand_records_public(session)
        or is_federation_staff(request.user)
        or is_director(request.user, tournament_id)
    )
    entries: frozenset[int] = frozenset()
    if not full:
        mine = player_ids_of(request.user)
        entries = frozenset(
            number
            for number, entry in state.entries.items()
            if mine & set(entry.player_ids)
        )
    sight = Sight(full=full, entries=entries, session=session, state=state)
    view.sight = sight
    return sight


def visible_sessions(request: Request, tournament_id: UUID) -> frozenset[int] | None:
    """The sessions whose results the caller may see across the tournament
    (overall standings, the bracket): ``None`` for all (its directors and
    staff), else the published ones. A session in play counts as not yet
    played for everyone else, so nobody reads its results there either."""
    return page_selectors.visible_sessions(request.user, tournament_id)


def seated_at(sight: Sight, table: int, board_number: int) -> bool:
    """Whether one of the caller's entries plays ``board_number`` at ``table``."""
    if sight.session is None or not sight.entries:
        return False
    seat = sight.session.seating(board_number, table)
    if seat is None:
        return False
    return bool(sight.entries & {seat.ns, seat.ew, *seat.players})


class SessionResultsVisible(BasePermission):
    """Directors and staff always; everyone once the session is published;
    before, a player only what the view's ``player_sees`` allows."""

    message = (
        "A session's results are visible to its directors until its scores "
        "are published (Law 79C); a player sees only his own table's"
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        sight = sight_of(request, view)
        if sight.full:
            return True
        if not sight.entries:
            return False
        player_sees = getattr(view, "player_sees", None)
        return bool(player_sees is not None and player_sees(request, sight))
