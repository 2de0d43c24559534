"""Discarding "by rule" (scartare secondo norma): the order of penalized discards.

F.I.Bur. Codice di Gara, April 2024 edition, Definizioni: discard from the
card highest in value to the lowest and, at equal value, by the rank of the
suits ♥ ♦ ♣ ♠. The same Definizioni define the value of a card as its value
in points (valore delle carte), and Art. 9 says "rank" (rango) where it
means rank: so a K♠ (10) goes after an 8♥ (10) but before a 7♥ (5)
(digest Q13; decision 0066). Two cards of equal value and suit, such as K♥
and 8♥, go by rank (Art. 1), the only order left.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.burraco.card import Card

__all__ = ["discard_by_rule", "discard_key"]


def discard_key(card: Card) -> tuple[int, int, int]:
    """Return the card's place in a discard by rule, higher first."""
    suit = card.suit.rank if card.suit is not None else 4
    return (card.value, suit, card.rank.value)


def discard_by_rule(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Return the cards in the order they must be discarded by rule (Definizioni)."""
    return tuple(sorted(cards, key=discard_key, reverse=True))
