"""The final contract of an auction.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 22 (end of the auction) and
the Definitions ("contract", "declarer"). A passed-out board has no contract:
use ``Contract | None``, never a level-0 contract.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rules.bridge.denomination import Denomination
from rules.bridge.seat import Seat

__all__ = ["Contract", "Doubling"]


class Doubling(StrEnum):
    """Whether the contract is undoubled, doubled or redoubled (Law 19)."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"


_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(X{0,2})([NESW])$")


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract, shown as level, denomination, doubling, declarer: "4SXN"."""

    level: int
    denomination: Denomination
    doubling: Doubling
    declarer: Seat

    def __post_init__(self) -> None:
        if (
            isinstance(self.level, bool)
            or not isinstance(self.level, int)
            or not 1 <= self.level <= 7
        ):
            raise ValueError(f"{self.level!r} is not a contract level")

    def __str__(self) -> str:
        return (
            f"{self.level}{self.denomination.value}"
            f"{self.doubling.value}{self.declarer.value}"
        )

    @property
    def tricks_needed(self) -> int:
        """Return the tricks the declarer must take: six plus the level."""
        return 6 + self.level

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse "4SXN", "3NTE", "3NE", "7HXXW" (case-insensitive)."""
        match = _CONTRACT.match(text.strip().upper())
        if match is None:
            raise ValueError(f"{text!r} is not a contract")
        level, denomination, doubling, declarer = match.groups()
        return cls(
            level=int(level),
            denomination=Denomination.parse(denomination),
            doubling=Doubling(doubling),
            declarer=Seat(declarer),
        )
