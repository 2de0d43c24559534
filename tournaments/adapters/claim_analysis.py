"""Double-dummy outcome of the remaining cards, offered to the director on a claim.

Law 70 (contested claims): the director decides as equitably as possible for
both sides, any doubtful point against the claimer. The double-dummy figure is
information for that decision, never the ruling (Law 70D: normal play,
including careless or inferior play, is not double-dummy play). endplay's DDS
solver stays behind this adapter (STYLE §1.4).
"""

from __future__ import annotations

from dataclasses import dataclass

import endplay.config

endplay.config.use_unicode = False

from endplay.dds import solve_board  # noqa: E402
from endplay.types import Card as DdsCard  # noqa: E402
from endplay.types import Deal as DdsDeal  # noqa: E402
from endplay.types import Denom, Player  # noqa: E402

from rules.bridge import Card, Seat  # noqa: E402
from rules.bridge.play_state import PlayState  # noqa: E402
from tournaments.adapters.dds_thread import run_in_solver_thread  # noqa: E402

__all__ = ["RemainingTricks", "declarer_tricks_double_dummy"]

_PLAYER = {
    Seat.N: Player.north,
    Seat.E: Player.east,
    Seat.S: Player.south,
    Seat.W: Player.west,
}
_DENOM = {
    "S": Denom.spades,
    "H": Denom.hearts,
    "D": Denom.diamonds,
    "C": Denom.clubs,
    "NT": Denom.nt,
}
_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)


@dataclass(frozen=True, slots=True)
class RemainingTricks:
    """Declarer's tricks so far, and in all if the rest were played double dummy."""

    won_so_far: int
    remaining: int
    total_if_played_out: int


def _hand_pbn(cards: frozenset[Card]) -> str:
    suits = []
    for suit in "SHDC":
        ranks = sorted((c.rank for c in cards if c.suit.value == suit), reverse=True)
        suits.append("".join(r.symbol for r in ranks))
    return ".".join(suits)


def declarer_tricks_double_dummy(play: PlayState) -> RemainingTricks:
    """Return the declaring side's tricks if the remaining cards were played
    double dummy from the current position (the current trick included).

    A board played out has nothing left to solve: its figures are the tricks
    won, without a call to the solver (which refuses an empty deal)."""
    declaring = play.declaring_side
    won = sum(
        1
        for trick in play.completed
        if trick.winner is not None and trick.winner.side is declaring
    )
    if len(play.completed) == 13:
        return RemainingTricks(won, 0, won)
    hands = {seat: set(play.hands[seat.position]) for seat in _ORDER}
    for played in play.current.cards:  # back in hand, to be played again below
        hands[played.seat].add(played.card)
    deal = DdsDeal("N:" + " ".join(_hand_pbn(frozenset(hands[s])) for s in _ORDER))
    deal.trump = _DENOM[play.contract.denomination.value]
    deal.first = _PLAYER[play.current.leader]
    for played in play.current.cards:
        deal.play(DdsCard(str(played.card)))
    remaining = 13 - len(play.completed)
    solutions = run_in_solver_thread(lambda: list(solve_board(deal)))
    best = max((tricks for _, tricks in solutions), default=0)
    to_play = Seat(str(deal.curplayer.abbr).upper())
    ours = best if to_play.side is declaring else remaining - best
    return RemainingTricks(won, ours, won + ours)
