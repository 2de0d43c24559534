"""What a player may attempt to call: any call, or a bid above seven.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 35C and 38: a bid of
more than seven is inadmissible. It is not a :class:`~rules.bridge.call.Bid`
(which is always 1..7), so the auction receives it as :class:`BidAboveSeven`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.bridge.call import Bid, Call, Double, Pass, Redouble, parse_call
from rules.bridge.denomination import Denomination

__all__ = ["AttemptedCall", "BidAboveSeven", "is_call", "parse_attempted_call"]


@dataclass(frozen=True, slots=True)
class BidAboveSeven:
    """An inadmissible bid of ``level`` (8 or more) odd tricks (Law 38)."""

    level: int
    denomination: Denomination

    def __post_init__(self) -> None:
        if (
            isinstance(self.level, bool)
            or not isinstance(self.level, int)
            or self.level <= 7
        ):
            raise ValueError(f"{self.level!r} is not a level above seven")
        if not isinstance(self.denomination, Denomination):
            raise ValueError(f"{self.denomination!r} is not a denomination")

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.value}"


AttemptedCall = Call | BidAboveSeven

_ABOVE_SEVEN = re.compile(r"^([1-9][0-9]*)(C|D|H|S|NT|N)$")


def parse_attempted_call(text: str) -> AttemptedCall:
    """Parse a call as :func:`parse_call` does, also accepting "8S" and above."""
    try:
        return parse_call(text)
    except ValueError:
        match = _ABOVE_SEVEN.match(text.strip().upper())
        if match is None or int(match.group(1)) <= 7:
            raise
        return BidAboveSeven(int(match.group(1)), Denomination.parse(match.group(2)))


def is_call(value: object) -> bool:
    """Return whether ``value`` is an attempted call the auction can classify."""
    return isinstance(value, Bid | Pass | Double | Redouble | BidAboveSeven)
