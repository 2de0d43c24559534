"""What standings need from the burraco code: the VP a line's warnings cost.

F.I.Bur. Codice di Gara, April 2024 edition, Definizioni (the second warning
in the same tournament costs one VP in the standings, at once) and
I poteri dell'arbitro (d) ("the sum of two warnings costs one VP"). Neither
says what the third and later warnings cost (digest Q1; decision 0068):
by default one VP for every two warnings, as FIGB counts them for bridge;
``WarningPolicy.EVERY_FROM_SECOND`` charges one VP for each warning from
the second on. The deduction is taken from the standings, never from the
opponents' match VP. Tie-breaks are not in the code (digest Q8): they are
the tournament's.
"""

from __future__ import annotations

from enum import StrEnum

from rules.burraco.articles import DEFINITIONS
from rules.burraco.errors import InconsistentFacts

__all__ = ["WarningPolicy", "warnings_vp_deduction"]


class WarningPolicy(StrEnum):
    """How warnings after the second cost VP (digest Q1)."""

    EVERY_TWO = "every_two"
    """One VP for every two warnings: 2-3 cost 1, 4-5 cost 2 (decision 0068)."""
    EVERY_FROM_SECOND = "every_from_second"
    """One VP for each warning from the second on: 2 cost 1, 3 cost 2."""


def warnings_vp_deduction(
    warnings: int, policy: WarningPolicy = WarningPolicy.EVERY_TWO
) -> int:
    """Return the VP a line's warnings in the tournament take from its standings."""
    if isinstance(warnings, bool) or not isinstance(warnings, int) or warnings < 0:
        raise InconsistentFacts(
            f"{warnings!r} is not a number of warnings", law=DEFINITIONS
        )
    if policy is WarningPolicy.EVERY_TWO:
        return warnings // 2
    return max(0, warnings - 1)
