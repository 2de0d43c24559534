"""The Mitchell movement of burraco turns (Art. 2; Definizioni, "linea").

The fixed line of a table stays there; the mobile lines move one table up
each turn (the last table's to table 1), so that on ``n`` tables ``n`` turns
meet no pair twice. The code sets no step or skip (digest §3): this is the
plain one-table step, decision 0122.
"""

from __future__ import annotations

from burraco.domain.values import Position

__all__ = ["mitchell_positions"]


def mitchell_positions(
    fixed: tuple[int, ...], mobile: tuple[int, ...], turn: int
) -> tuple[Position, ...]:
    """Return the tables of ``turn`` (1-based): table ``i`` keeps ``fixed[i-1]``
    and meets the mobile line that started ``turn - 1`` tables below it."""
    n = len(fixed)
    return tuple(
        Position(table=i + 1, fixed=fixed[i], mobile=mobile[(i - (turn - 1)) % n])
        for i in range(n)
    )
