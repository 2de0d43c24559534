"""Denominations: the four suits and notrump.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 18E: the rank of the
denominations is notrump, spades, hearts, diamonds, clubs (highest first).
"""

from __future__ import annotations

from enum import StrEnum

from rules.bridge.card import Suit

__all__ = ["Denomination"]


class Denomination(StrEnum):
    """A denomination named by a bid; ``.rank`` is C=0 ... NT=4 (Law 18E)."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def rank(self) -> int:
        """Return the denomination's rank for sufficiency (Law 18E)."""
        return ("C", "D", "H", "S", "NT").index(self.value)

    @property
    def suit(self) -> Suit | None:
        """Return the trump suit, or None for notrump."""
        return None if self is Denomination.NT else Suit(self.value)

    @classmethod
    def parse(cls, text: str) -> Denomination:
        """Parse "C", "D", "H", "S", "NT" or "N" (case-insensitive)."""
        key = text.strip().upper()
        if key == "N":
            key = "NT"
        if key not in ("C", "D", "H", "S", "NT"):
            raise ValueError(f"{text!r} is not a denomination")
        return cls(key)
