"""Seats and lines (linee) at a burraco table.

F.I.Bur. Codice di Gara, April 2024 edition, Art. 2 (four players make two
opposing lines), Art. 4 (the deal runs clockwise; the pozzi-maker sits on
the dealer's right) and Art. 15 (the player served first opens the final
round, the dealer closes it). Clockwise order is N, E, S, W.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Seat", "Side"]


class Side(StrEnum):
    """A line (linea): the pair sitting North-South or East-West (Art. 2)."""

    NS = "NS"
    EW = "EW"

    @property
    def opponents(self) -> Side:
        """Return the other line."""
        return Side.EW if self is Side.NS else Side.NS


class Seat(StrEnum):
    """A seat; ``next()`` is the player on the left, clockwise (Art. 4)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def side(self) -> Side:
        """Return the line the seat belongs to."""
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def partner(self) -> Seat:
        """Return the partner's seat."""
        return self.next(2)

    def next(self, steps: int = 1) -> Seat:
        """Return the seat ``steps`` places clockwise (the deal's direction)."""
        order = "NESW"
        return Seat(order[(order.index(self.value) + steps) % 4])

    @property
    def served_first_by(self) -> Seat:
        """Return whom this seat, as dealer, serves first: the next seat clockwise."""
        return self.next()

    @property
    def pozzi_maker(self) -> Seat:
        """Return who builds the pozzi when this seat deals: the dealer's right (Art. 4)."""
        return self.next(3)
