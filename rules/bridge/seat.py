"""Seats at the table (Nord, Est, Sud, Ovest) and the two sides.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 1 and the Definitions:
the turn to call or play passes clockwise (N -> E -> S -> W -> N).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Seat", "Side"]

_ORDER = "NESW"
_NAMES = {
    "n": "N",
    "north": "N",
    "nord": "N",
    "e": "E",
    "east": "E",
    "est": "E",
    "s": "S",
    "south": "S",
    "sud": "S",
    "w": "W",
    "west": "W",
    "o": "W",
    "ovest": "W",
}


class Seat(StrEnum):
    """One of the four compass seats; ``Seat.N.lho is Seat.E`` (clockwise)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def position(self) -> int:
        """Return the position in N, E, S, W order (0..3)."""
        return _ORDER.index(self.value)

    def next(self, n: int = 1) -> Seat:
        """Return the seat ``n`` places clockwise (negative counts go anticlockwise)."""
        return Seat(_ORDER[(self.position + n) % 4])

    @property
    def lho(self) -> Seat:
        """Return the left-hand opponent, the next seat clockwise."""
        return self.next(1)

    @property
    def partner(self) -> Seat:
        """Return the partner, sitting opposite."""
        return self.next(2)

    @property
    def rho(self) -> Seat:
        """Return the right-hand opponent, the previous seat clockwise."""
        return self.next(3)

    @property
    def side(self) -> Side:
        """Return the side (NS or EW) the seat belongs to."""
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Parse "N"/"north" (case-insensitive; Italian "nord", "ovest" too)."""
        key = text.strip().lower()
        if key not in _NAMES:
            raise ValueError(f"{text!r} is not a seat")
        return cls(_NAMES[key])


class Side(StrEnum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """Return the two seats of the side."""
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def opponents(self) -> Side:
        """Return the other side."""
        return Side.EW if self is Side.NS else Side.NS
