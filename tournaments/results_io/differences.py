"""A figure on which an imported file and our scoring disagree, and how
the file would print ours.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints); decisions
0042 (what is compared, at the file's precision), 0128 (every figure, with
its reason) and 0129 (the producing program's rounding).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from scoring.bridge import publish
from scoring.formats.conventions import Rounding, round_figure

__all__ = [
    "PENALTY",
    "UNEXPLAINED",
    "Cause",
    "Difference",
    "as_printed",
    "as_published",
    "cause_of",
    "decimal_places",
    "other_rounding",
]

UNEXPLAINED = "no convention explains it: edited by hand, or scored otherwise"
PENALTY = "penalty in the file"  # decision 0181


class Cause(StrEnum):
    """Why a figure differs, from a closed list (decision 0224)."""

    # The file follows a convention the import was not told: the reason
    # names the setting that reproduces the figure (``(totals=printed)``).
    CONVENTION = "convention not set"
    # The file's own figures prove the figure was edited (decision 0152).
    HAND_EDIT = "hand edit"
    # No convention and no proof of an edit: a figure we cannot reproduce.
    UNREPRODUCED = "figure we cannot reproduce"


_SETTING = re.compile(r"\([a-z_]+=[a-z0-9_.]+\)")


def cause_of(reason: str) -> Cause:
    """The closed-list cause a reason names: a hand edit the file proves, a
    convention (a setting in parentheses, or the file's penalty), else a
    figure we cannot reproduce."""
    if reason.startswith(UNEXPLAINED):
        return Cause.UNREPRODUCED
    if "edited by hand" in reason:
        return Cause.HAND_EDIT
    if _SETTING.search(reason) or reason.startswith(PENALTY):
        return Cause.CONVENTION
    return Cause.UNREPRODUCED


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure on which the file and our scoring disagree, and why.

    ``where`` is the line (board, pairs, table) or the contestant, ``what``
    the figure, ``file`` theirs and ``ours`` ours; ``reason`` says why in
    words and ``cause`` is its class from a closed list (decision 0224):
    given where the figure follows another, else read from the reason
    (``classified``).
    """

    where: str
    what: str
    file: str
    ours: str
    reason: str = ""
    # The class of the cause where the figure follows another's; else read
    # from the reason (``classified``).
    cause: Cause | None = field(default=None, compare=False)

    def classified(self) -> Cause:
        return self.cause or cause_of(self.reason)

    def report(self) -> str:
        """The line, the figure, theirs, ours, the reason and the cause."""
        return f"{self} [{self.classified().value}]"

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
