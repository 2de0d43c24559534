"""Errors the scoring engine raises for input the rules do not allow.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 12, 77, 78 and 87; FIGB
supplementary norms (2004). Every leaf error carries a stable ``code``.
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation

__all__ = [
    "ImpossibleResult",
    "InvalidAdjustment",
    "InvalidScore",
    "InvalidVictoryPointScale",
    "InvalidWeights",
    "ScoringError",
]


class ScoringError(RuleViolation):
    """A result or a setting the scoring rules cannot score."""

    code: ClassVar[str] = "scoring_error"


class ImpossibleResult(ScoringError):
    """A number of tricks or a contract that cannot occur (Law 77)."""

    code: ClassVar[str] = "impossible_result"


class InvalidScore(ScoringError):
    """A raw bridge score that no contract can produce (Law 77)."""

    code: ClassVar[str] = "invalid_score"


class InvalidWeights(ScoringError):
    """Weights of a weighted score that are not exact to 1% or do not sum to 1."""

    code: ClassVar[str] = "invalid_weights"


class InvalidAdjustment(ScoringError):
    """An adjusted score outside what Law 12 or the regulations allow."""

    code: ClassVar[str] = "invalid_adjustment"


class InvalidVictoryPointScale(ScoringError):
    """A victory-point scale asked for outside its domain (Law 78D)."""

    code: ClassVar[str] = "invalid_victory_point_scale"
