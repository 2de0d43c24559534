"""Burraco cards: suits, ranks, values and the 108-card deck.

F.I.Bur. Codice di Gara, April 2024 edition, Art. 1: two Anglo-French decks
of 54 cards, four jolly in all; suits rank ♥ ♦ ♣ ♠ downward, cards rank
2 A K Q J 10 9 8 7 6 5 4 3 downward, the jolly above every card whatever its
colour. Values: jolly 30, 2 (pinella) 20, ace 15, K to 8 10, 7 to 3 5.
Wilds (matte) are every jolly and every 2 (Definizioni; Art. 10).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

__all__ = [
    "DECK",
    "DECK_POINTS",
    "JOKER",
    "Card",
    "Rank",
    "Suit",
    "cards_value",
    "draw_key",
    "parse_cards",
]

_SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


class Suit(StrEnum):
    """A suit; ``.rank`` orders them ♠ < ♣ < ♦ < ♥ (Art. 1)."""

    H = "H"
    D = "D"
    C = "C"
    S = "S"

    @property
    def rank(self) -> int:
        """Return the suit's rank: spades 0, clubs 1, diamonds 2, hearts 3."""
        return "SCDH".index(self.value)

    @property
    def symbol(self) -> str:
        """Return the suit's symbol, as the code prints it (♥ ♦ ♣ ♠)."""
        return _SUIT_SYMBOLS[self.value]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter ("H", "d", ...) or symbol ("♥", ...)."""
        key = text.strip().upper()
        for letter, symbol in _SUIT_SYMBOLS.items():
            if key in (letter, symbol):
                return cls(letter)
        raise ValueError(f"{text!r} is not a suit")


_RANK_SYMBOLS = "3456789TJQKA2"


class Rank(IntEnum):
    """A rank, valued so that a higher value is a higher card in the draw (Art. 1).

    The 2 ranks above the ace and the jolly above every card; order within a
    sequence is another matter (``rules.burraco.melds``).
    """

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
    TWO = 15
    JOKER = 16

    @property
    def symbol(self) -> str:
        """Return "3".."9", "T", "J", "Q", "K", "A", "2", or "JK" for the jolly."""
        return "JK" if self is Rank.JOKER else _RANK_SYMBOLS[self.value - 3]

    @property
    def points(self) -> int:
        """Return the card value in points (Art. 1; Definizioni, valore)."""
        if self is Rank.JOKER:
            return 30
        if self is Rank.TWO:
            return 20
        if self is Rank.ACE:
            return 15
        return 10 if self >= Rank.EIGHT else 5

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank symbol ("T" or "10" for the ten; case-insensitive)."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) != 1 or key not in _RANK_SYMBOLS:
            raise ValueError(f"{text!r} is not a rank")
        return cls(_RANK_SYMBOLS.index(key) + 3)


@dataclass(frozen=True, slots=True)
class Card:
    """A card, shown suit first ("H7", "SA", "D2"); the jolly has no suit ("JK")."""

    suit: Suit | None
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise ValueError(f"{self.rank!r} is not a rank")
        if self.rank is Rank.JOKER:
            if self.suit is not None:
                raise ValueError("the jolly has no suit")
        elif not isinstance(self.suit, Suit):
            raise ValueError(f"{self.suit!r}{self.rank!r} is not a card")

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return f"{self.suit.value}{self.rank.symbol}"

    @property
    def value(self) -> int:
        """Return the card's value in points (Art. 1)."""
        return self.rank.points

    @property
    def is_joker(self) -> bool:
        """Return whether the card is a jolly."""
        return self.rank is Rank.JOKER

    @property
    def is_wild(self) -> bool:
        """Return whether the card is a wild (matta): a jolly or any 2 (Art. 10).

        A 2 standing as the natural 2 of its own suit's sequence is still a
        card that *can* be wild; ``rules.burraco.melds`` says how it stands.
        """
        return self.rank in (Rank.JOKER, Rank.TWO)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse "H7", "ST", "S10", "♠A", or "JK" / "jolly" / "joker" for a jolly."""
        key = text.strip()
        if key.upper() in ("JK", "JOLLY", "JOKER", "*"):
            return JOKER
        if len(key) < 2:
            raise ValueError(f"{text!r} is not a card")
        try:
            return cls(Suit.parse(key[0]), Rank.parse(key[1:]))
        except ValueError:
            raise ValueError(f"{text!r} is not a card") from None


JOKER = Card(None, Rank.JOKER)
"""The jolly: all four are alike, whatever their colour (Art. 1, Art. 3)."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: ``parse_cards("H4 H5 JK")``."""
    return tuple(Card.parse(token) for token in text.replace(",", " ").split())


def cards_value(cards: Iterable[Card]) -> int:
    """Return the sum of the cards' values (Art. 1; Art. 18 counts by it)."""
    return sum(card.value for card in cards)


def draw_key(card: Card) -> tuple[int, int]:
    """Return the card's order in the seat draw, higher first (Arts. 1 and 3).

    Rank first (jolly, 2, A, K ... 3), then suit (♥ ♦ ♣ ♠). Two jolly, or two
    cards of the same rank and suit, are equal: those players draw again.
    """
    return (card.rank.value, card.suit.rank if card.suit is not None else 0)


_ONE_DECK: tuple[Card, ...] = (
    *(Card(suit, rank) for suit in Suit for rank in Rank if rank is not Rank.JOKER),
    JOKER,
    JOKER,
)

DECK: tuple[Card, ...] = _ONE_DECK + _ONE_DECK
"""The 108 cards: two 54-card Anglo-French decks, four jolly in all (Art. 1)."""

DECK_POINTS = 1080
"""What the whole deck is worth: 8 x (15 + 6 x 10 + 5 x 5 + 20) + 4 x 30."""
