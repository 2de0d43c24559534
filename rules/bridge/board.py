"""A duplicate board: its number, the dealer and vulnerability it implies, its deal.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 2: dealer and vulnerability
are fixed by the board number.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bridge.deal import Deal
from rules.bridge.seat import Seat
from rules.bridge.vulnerability import Vulnerability, dealer_for, vulnerability_for

__all__ = ["Board"]


@dataclass(frozen=True)
class Board:
    """A board; ``deal`` is None until the cards are known."""

    number: int
    deal: Deal | None = None

    def __post_init__(self) -> None:
        # Validates the number (>= 1) with the same message as Law 2's helpers.
        dealer_for(self.number)

    @property
    def dealer(self) -> Seat:
        """Return the dealer for this board number (Law 2)."""
        return dealer_for(self.number)

    @property
    def vulnerability(self) -> Vulnerability:
        """Return the vulnerability for this board number (Law 2)."""
        return vulnerability_for(self.number)
