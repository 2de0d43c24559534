"""How a hand (smazzata) ends: closing, stock exhausted, time-out, stall.

F.I.Bur. Codice di Gara, April 2024 edition:

- Art. 17: a closing earns the 100 bonus when the pair has gone to its
  pozzo, has made at least one burraco, and one partner has played every
  card ending with a discard. A hand also ends, with no bonus, when the
  stock runs out (the last two cards cannot be played: the hand ends with
  the discard of whoever drew the third-to-last) or when the final round
  after a time-out passes with nobody closing.
- Art. 15: after the time-out the final round starts with the player served
  first in that hand and ends with the dealer; at that player's next go if
  they have already drawn or picked up (or played). A time-out during the
  deal gives one full round; during the count, the score sheet, or before
  the deal starts, play ends.
- Art. 16: the director, called to the table, asks the player on turn to
  play; if all four then only swap a card, the director declares a stall
  and stops the hand.
- I poteri dell'arbitro (e): a hand the director cannot decide is
  suspended with the points earned so far; Art. 38 suspends for misconduct;
  Art. 36 gives an arbitral score when the melds cannot be rebuilt.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import art, powers
from rules.burraco.seat import Seat
from rules.errors import ArticleRef

__all__ = [
    "UNPLAYABLE_STOCK",
    "FinalRound",
    "Go",
    "HandEnding",
    "TimeOutMoment",
    "closing_bonus_due",
    "final_round",
    "is_stall",
    "stock_exhausted",
]

UNPLAYABLE_STOCK = 2
"""The last two stock cards are not played (Art. 17)."""


class HandEnding(StrEnum):
    """How a hand ended; only a valid closing earns the 100 bonus (Art. 17)."""

    CLOSED = "closed"
    """A line closed with the bonus (Art. 17), in the final round too (Art. 15)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """The stock ran out: no bonus (Art. 17)."""
    TIME_OUT = "time_out"
    """The final round after the time-out passed with nobody closing (Art. 15)."""
    STALL = "stall"
    """The director declared a stall and stopped the hand (Art. 16)."""
    SUSPENDED = "suspended"
    """Suspended on contradictory accounts, points so far (Poteri e)."""
    SUSPENDED_FOR_MISCONDUCT = "suspended_for_misconduct"
    """Suspended for both pairs' misconduct: a turn award follows (Art. 38)."""
    ARBITRAL = "arbitral"
    """The director set the score (Art. 36; Poteri a)."""

    @property
    def law(self) -> ArticleRef:
        """Return the article that governs this ending."""
        return {
            "closed": art(17),
            "stock_exhausted": art(17),
            "time_out": art(15),
            "stall": art(16),
            "suspended": powers("e"),
            "suspended_for_misconduct": art(38),
            "arbitral": art(36),
        }[self.value]

    @property
    def closing_bonus_possible(self) -> bool:
        """Return whether a line may score the closing in this ending (Art. 17)."""
        return self is HandEnding.CLOSED


def closing_bonus_due(*, pozzo_taken: bool, burraco: int, discarded: bool) -> bool:
    """Return whether a closing earns the 100 bonus (Art. 17).

    The pair went to its pozzo, made at least one burraco, and the closing
    player played every card ending with a discard. A closing that fails a
    condition is an irregularity (Arts. 33-35, ``rules.burraco.penalties``).
    """
    return pozzo_taken and burraco >= 1 and discarded


def stock_exhausted(cards_in_stock: int) -> bool:
    """Return whether the hand ends at the discard now made (Art. 17).

    The last two stock cards cannot be played: the hand ends with the
    discard of the player who drew the third-to-last; play may not go on
    from the discard pile.
    """
    if cards_in_stock < 0:
        raise ValueError(f"{cards_in_stock} is not a number of cards")
    return cards_in_stock <= UNPLAYABLE_STOCK


class TimeOutMoment(StrEnum):
    """When the director called the time-out (Art. 15)."""

    BEFORE_DEAL = "before_deal"
    """Before the dealer started dealing: play ends."""
    DEALING = "dealing"
    """During the deal, before the first draw or pick-up: one full round."""
    PLAY = "play"
    """During play: the final round."""
    COUNTING = "counting"
    """While counting the points or filling the score sheet: play ends."""


@dataclass(frozen=True, slots=True)
class FinalRound:
    """The final round after a time-out: from ``first`` to ``last`` (Art. 15).

    ``from_next_go`` is True when the player served first has already drawn
    or picked up (or played) in the current round: the final round then
    starts at their next go.
    """

    first: Seat
    last: Seat
    from_next_go: bool


def final_round(
    moment: TimeOutMoment, *, dealer: Seat, first_player_started: bool = False
) -> FinalRound | None:
    """Return the final round a time-out gives, or None when play ends (Art. 15)."""
    if moment in (TimeOutMoment.BEFORE_DEAL, TimeOutMoment.COUNTING):
        return None
    first = dealer.served_first_by
    started = moment is TimeOutMoment.PLAY and first_player_started
    return FinalRound(first=first, last=dealer, from_next_go=started)


@dataclass(frozen=True, slots=True)
class Go:
    """One player's go as the director watched it (Art. 16)."""

    drew_from_stock: bool = False
    opened: bool = False
    attached: bool = False

    @property
    def only_swapped(self) -> bool:
        """Return whether the player only swapped a card (cambio carta)."""
        return not (self.drew_from_stock or self.opened or self.attached)


def is_stall(goes: Iterable[Go]) -> bool:
    """Return whether the four goes watched by the director make a stall (Art. 16)."""
    watched = tuple(goes)
    if len(watched) != 4:
        raise ValueError("a stall is judged on the four players' goes")
    return all(go.only_swapped for go in watched)
