"""Who may see a burraco turn's results and the standings after it.

The rule is bridge's (decision 0105) with the Art. 20 publication: a turn's
results are public once the next turn's positions are shown (the last
turn's once the final standings are), decision 0122. Before, its directors
and federation staff see everything, a player of the tournament his own
table's result and no standings, anyone else nothing (403, as bridge's
reads answer an anonymous caller under token authentication). Publication
is read from the stream, so it counts at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.request import Request

from access.roles import player_ids_of
from burraco import domain as burraco
from burraco.handlers import load_burraco
from burraco.selectors import turn_visible
from tournaments.handlers import load_tournament

__all__ = ["TurnSight", "require_full", "sight_of_turn"]

REFUSED = (
    "A turn's results are visible to its directors until the next turn's "
    "positions are published (Codice di Gara Art. 20); a player sees only "
    "his own table's"
)


@dataclass(frozen=True, slots=True)
class TurnSight:
    full: bool
    pairs: frozenset[int]
    state: burraco.BurracoState


def sight_of_turn(request: Request, tournament_id: UUID, turn: int) -> TurnSight:
    state = load_burraco(tournament_id)
    full = turn_visible(request.user, tournament_id, turn)
    pairs: frozenset[int] = frozenset()
    if not full and request.user.is_authenticated:
        mine = player_ids_of(request.user)
        entries = load_tournament(tournament_id).entries
        pairs = frozenset(
            number for number, entry in entries.items() if mine & set(entry.player_ids)
        )
    return TurnSight(full=full, pairs=pairs, state=state)


def require_full(request: Request, sight: TurnSight, allow_players: bool) -> None:
    """Refuse a caller who may not see: 401 anonymous, 403 otherwise."""
    if sight.full or (allow_players and sight.pairs):
        return
    if not request.user.is_authenticated:
        raise NotAuthenticated(REFUSED)
    raise PermissionDenied(REFUSED)
