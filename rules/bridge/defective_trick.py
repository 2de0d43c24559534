"""Defective tricks: the Director's finding and what Law 67 makes mechanical.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 67. The engine's record
always holds one card from each hand per trick, so a defective trick is a
Director's finding against the record: the card recorded for the offender
was not in fact played (he omitted to play, :attr:`DefectKind.OMITTED`), or
he also put other cards of his on the trick (:attr:`DefectKind.TOO_MANY`).
Before a player of each side has played to the next trick the trick is
simply put right (67A); afterwards Law 67B applies. The state transition is
:func:`rules.bridge.play.defective_tricks.rectify_defective_trick`; these are
its pure rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from rules.bridge.card import Card, Suit
from rules.bridge.revoke import AttentionTiming, Revoke, RevokeKind
from rules.bridge.seat import Seat

__all__ = [
    "DefectKind",
    "card_left_among_played",
    "deemed_revoke",
    "omitted_card_choices",
]


class DefectKind(StrEnum):
    """What the Director found wrong with the trick (Law 67)."""

    OMITTED = "omitted"
    """The offender did not play to the trick (67A1, 67B1)."""
    TOO_MANY = "too_many"
    """The offender played more than one card to the trick (67A2, 67B2)."""


def omitted_card_choices(hand: Iterable[Card], led: Suit) -> frozenset[Card]:
    """Return the cards the offender may place among his played cards (Law 67B1).

    A card of the suit led to the defective trick if he has one (67B1(a)),
    otherwise any card (67B1(b)). The card does not change who won the trick.
    """
    cards = frozenset(hand)
    of_suit = frozenset(card for card in cards if card.suit is led)
    return of_suit or cards


def deemed_revoke(seat: Seat, trick_number: int, card: Card, led: Suit) -> Revoke:
    """Return the revoke Law 67B1 deems, costing one trick under Law 64A2."""
    return Revoke(
        seat=seat,
        trick_number=trick_number,
        card=card,
        suit=led,
        kind=RevokeKind.DEFECTIVE_TRICK,
        established=True,
        attention=AttentionTiming.IN_TIME,
    )


def card_left_among_played(
    played: Iterable[Card], led: Suit, *, faced: Card | None = None
) -> Card:
    """Return the card left in a trick the offender played several cards to (67B2(a)).

    The card he faced in playing to the trick, if the Director can tell;
    otherwise the highest-ranking card he could legally have played to it.
    The others go back to his hand (and may make an earlier revoke, 67B2(b)).
    """
    cards = list(played)
    if not cards:
        raise ValueError("no card was played to the trick")
    if faced is not None:
        if faced not in cards:
            raise ValueError(f"{faced} was not played to the trick")
        return faced
    following = [card for card in cards if card.suit is led]
    candidates = following or cards
    return max(candidates, key=lambda card: (card.rank, card.suit.rank))
