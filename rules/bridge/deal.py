"""Deals: the four hands of a board, with PBN text round trips.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 6 (the shuffle and deal:
thirteen cards to each player) and Laws 13-14 (incorrect number of cards,
missing cards), which ``allow_irregular=True`` lets a deal record.
PBN is the Portable Bridge Notation 2.1 "Deal" tag value.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rules.bridge.card import FULL_DECK, Card, Rank, Suit
from rules.bridge.seat import Seat

__all__ = ["Deal", "Hand", "format_hand", "parse_hand", "random_deal"]

Hand = frozenset[Card]
"""One player's cards (Definitions: "hand")."""

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_PBN_SUITS = (Suit.S, Suit.H, Suit.D, Suit.C)


def format_hand(hand: Iterable[Card]) -> str:
    """Return a hand in PBN form, suits S.H.D.C, ranks high to low: "AKQ.T9..2"."""
    cards = frozenset(hand)
    return ".".join(
        "".join(
            rank.symbol
            for rank in sorted((c.rank for c in cards if c.suit is suit), reverse=True)
        )
        for suit in _PBN_SUITS
    )


def parse_hand(text: str) -> Hand:
    """Parse a PBN hand "AKQ.T9..2" (suits S.H.D.C; "10" allowed for the ten)."""
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise ValueError(f"{text!r} is not a hand")
    cards: list[Card] = []
    for suit, holding in zip(_PBN_SUITS, parts, strict=True):
        symbols = holding.upper().replace("10", "T")
        for symbol in symbols:
            try:
                cards.append(Card(suit, Rank.parse(symbol)))
            except ValueError:
                raise ValueError(f"{text!r} is not a hand") from None
    hand = frozenset(cards)
    if len(hand) != len(cards):
        raise ValueError(f"{text!r} repeats a card")
    return hand


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Deal:
    """The four hands of a board, kept as a tuple in N, E, S, W order.

    ``Deal(hands)`` takes a mapping seat -> cards (or four hands in N, E, S, W
    order). A regular deal has 52 distinct cards, 13 in each hand (Law 6);
    ``allow_irregular=True`` records a board with a wrong count or missing
    cards (Laws 13-14), but a card may never sit in two hands.
    """

    _hands: tuple[Hand, Hand, Hand, Hand]

    def __init__(
        self,
        hands: Mapping[Seat, Iterable[Card]] | Sequence[Iterable[Card]],
        *,
        allow_irregular: bool = False,
    ) -> None:
        if isinstance(hands, Mapping):
            if set(hands) != set(_SEATS):
                raise ValueError("a deal needs a hand for each of N, E, S, W")
            ordered = tuple(frozenset(hands[seat]) for seat in _SEATS)
        else:
            if len(hands) != 4:
                raise ValueError("a deal needs four hands")
            ordered = tuple(frozenset(hand) for hand in hands)
        north, east, south, west = ordered
        for hand in ordered:
            for card in hand:
                if not isinstance(card, Card):
                    raise ValueError(f"{card!r} is not a card")
        if sum(len(hand) for hand in ordered) != len(frozenset().union(*ordered)):
            raise ValueError("a card appears in two hands")
        if not allow_irregular:
            for seat, hand in zip(_SEATS, ordered, strict=True):
                if len(hand) != 13:
                    raise ValueError(f"hand {seat} holds {len(hand)} cards, not 13")
        object.__setattr__(self, "_hands", (north, east, south, west))

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()

    @property
    def hands(self) -> Mapping[Seat, Hand]:
        """Return a read-only mapping seat -> hand."""
        return MappingProxyType(dict(zip(_SEATS, self._hands, strict=True)))

    def hand(self, seat: Seat) -> Hand:
        """Return the cards dealt to ``seat``."""
        return self._hands[seat.position]

    def holder_of(self, card: Card) -> Seat:
        """Return the seat that was dealt ``card``; ValueError if nobody was."""
        for seat, hand in zip(_SEATS, self._hands, strict=True):
            if card in hand:
                return seat
        raise ValueError(f"{card} is not in the deal")

    def __iter__(self) -> Iterator[tuple[Seat, Hand]]:
        return iter(zip(_SEATS, self._hands, strict=True))

    @property
    def is_regular(self) -> bool:
        """Return whether each hand holds 13 cards (Law 6)."""
        return all(len(hand) == 13 for hand in self._hands)

    @classmethod
    def from_pbn(cls, text: str, *, allow_irregular: bool = False) -> Deal:
        """Parse a PBN deal "N:AKQ.… … … …" (any first seat, clockwise).

        ``-`` for an unknown hand is accepted only with ``allow_irregular``
        and stands for an empty hand.
        """
        head, sep, body = text.strip().partition(":")
        if not sep:
            raise ValueError(f"{text!r} is not a PBN deal")
        try:
            first = Seat.parse(head)
        except ValueError:
            raise ValueError(f"{text!r} is not a PBN deal") from None
        parts = body.split()
        if len(parts) != 4:
            raise ValueError(f"{text!r} is not a PBN deal")
        hands: dict[Seat, Hand] = {}
        for offset, part in enumerate(parts):
            if part == "-" and allow_irregular:
                hands[first.next(offset)] = frozenset()
            else:
                hands[first.next(offset)] = parse_hand(part)
        return cls(hands, allow_irregular=allow_irregular)

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """Return the PBN deal text starting with ``first``."""
        hands = " ".join(format_hand(self.hand(first.next(i))) for i in range(4))
        return f"{first.value}:{hands}"


def random_deal(rng: random.Random | None = None) -> Deal:
    """Deal the 52 cards at random, 13 each (Law 6).

    The default source is ``secrets.SystemRandom()`` (cryptographically secure),
    as computer-dealt boards must not be predictable; pass a seeded
    ``random.Random`` only in tests.
    """
    source = rng if rng is not None else secrets.SystemRandom()
    cards = list(FULL_DECK)
    source.shuffle(cards)
    return Deal(tuple(frozenset(cards[i * 13 : (i + 1) * 13]) for i in range(4)))
