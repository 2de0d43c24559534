"""Playing cards: suits, ranks and the 52-card pack.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 1: the pack has four suits
ranking downward spades, hearts, diamonds, clubs; cards rank ace high.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

__all__ = ["FULL_DECK", "Card", "Rank", "Suit"]


class Suit(StrEnum):
    """A suit; ``.rank`` orders them C < D < H < S (Law 1B)."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"

    @property
    def rank(self) -> int:
        """Return the suit's rank: clubs 0, diamonds 1, hearts 2, spades 3."""
        return "CDHS".index(self.value)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter ("S", "h", ...)."""
        key = text.strip().upper()
        if key not in ("C", "D", "H", "S"):
            raise ValueError(f"{text!r} is not a suit")
        return cls(key)


_SYMBOLS = "23456789TJQKA"


class Rank(IntEnum):
    """A card rank, valued 2..14 so that ``Rank.ACE > Rank.KING`` (Law 1B)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """Return the one-character symbol "2".."9", "T", "J", "Q", "K", "A"."""
        return _SYMBOLS[self.value - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank symbol ("T" or "10" for the ten; case-insensitive)."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) != 1 or key not in _SYMBOLS:
            raise ValueError(f"{text!r} is not a rank")
        return cls(_SYMBOLS.index(key) + 2)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card, shown suit first: ``str(Card(Suit.S, Rank.ACE)) == "SA"``."""

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not isinstance(self.rank, Rank):
            raise ValueError(f"{self.suit!r}{self.rank!r} is not a card")

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank.symbol}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse "SA", "HT" or "S10" (case-insensitive)."""
        key = text.strip()
        if len(key) < 2:
            raise ValueError(f"{text!r} is not a card")
        try:
            return cls(Suit.parse(key[0]), Rank.parse(key[1:]))
        except ValueError:
            raise ValueError(f"{text!r} is not a card") from None


FULL_DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
