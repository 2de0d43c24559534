"""IMPs (Law 78B), team matches, cross-IMPs and Butler (Law 78D), Law 12C4."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LawRef
from scoring.bridge import (
    FIGB_INDEMNITY_IMPS,
    InvalidScore,
    butler,
    butler_datum,
    cross_imps,
    imps,
    knockout_adjusted_imps,
    team_board_imps,
    weighted_imps,
)

# Law 78B: (lowest difference, highest difference, IMPs)
IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4),
    (170, 210, 5), (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9),
    (430, 490, 10), (500, 590, 11), (600, 740, 12), (750, 890, 13),
    (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("low", "high", "expected"), IMP_TABLE)
def test_imp_table_at_every_boundary(low: int, high: int, expected: int) -> None:
    """Both ends of every row of the IMP scale, and their negatives (Law 78B)."""
    assert imps(low) == expected
    assert imps(high) == expected
    assert imps(-low) == -expected
    assert imps(-high) == -expected


def test_every_difference_between_rows_goes_up_one_imp() -> None:
    """Each row starts 10 points after the previous one ends (Law 78B)."""
    for (_, high, value), (low, _, next_value) in pairwise(IMP_TABLE):
        assert low == high + 10
        assert next_value == value + 1


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-15200, max_value=15200))
def test_imps_are_odd_monotone_and_capped(difference: int) -> None:
    """imps(-d) == -imps(d), never decreasing, never above 24 (Law 78B)."""
    assert imps(-difference) == -imps(difference)
    assert imps(difference + 10) >= imps(difference)
    assert abs(imps(difference)) <= 24


def test_team_match_board() -> None:
    """NS +620 in room 1, NS +170 in room 2: 450 points, 10 IMPs to the room-1 NS team."""
    assert team_board_imps(620, 170) == 10
    assert team_board_imps(170, 620) == -10


def test_cross_imps_average_the_comparisons() -> None:
    """Cross-IMPs: each result IMPed against the others, divided by n - 1 (Law 78D)."""
    assert cross_imps([620, 170, 140, 140, -100]) == [
        Fraction(21, 2),
        Fraction(-1, 4),
        Fraction(-5, 4),
        Fraction(-5, 4),
        Fraction(-31, 4),
    ]
    assert cross_imps([420]) == [Fraction(0)]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.integers(min_value=-760, max_value=760).map(lambda v: v * 10),
        min_size=2,
        max_size=12,
    )
)
def test_cross_imps_sum_to_zero(scores: list[int]) -> None:
    """Every comparison counts once each way, so a board's cross-IMPs sum to 0."""
    assert sum(cross_imps(scores)) == 0


def test_butler_datum_drops_top_and_bottom() -> None:
    """The datum averages the results without the extremes, to the nearest 10 (Law 78D)."""
    board = butler([-650, -170, -1440, 100, -170, -200])
    # Without -1440 and +100: (-650 - 170 - 170 - 200) / 4 = -297.5 -> -300.
    assert board.datum == -300
    assert board.ns_imps == (-8, 4, -15, 9, 4, 3)


def test_butler_datum_halves_round_away_from_zero() -> None:
    """A datum of exactly 5 points over a multiple of 10 goes away from zero."""
    assert butler_datum([0, 10, 20, 30], discard=0) == 20  # mean 15
    assert butler_datum([0, -10, -20, -30], discard=0) == -20  # mean -15
    assert butler_datum([100, 120, 0, 1000]) == 110


def test_butler_keeps_every_result_when_too_few() -> None:
    """With two results nothing is dropped."""
    assert butler_datum([100, 200]) == 150


def test_butler_needs_a_result() -> None:
    """An empty board has no datum."""
    with pytest.raises(InvalidScore) as raised:
        butler_datum([])
    assert raised.value.code == "invalid_score"
    assert raised.value.law == LawRef("78D")


def test_knockout_non_balancing_scores_are_averaged() -> None:
    """Law 12C4: A +5 from its own score, B -9 from its own: A +7, B -7."""
    assert knockout_adjusted_imps(5, -9) == 7


def test_figb_indemnity_is_three_imps() -> None:
    """FIGB N-L88: the team of an innocent pair with an artificial score gets 3 IMPs."""
    assert FIGB_INDEMNITY_IMPS == 3


def test_weighted_score_in_imps() -> None:
    """Law 12C1(c): 60% of +620 and 40% of -100 against +170: 0.6 * 10 + 0.4 * -7."""
    assert weighted_imps(
        [(620, Fraction(3, 5)), (-100, Fraction(2, 5))], 170
    ) == Fraction(16, 5)
