"""A figure on which an imported file and our scoring disagree, and how
the file would print ours.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints); decisions
0042 (what is compared, at the file's precision), 0128 (every figure, with
its reason) and 0129 (the producing program's rounding).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from scoring.bridge import publish
from scoring.formats.conventions import Rounding, round_figure

__all__ = [
    "PENALTY",
    "UNEXPLAINED",
    "Difference",
    "as_printed",
    "as_published",
    "decimal_places",
    "other_rounding",
]

UNEXPLAINED = "no convention explains it: edited by hand, or scored otherwise"
PENALTY = "penalty in the file"  # decision 0181


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure on which the file and our scoring disagree, and why."""

    where: str
    what: str
    file: str
    ours: str
    reason: str = ""

    def __str__(self) -> str:
        because = f" ({self.reason})" if self.reason else ""
        return f"{self.where}: {self.what}: file {self.file}, ours {self.ours}{because}"


def decimal_places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def as_printed(value: Fraction, like: Decimal, rounding: Rounding) -> Decimal:
    """Our figure as the file would print it: its decimals, its rounding."""
    return round_figure(value, decimal_places(like), rounding)


def as_published(value: Fraction) -> str:
    """One of our figures as published: two decimals (decision 0020)."""
    return str(publish(value))


def other_rounding(rounding: Rounding) -> Rounding:
    return Rounding.HALF_UP if rounding is Rounding.HALF_EVEN else Rounding.HALF_EVEN
