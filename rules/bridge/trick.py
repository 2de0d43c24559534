"""Tricks: the cards played to one trick and the hand that wins it.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 44: the lead, rotation,
following suit and the winner of a trick (44E highest trump, 44F highest card
of the suit led). Declarer's and dummy's hands are separate hands here: a
trick won with a card from dummy is won by dummy's seat (Law 64 footnote).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bridge.card import Card, Suit
from rules.bridge.seat import Seat

__all__ = ["PlayedCard", "Trick", "trick_winner"]


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card played from the hand at ``seat`` (dummy's seat for dummy's cards)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.value}:{self.card}"


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: its number (1..13), leader and cards in the order played.

    ``winner`` is set once each of the four hands has contributed a card.
    """

    number: int
    leader: Seat
    cards: tuple[PlayedCard, ...] = ()
    winner: Seat | None = None

    @property
    def lead(self) -> PlayedCard | None:
        """Return the card led to the trick, if any."""
        return self.cards[0] if self.cards else None

    @property
    def led_suit(self) -> Suit | None:
        """Return the suit of the card led (the suit to follow, Law 44C)."""
        return self.cards[0].card.suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        """Return whether all four hands have played to the trick (Law 44B)."""
        return len(self.cards) == 4

    @property
    def seats_played(self) -> frozenset[Seat]:
        """Return the hands that have contributed a card."""
        return frozenset(played.seat for played in self.cards)

    def card_of(self, seat: Seat) -> Card | None:
        """Return the card ``seat`` contributed, or None."""
        for played in self.cards:
            if played.seat is seat:
                return played.card
        return None


def trick_winner(cards: tuple[PlayedCard, ...], trump: Suit | None) -> Seat:
    """Return the hand that wins a trick of four cards.

    Law 44E: the highest trump wins a trick containing a trump; Law 44F:
    otherwise the highest card of the suit led. ``cards[0]`` is the lead.
    """
    best = cards[0]
    for played in cards[1:]:
        card, top = played.card, best.card
        if card.suit is top.suit:
            if card.rank > top.rank:
                best = played
        elif card.suit is trump:
            # The first trump on a trick of another suit takes the lead.
            best = played
    return best.seat
