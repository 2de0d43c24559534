"""The dealing machines' card order, and the check every deal read passes.

Duplimate and Dealer4 files number the 52 cards 1 to 52 in the order spades,
hearts, diamonds, clubs, each from the ace down to the two: 1 is the ace of
spades, 13 the two of spades, 14 the ace of hearts, 52 the two of clubs
(Jannersten's DUP description; BigDeal's ``output.c``). DLM files list the
same order.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 6B: a deal is the 52
cards, 13 to each player. ``checked_deal`` refuses anything else, naming the
board and the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.bridge.card import Card, Rank, Suit
from rules.bridge.deal import Deal
from rules.bridge.deal_files.errors import DealFileError, Where
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = ["MACHINE_ORDER", "SEATS", "card_number", "checked_deal"]

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_SUITS = (Suit.S, Suit.H, Suit.D, Suit.C)

MACHINE_ORDER: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in _SUITS for rank in sorted(Rank, reverse=True)
)
"""The 52 cards in the machines' order: ``MACHINE_ORDER[0]`` is the ace of
spades (card 1), ``MACHINE_ORDER[51]`` the two of clubs (card 52)."""

_NUMBERS = {card: index + 1 for index, card in enumerate(MACHINE_ORDER)}


def card_number(card: Card) -> int:
    """Return the card's number, 1 (ace of spades) to 52 (two of clubs)."""
    return _NUMBERS[card]


def checked_deal(
    hands: Mapping[Seat, Sequence[Card]], *, board: int, where: Where
) -> Deal:
    """Return the deal of four hands read from a file, or refuse it (Law 6B).

    Refused, naming the record or line, the board and the hand: a hand that
    holds a card twice, a card in two hands, a hand of other than 13 cards
    (four hands of 13 distinct cards are then the 52).
    """
    law = LawRef("6B")
    holder: dict[Card, Seat] = {}
    for seat in SEATS:
        cards = hands.get(seat, ())
        for card in cards:
            other = holder.get(card)
            if other is seat:
                raise DealFileError(
                    f"holds {card} twice", board=board, seat=seat, law=law, where=where
                )
            if other is not None:
                raise DealFileError(
                    f"holds {card}, which hand {other.value} holds too",
                    board=board,
                    seat=seat,
                    law=law,
                    where=where,
                )
            holder[card] = seat
        if len(cards) != 13:
            raise DealFileError(
                f"holds {len(cards)} cards, not 13",
                board=board,
                seat=seat,
                law=law,
                where=where,
            )
    return Deal({seat: hands[seat] for seat in SEATS})
