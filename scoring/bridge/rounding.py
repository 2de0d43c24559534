"""Rounding at publication, and nowhere else.

The Laws leave rounding to regulation (Law 78D; Law 12C2 "rounding is
regulation"). The engine keeps every figure exact (``int`` or ``Fraction``)
and rounds once, when a figure is published: see decision 0020.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = ["Exact", "publish", "round_half_away_from_zero", "round_to_multiple"]

Exact = int | Fraction
"""An exact score: matchpoints, IMPs, VPs or percentages before publication."""


def round_half_away_from_zero(value: Exact, places: int = 2) -> Decimal:
    """Return ``value`` rounded to ``places`` decimals, exact halves away from zero.

    Decision 0020: halves go away from zero (for percentages and matchpoints,
    which are never negative, this is "away from the average" only above it;
    publication of a percentage uses it as the conventional half-up).
    """
    # On the numerator and denominator as they are: reducing the fraction
    # first (a Fraction built per figure) changes neither the whole part nor
    # whether the rest is a half; a rebuild publishes thousands of figures.
    exact = value if isinstance(value, int | Fraction) else Fraction(value)
    numerator = exact.numerator * 10**places
    denominator = exact.denominator
    whole, rest = divmod(abs(numerator), denominator)
    if 2 * rest >= denominator:
        whole += 1
    signed = -whole if numerator < 0 else whole
    return Decimal(signed).scaleb(-places)


def round_to_multiple(value: Exact, step: int) -> int:
    """Return ``value`` rounded to the nearest multiple of ``step``, halves away from zero.

    Used for the Butler datum (nearest 10 points).
    """
    q = Fraction(value) / step
    whole, rest = divmod(abs(q.numerator), q.denominator)
    if 2 * rest >= q.denominator:
        whole += 1
    return (-whole if q < 0 else whole) * step


def publish(value: Exact, places: int = 2) -> Decimal:
    """Return the published form of an exact figure (two decimals by default)."""
    return round_half_away_from_zero(value, places)
