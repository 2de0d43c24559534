"""Melds: sequences and combinations, and how wilds stand in them.

F.I.Bur. Codice di Gara, April 2024 edition, Arts. 10-12 and Definizioni.

- A sequence (sequenza) is three or more cards of one suit in order, at most
  thirteen natural cards plus one wild (fourteen in all); the ace goes below
  the 2 or above the K (Art. 11). A 2 of the sequence's own suit placed
  before the 3 is the natural 2, not a wild, and one more wild may then be
  attached (Art. 10).
- A combination (combinazione) is three or more cards of one rank: at most
  eight naturals plus one wild, nine in all (Art. 12); no combination of
  wilds (Art. 10); no two identical cards beyond the two decks' pair
  (Art. 5).
- A wild in a sequence keeps the place where it was put (Art. 10), so a
  ``Sequence`` is an arrangement: its cards low to high, as on the table.
  ``Sequence.from_cards`` builds the arrangement a set of cards takes when
  laid without a choice: a free wild at the lowest place (Art. 10), a 2 of
  the suit before the 3 as the natural 2 (Art. 10), disorder being no fault
  (Art. 11).

Positions in a sequence run 1 (ace below the 2), 2, 3, ... 13 (K), 14 (ace
above the K).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from rules.burraco.articles import art
from rules.burraco.card import Card, Rank, Suit, cards_value
from rules.burraco.errors import InvalidMeld

__all__ = [
    "MAX_COMBINATION",
    "MAX_SEQUENCE",
    "Combination",
    "Meld",
    "Sequence",
    "meld_from_cards",
]

MAX_SEQUENCE = 14
"""Thirteen natural cards plus one wild (Art. 11)."""

MAX_COMBINATION = 9
"""Eight natural cards plus one wild (Art. 12)."""

_LOW_ACE = 1
_HIGH_ACE = 14


def _positions(rank: Rank) -> tuple[int, ...]:
    """Return where a natural card of this rank may stand in a sequence."""
    if rank is Rank.ACE:
        return (_LOW_ACE, _HIGH_ACE)
    if rank is Rank.TWO:
        return (2,)
    return (rank.value,)


def _is_natural(card: Card) -> bool:
    """Return whether the card is never wild (3 to K and the ace)."""
    return not card.is_wild


def _check_sizes(cards: tuple[Card, ...], low: int, high: int, what: str) -> None:
    if not low <= len(cards) <= high:
        raise InvalidMeld(
            f"a {what} has {low} to {high} cards, not {len(cards)}",
            law=art(11 if what == "sequence" else 12),
        )


def _one_suit(naturals: Iterable[Card]) -> Suit:
    suits = {card.suit for card in naturals}
    if len(suits) != 1:
        raise InvalidMeld("a sequence is of one suit", law=art(11))
    (suit,) = suits
    assert suit is not None
    return suit


@dataclass(frozen=True, slots=True)
class Sequence:
    """A sequence as laid: ``cards`` low to high, ``start`` the first card's place.

    ``wild_index`` is the index of the card standing as a wild, if any; a 2
    of the suit at place 2 is the natural 2 and not a wild (Art. 10).
    Build with ``Sequence.laid`` or ``Sequence.from_cards``.
    """

    cards: tuple[Card, ...]
    suit: Suit
    start: int
    wild_index: int | None

    @classmethod
    def laid(cls, cards: Iterable[Card]) -> Sequence:
        """Return the sequence laid with these cards, low to high (Arts. 10-11).

        Each card stands at the next place: the first natural card fixes
        where the run starts. Refuse a run that is not of one suit, not in
        order, or holds more than one wild.
        """
        laid = tuple(cards)
        _check_sizes(laid, 3, MAX_SEQUENCE, "sequence")
        naturals = [(i, c) for i, c in enumerate(laid) if _is_natural(c)]
        if not naturals:
            raise InvalidMeld("a sequence needs a natural card", law=art(10))
        suit = _one_suit(c for _, c in naturals)
        starts: set[int] | None = None
        for i, card in naturals:
            here = {p - i for p in _positions(card.rank)}
            starts = here if starts is None else starts & here
        fitting = sorted(
            s for s in starts or () if s >= 1 and s + len(laid) - 1 <= _HIGH_ACE
        )
        if not fitting:
            raise InvalidMeld(f"{_show(laid)} is not in sequence as laid", law=art(11))
        start = fitting[0]
        wilds = [
            i
            for i, card in enumerate(laid)
            if card.is_wild and not (card.suit is suit and start + i == 2)
        ]
        return cls._checked(laid, suit, start, wilds)

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Sequence:
        """Return the arrangement these cards take when laid as one sequence.

        Art. 10: a 2 of the suit that can stand before the 3 is the natural
        2; a wild not filling a gap goes at the lowest place (or above the
        top when the run starts with the low ace). Art. 11: the order the
        cards were given in does not matter.
        """
        given = tuple(cards)
        _check_sizes(given, 3, MAX_SEQUENCE, "sequence")
        naturals = [c for c in given if _is_natural(c)]
        if not naturals:
            raise InvalidMeld("a sequence needs a natural card", law=art(10))
        suit = _one_suit(naturals)
        if len({c.rank for c in naturals}) != len(naturals):
            raise InvalidMeld(
                "a sequence holds each rank once (two aces only as wild)",
                law=art(11),
            )
        own_twos = [c for c in given if c.rank is Rank.TWO and c.suit is suit]
        other_wilds = [c for c in given if c.is_wild and c not in own_twos]
        has_ace = any(c.rank is Rank.ACE for c in naturals)
        for natural_two in (True, False) if own_twos else (False,):
            for ace in (_LOW_ACE, _HIGH_ACE) if has_ace else (_LOW_ACE,):
                arranged = _arrange(
                    naturals, own_twos, other_wilds, natural_two=natural_two, ace=ace
                )
                if arranged is not None:
                    return cls.laid(arranged)
        raise InvalidMeld(f"{_show(given)} is not a sequence", law=art(11))

    @classmethod
    def _checked(
        cls, laid: tuple[Card, ...], suit: Suit, start: int, wilds: list[int]
    ) -> Sequence:
        if len(wilds) > 1:
            raise InvalidMeld("a sequence holds at most one wild", law=art(11))
        if len(laid) == MAX_SEQUENCE and not wilds:
            raise InvalidMeld(
                "a sequence holds at most thirteen natural cards", law=art(11)
            )
        return cls(laid, suit, start, wilds[0] if wilds else None)

    @property
    def points(self) -> int:
        """Return the sum of the card values (Art. 18, open melds)."""
        return cards_value(self.cards)

    @property
    def wild(self) -> Card | None:
        """Return the card standing as a wild, if any."""
        return None if self.wild_index is None else self.cards[self.wild_index]

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return _show(self.cards)


def _arrange(
    naturals: list[Card],
    own_twos: list[Card],
    other_wilds: list[Card],
    *,
    natural_two: bool,
    ace: int,
) -> list[Card] | None:
    """Return the cards low to high for one reading, or None if it fails."""
    placed: dict[int, Card] = {
        (ace if c.rank is Rank.ACE else c.rank.value): c for c in naturals
    }
    wilds = list(other_wilds) + own_twos[1 if natural_two else 0 :]
    if natural_two:
        placed[2] = own_twos[0]
    if len(wilds) > 1:
        return None
    low, high = min(placed), max(placed)
    gaps = [p for p in range(low, high + 1) if p not in placed]
    if len(gaps) > len(wilds):
        return None
    if wilds:
        if gaps:
            spot = gaps[0]
        elif low > _LOW_ACE:
            # A free wild goes at the lowest place, nearest the player (Art. 10).
            spot = low - 1
        elif high < _HIGH_ACE:
            spot = high + 1
        else:
            return None
        placed[spot] = wilds[0]
    return [placed[p] for p in sorted(placed)]


@dataclass(frozen=True, slots=True)
class Combination:
    """A combination: cards of one ``rank`` and at most one wild (Art. 12)."""

    cards: tuple[Card, ...]
    rank: Rank

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Combination:
        """Return the combination of these cards, refusing what Art. 12 forbids."""
        given = tuple(cards)
        _check_sizes(given, 3, MAX_COMBINATION, "combination")
        naturals = [c for c in given if _is_natural(c)]
        wilds = len(given) - len(naturals)
        if not naturals:
            raise InvalidMeld("no combination of wilds may be opened", law=art(10))
        ranks = {c.rank for c in naturals}
        if len(ranks) != 1:
            raise InvalidMeld(f"{_show(given)} is not of one rank", law=art(12))
        if wilds > 1:
            raise InvalidMeld("a combination holds at most one wild", law=art(12))
        (rank,) = ranks
        twice = Counter(naturals).most_common(1)[0]
        if twice[1] > 2:
            # Two decks hold two of each card: a third K♥ is excess (Art. 5).
            raise InvalidMeld(
                f"a combination holds {twice[0]} at most twice", law=art(5)
            )
        return cls(given, rank)

    @property
    def wild(self) -> Card | None:
        """Return the wild in the combination, if any."""
        return next((c for c in self.cards if c.is_wild), None)

    @property
    def points(self) -> int:
        """Return the sum of the card values (Art. 18, open melds)."""
        return cards_value(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return _show(self.cards)


Meld = Sequence | Combination


def meld_from_cards(cards: Iterable[Card]) -> Meld:
    """Return the meld these cards make: a combination if the naturals share a rank.

    Two natural cards of one rank can only be a combination; anything else
    is read as a sequence (``Sequence.from_cards``).
    """
    given = tuple(cards)
    naturals = [c for c in given if _is_natural(c)]
    if len(naturals) >= 2 and len({c.rank for c in naturals}) == 1:
        return Combination.from_cards(given)
    return Sequence.from_cards(given)


def _show(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
