"""Defenders' penalty cards: creation, major or minor, and play obligations.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 49-52. Only a defender's
card becomes a penalty card; declarer's and dummy's never do (Law 48A).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations

from rules.bridge.card import Card, Rank, Suit
from rules.bridge.play_rectification import PlayOption, PlayOptionCode
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "PenaltyCard",
    "PenaltyCardKind",
    "add_penalty_card",
    "apply_minor_obligation",
    "is_honour",
    "lead_options",
]


class PenaltyCardKind(StrEnum):
    """Law 50B: a penalty card is major or minor."""

    MAJOR = "major"
    MINOR = "minor"


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's card left face up on the table (Law 50A)."""

    seat: Seat
    card: Card
    kind: PenaltyCardKind
    law: LawRef

    def __str__(self) -> str:
        return f"{self.seat.value}:{self.card}:{self.kind.value}"


def is_honour(card: Card) -> bool:
    """Return whether a card is of honour rank: ace, king, queen, jack or ten."""
    return card.rank >= Rank.TEN


def add_penalty_card(
    penalty_cards: tuple[PenaltyCard, ...],
    seat: Seat,
    card: Card,
    *,
    deliberate: bool,
    law: LawRef,
) -> tuple[PenaltyCard, ...]:
    """Return the penalty cards with ``card`` of ``seat`` added.

    Law 50B: a single card below honour rank exposed inadvertently is minor;
    an honour, or any card exposed through deliberate play, is major; and
    when a defender has two or more penalty cards, all of them are major.
    """
    own = [pc for pc in penalty_cards if pc.seat is seat]
    if own or deliberate or is_honour(card):
        kind = PenaltyCardKind.MAJOR
    else:
        kind = PenaltyCardKind.MINOR
    upgraded = tuple(
        replace(pc, kind=PenaltyCardKind.MAJOR) if pc.seat is seat else pc
        for pc in penalty_cards
        if pc.card != card
    )
    return (*upgraded, PenaltyCard(seat=seat, card=card, kind=kind, law=law))


def apply_minor_obligation(
    allowed: frozenset[Card], minors: Iterable[PenaltyCard]
) -> frozenset[Card]:
    """Return ``allowed`` less the low cards a minor penalty card forbids.

    Law 50C: until he plays a minor penalty card, its owner may not play
    another card of the same suit below honour rank (he may play an honour).
    """
    result = allowed
    for penalty in minors:
        if penalty.card not in result:
            continue
        result = frozenset(
            card
            for card in result
            if card == penalty.card
            or card.suit is not penalty.card.suit
            or is_honour(card)
        )
    return result


def lead_options(suits: Iterable[Suit]) -> tuple[PlayOption, ...]:
    """Return declarer's options when partner of a penalty card's owner leads.

    Law 50D2 (one penalty card) and Law 51B (two or more): require a lead in
    one penalty card suit, prohibit one or more of those suits (all of them
    when there is only one), or neither require nor prohibit.
    """
    ordered = sorted(set(suits), key=lambda suit: suit.rank)
    options = [PlayOption(PlayOptionCode.REQUIRE_LEAD_SUIT, (s,)) for s in ordered]
    for size in range(1, len(ordered) + 1):
        options.extend(
            PlayOption(PlayOptionCode.PROHIBIT_LEAD_SUITS, subset)
            for subset in combinations(ordered, size)
        )
    options.append(PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION))
    return tuple(options)
