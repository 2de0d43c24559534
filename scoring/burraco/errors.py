"""Errors the burraco scoring engine raises for scores the code cannot produce.

F.I.Bur. Codice di Gara, April 2024 edition. Every card value, burraco,
closing and pozzo penalty is a multiple of 5 (Arts. 1, 13, 17, 18), so is
every hand score and every MP difference; the VP tables ("Le tabelle") have
no row between two multiples of 5.
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation

__all__ = ["InvalidHandScore", "InvalidTurn", "NotAMultipleOfFive"]


class InvalidHandScore(RuleViolation):
    """Hand components that the counting of Art. 18 cannot produce."""

    code: ClassVar[str] = "invalid_hand_score"


class NotAMultipleOfFive(InvalidHandScore):
    """Points or an MP difference that is not a multiple of 5."""

    code: ClassVar[str] = "not_a_multiple_of_five"


class InvalidTurn(RuleViolation):
    """A turn the format does not allow (too many hands, a VP outside 0-20)."""

    code: ClassVar[str] = "invalid_turn"
