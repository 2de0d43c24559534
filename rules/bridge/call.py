"""Calls: bids, pass, double and redouble.

Laws of Duplicate Bridge 2017 (FIGB edition), Definitions ("call", "bid") and
Law 18: a bid names a number of odd tricks (one to seven) and a denomination.
A bid above seven is not a bid value here; the auction handles it as an
inadmissible call (Law 38).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.bridge.denomination import Denomination

__all__ = [
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "Bid",
    "Call",
    "Double",
    "Pass",
    "Redouble",
    "format_call",
    "parse_call",
]


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``level`` (1..7) odd tricks in ``denomination`` (Law 18A)."""

    level: int
    denomination: Denomination

    def __post_init__(self) -> None:
        if (
            isinstance(self.level, bool)
            or not isinstance(self.level, int)
            or not 1 <= self.level <= 7
        ):
            raise ValueError(f"{self.level!r} is not a bid level")
        if not isinstance(self.denomination, Denomination):
            raise ValueError(f"{self.denomination!r} is not a denomination")

    @property
    def rank(self) -> int:
        """Return the bid's position in the bidding order, 0 (1C) to 34 (7NT)."""
        return (self.level - 1) * 5 + self.denomination.rank

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.value}"


@dataclass(frozen=True, slots=True)
class Pass:
    """The call "pass" (passo)."""

    def __str__(self) -> str:
        return "P"


@dataclass(frozen=True, slots=True)
class Double:
    """The call "double" (contro), Law 19A."""

    def __str__(self) -> str:
        return "X"


@dataclass(frozen=True, slots=True)
class Redouble:
    """The call "redouble" (surcontro), Law 19B."""

    def __str__(self) -> str:
        return "XX"


Call = Bid | Pass | Double | Redouble

PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()

_BID = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")
_WORDS: dict[str, Call] = {
    "P": PASS,
    "PASS": PASS,
    "X": DOUBLE,
    "D": DOUBLE,
    "DBL": DOUBLE,
    "DOUBLE": DOUBLE,
    "XX": REDOUBLE,
    "R": REDOUBLE,
    "RDBL": REDOUBLE,
    "REDOUBLE": REDOUBLE,
}


def parse_call(text: str) -> Call:
    """Parse "1NT", "1N", "4S", "P", "Pass", "X", "XX" (case-insensitive)."""
    key = text.strip().upper()
    if key in _WORDS:
        return _WORDS[key]
    match = _BID.match(key)
    if match is None:
        raise ValueError(f"{text!r} is not a call")
    return Bid(int(match.group(1)), Denomination.parse(match.group(2)))


def format_call(call: Call) -> str:
    """Return the canonical text of a call: "1NT", "4S", "P", "X", "XX"."""
    return str(call)
