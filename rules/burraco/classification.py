"""The burraco: a meld of seven or more cards, pulito, semipulito or sporco.

F.I.Bur. Codice di Gara, April 2024 edition, Art. 13 and Definizioni:

- pulito (200): no wild, except a pinella standing as the natural 2; the
  last two cards are turned sideways;
- semipulito (150): a sequence in which a wild precedes or follows at least
  seven cards, or a combination of at least eight cards with the wild; the
  second-to-last card is turned sideways;
- sporco (100): a wild that is not the natural 2, and not semipulito; the
  last card is turned sideways.

Ambiguity (digest Q12): a wild inside a run with seven or more cards on one
side "precedes or follows seven cards" on the letter of Art. 13, but is not
at an end of the run. Decision 0063: semipulito by default; the setting
``WildInsideRun.SPORCO`` reads the article as a wild at an end only.
"""

from __future__ import annotations

from enum import StrEnum

from rules.burraco.melds import Combination, Meld, Sequence

__all__ = [
    "BURRACO_LENGTH",
    "SEMIPULITO_COMBINATION",
    "SEMIPULITO_RUN",
    "BurracoKind",
    "WildInsideRun",
    "classify",
]

BURRACO_LENGTH = 7
"""A burraco is a sequence or combination of at least seven cards (Art. 13)."""

SEMIPULITO_RUN = 7
"""A wild must precede or follow at least seven cards of the run (Art. 13)."""

SEMIPULITO_COMBINATION = 8
"""A combination with its wild must have at least eight cards (Art. 13)."""


class BurracoKind(StrEnum):
    """The three kinds of burraco and their value (Arts. 13 and 18)."""

    PULITO = "pulito"
    SEMIPULITO = "semipulito"
    SPORCO = "sporco"

    @property
    def bonus(self) -> int:
        """Return the burraco's value in the base column (Art. 18)."""
        return {"pulito": 200, "semipulito": 150, "sporco": 100}[self.value]

    @property
    def sideways(self) -> str:
        """Return how the burraco is marked on the table (Art. 13)."""
        return {
            "pulito": "the last two cards turned sideways",
            "semipulito": "the second-to-last card turned sideways",
            "sporco": "the last card turned sideways",
        }[self.value]


class WildInsideRun(StrEnum):
    """How to read a wild inside a run with seven cards on one side (Q12)."""

    SEMIPULITO = "semipulito"
    """The wild follows (or precedes) seven cards: semipulito (decision 0063)."""
    SPORCO = "sporco"
    """Only a wild at an end of the run makes it semipulito."""


def classify(
    meld: Meld, *, wild_inside_run: WildInsideRun = WildInsideRun.SEMIPULITO
) -> BurracoKind | None:
    """Return the kind of burraco the meld is, or None below seven cards (Art. 13)."""
    if len(meld) < BURRACO_LENGTH:
        return None
    if isinstance(meld, Combination):
        if meld.wild is None:
            return BurracoKind.PULITO
        if len(meld) >= SEMIPULITO_COMBINATION:
            return BurracoKind.SEMIPULITO
        return BurracoKind.SPORCO
    return _classify_run(meld, wild_inside_run)


def _classify_run(run: Sequence, reading: WildInsideRun) -> BurracoKind:
    if run.wild_index is None:
        # A pinella standing as the natural 2 is no wild (Art. 13).
        return BurracoKind.PULITO
    before = run.wild_index
    after = len(run) - 1 - run.wild_index
    if reading is WildInsideRun.SPORCO:
        at_end = min(before, after) == 0
        long_side = max(before, after) >= SEMIPULITO_RUN
        return BurracoKind.SEMIPULITO if at_end and long_side else BurracoKind.SPORCO
    if max(before, after) >= SEMIPULITO_RUN:
        return BurracoKind.SEMIPULITO
    return BurracoKind.SPORCO
