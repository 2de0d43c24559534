"""Matchpoints on a board (Law 78A), Neuberg, FIGB averages, groups, Law 12C."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LawRef
from scoring.bridge import (
    Artificial,
    Assigned,
    FieldMethod,
    ScoringError,
    matchpoints,
    neuberg,
    percent_of_top,
    score_board,
    top_for,
)

scores = st.integers(min_value=-760, max_value=760).map(lambda v: v * 10)
boards = st.lists(
    st.sampled_from([-800, -100, -50, 110, 140, 170, 420, 450, 620, 650, 1430])
    | scores,
    min_size=1,
    max_size=40,
)


def test_two_one_zero_scale() -> None:
    """2 per result beaten, 1 per result tied; top = 2(n - 1) (Law 78A)."""
    assert matchpoints([90, 0, -50, -50]) == [6, 4, 1, 1]
    assert top_for(4) == 6
    board = score_board([90, 0, -50, -50])
    assert board.ns == (6, 4, 1, 1)
    assert board.ew == (0, 2, 5, 5)


@settings(max_examples=200, deadline=None)
@given(boards)
def test_matchpoints_on_a_board_sum_to_n_n_minus_1(ns_scores: list[int]) -> None:
    """n results share n(n - 1) matchpoints in each direction (Law 78A)."""
    n = len(ns_scores)
    board = score_board(ns_scores)
    assert sum(board.ns) == n * (n - 1)
    assert sum(board.ew) == n * (n - 1)


@settings(max_examples=200, deadline=None)
@given(boards)
def test_directions_are_symmetric(ns_scores: list[int]) -> None:
    """NS and EW matchpoints at a table add up to the top; negating every score swaps them."""
    board = score_board(ns_scores)
    assert all(a + b == board.top for a, b in zip(board.ns, board.ew, strict=True))
    mirrored = score_board([-s for s in ns_scores])
    assert mirrored.ns == board.ew


@settings(max_examples=200, deadline=None)
@given(boards)
def test_neuberg_is_the_identity_with_no_missing_results(ns_scores: list[int]) -> None:
    """Factoring from n to n results changes nothing."""
    n = len(ns_scores)
    plain = score_board(ns_scores)
    factored = score_board(ns_scores, expected=n)
    assert plain == factored
    assert all(neuberg(mp, n, n) == mp for mp in plain.ns)


@settings(max_examples=100, deadline=None)
@given(boards, st.integers(min_value=0, max_value=10))
def test_neuberg_keeps_the_board_average(ns_scores: list[int], missing: int) -> None:
    """A factored board still averages half the full top, each side complementing the other."""
    n = len(ns_scores)
    board = score_board(ns_scores, expected=n + missing)
    assert board.top == 2 * (n + missing - 1)
    assert sum(board.ns) == Fraction(n * board.top, 2)
    assert all(a + b == board.top for a, b in zip(board.ns, board.ew, strict=True))


def test_neuberg_formula() -> None:
    """((M + 1) * E / A) - 1 on the 2/1/0 scale (field-anchors; EBU White Book 4.2.3)."""
    assert neuberg(6, 4, 5) == Fraction(31, 4)
    assert score_board([90, 0, -50, -50], expected=5).ns == (
        Fraction(31, 4),
        Fraction(21, 4),
        Fraction(3, 2),
        Fraction(3, 2),
    )


def test_artificial_scores_take_a_share_of_the_top() -> None:
    """Law 12C2 worked example: 6 results, top 10: 6 / 5 / 4; 7 results, top 12: 7.2 / 6 / 4.8."""
    six = score_board([420, 420, 170, -50, 620, Artificial.of(60, 40)])
    assert six.top == 10
    assert (six.ns[-1], six.ew[-1]) == (6, 4)
    seven = score_board([420, 420, 170, -50, 620, 100, Artificial.parse("A6050")])
    assert seven.top == 12
    assert (seven.ns[-1], seven.ew[-1]) == (Fraction(36, 5), 6)
    minus = score_board([420, 420, 170, -50, 620, 100, Artificial.of(40, 40)])
    assert minus.ns[-1] == Fraction(24, 5)


def test_neuberg_method_leaves_artificial_results_out() -> None:
    """The other results are compared among themselves and factored to the full field."""
    board = score_board([420, Artificial.of(60, 40), 170, -50, 420])
    # 4 real results: 420 scores 5 of 6; factored to 5 results: (5 + 1) * 5/4 - 1.
    assert board.ns[0] == Fraction(13, 2)
    assert board.ns[2] == Fraction(11, 4)
    assert board.compared == 4


def test_figb_average_counts_as_a_tie_for_everyone() -> None:
    """FIGB N-L12: each averaged table lowers the top and raises the bottom by one."""
    board = score_board(
        [420, Artificial.of(50, 50), 170, -50, 420], method=FieldMethod.FIGB_AVERAGES
    )
    assert board.top == 8
    # Among the 4 real results 420 scores 5, 170 scores 2, -50 scores 0; +1 each.
    assert board.ns == (6, 4, 3, 1, 6)
    assert board.ew == (2, 4, 5, 7, 2)
    assert max(board.ns[:1] + board.ns[2:]) == board.top - 2


def test_figb_two_averages() -> None:
    """FIGB N-L12: with m averages the top falls by m and the bottom rises by m."""
    board = score_board(
        [620, 420, Artificial.of(50, 50), 170, Artificial.of(50, 50), -100],
        method=FieldMethod.FIGB_AVERAGES,
    )
    assert board.top == 10
    assert board.ns == (8, 6, 5, 4, 5, 2)


def test_fouled_board_in_two_groups_figb() -> None:
    """FIGB N-L87 §7: each group scored alone, plus 1 per result of the other group."""
    board = score_board(
        [650, 170, -100, 170, 420, -100],
        groups=[0, 0, 0, 1, 1, 1],
        method=FieldMethod.FIGB_AVERAGES,
    )
    assert board.top == 10
    assert board.ns == (7, 5, 3, 5, 7, 3)
    assert sum(board.ns) == 30


def test_fouled_board_in_two_groups_neuberg() -> None:
    """Law 87B with Neuberg: each group factored to the whole field."""
    board = score_board([650, 170, 420, 170, -100], groups=[0, 0, 0, 1, 1])
    assert board.top == 8
    # Group of 3: 650 tops with 4 of 4 -> (4 + 1) * 5/3 - 1 = 22/3.
    assert board.ns[0] == Fraction(22, 3)
    # Group of 2: 170 beats -100 -> (2 + 1) * 5/2 - 1 = 13/2.
    assert board.ns[3] == Fraction(13, 2)


def test_weighted_score_matchpoints_each_outcome() -> None:
    """Law 12C1(c): 30% of +650 and 70% of -100, each matchpointed, then weighted."""
    weighted = Assigned.weighted([(650, "0.30"), (-100, "0.70")])
    board = score_board([650, weighted, -100, 170, 420, -100])
    # +650 would score 9 of 10, -100 would score 2: 0.3 * 9 + 0.7 * 2 = 4.1.
    assert board.ns[1] == Fraction(41, 10)
    assert board.ew[1] == Fraction(59, 10)
    # The field is scored against the weighted outcomes: +650 ties 30% of a table.
    assert board.ns[0] == Fraction(97, 10)
    assert sum(board.ns) == 30


def test_split_score_each_side_against_its_own_direction() -> None:
    """Law 12C1(e): NS get +650, EW get -100; each compared with its own direction."""
    split = Assigned.split(ns_side=[(650, 1)], ew_side=[(-100, 1)])
    board = score_board([650, split, -100, 170, 420, -100])
    assert board.ns[1] == 9
    assert board.ew[1] == 8
    assert sum(board.ns) == 30
    assert sum(board.ew) == 30


def test_single_assigned_score_replaces_the_result() -> None:
    """Law 12C1(a): an assigned score is matchpointed like a table result."""
    assigned = score_board([620, Assigned.single(170), -100])
    plain = score_board([620, 170, -100])
    assert assigned.ns == plain.ns


def test_percent_of_top() -> None:
    """Percentages are exact fractions of the top; no top gives 50%."""
    assert percent_of_top(6, 10) == 60
    assert percent_of_top(Fraction(36, 5), 12) == 60
    assert percent_of_top(0, 0) == 50


def test_more_results_than_expected_is_refused() -> None:
    """A board cannot have more results than the field expects."""
    with pytest.raises(ScoringError) as raised:
        score_board([10, 20, 30], expected=2)
    assert raised.value.code == "scoring_error"
    assert raised.value.law == LawRef("78A")
