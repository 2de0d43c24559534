"""Rounding happens once, at publication (decision 0020; Law 78D)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.bridge import publish, rank, round_half_away_from_zero, round_to_multiple


def test_publish_two_decimals_halves_away_from_zero() -> None:
    """Exact halves go away from zero; everything else to the nearest."""
    assert publish(Fraction(36, 5)) == Decimal("7.20")
    assert publish(Fraction(1, 200)) == Decimal("0.01")
    assert publish(Fraction(-1, 200)) == Decimal("-0.01")
    assert publish(Fraction(2, 3)) == Decimal("0.67")
    assert publish(Fraction(1, 3)) == Decimal("0.33")
    assert round_half_away_from_zero(Fraction(5, 2), 0) == Decimal("3")
    assert round_half_away_from_zero(Fraction(-5, 2), 0) == Decimal("-3")


def test_round_to_multiple() -> None:
    """The Butler datum rounds to 10 points, exact fives away from zero."""
    assert round_to_multiple(Fraction(-595, 2), 10) == -300
    assert round_to_multiple(15, 10) == 20
    assert round_to_multiple(-15, 10) == -20
    assert round_to_multiple(14, 10) == 10


@settings(max_examples=200, deadline=None)
@given(st.fractions(min_value=-1000, max_value=1000))
def test_published_value_is_within_half_a_unit(value: Fraction) -> None:
    """The published figure never differs from the exact one by more than 0.005."""
    assert abs(Fraction(publish(value)) - value) <= Fraction(1, 200)


def test_ranks_compare_exact_values() -> None:
    """Values equal only after rounding do not tie (decision 0020)."""
    placings = rank([Fraction(5512, 100), Fraction(55124, 1000), Fraction(5512, 100)])
    assert [(p.rank, p.tied) for p in placings] == [(2, True), (1, False), (2, True)]


def _reference(value: Fraction, places: int) -> Decimal:
    """Round half away from zero with Fraction arithmetic, as it was first written."""
    q = Fraction(value) * 10**places
    whole, rest = divmod(abs(q.numerator), q.denominator)
    if 2 * rest >= q.denominator:
        whole += 1
    return Decimal(-whole if q < 0 else whole).scaleb(-places)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.fractions(min_value=-(10**6), max_value=10**6), st.integers(-(10**6), 10**6)
    ),
    st.integers(min_value=0, max_value=4),
)
def test_rounding_on_numerator_and_denominator_equals_the_fraction_arithmetic(
    value: Fraction | int, places: int
) -> None:
    """Rounding works on the figure's numerator and denominator as they come
    (no Fraction built per figure): the same digits, the same exponent."""
    assert str(round_half_away_from_zero(value, places)) == str(
        _reference(Fraction(value), places)
    )
