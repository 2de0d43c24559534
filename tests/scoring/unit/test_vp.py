"""Victory points (Law 78D; FIGB N-L78), byes, warnings and knockout ties."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import ArticleRef
from scoring.bridge.errors import InvalidVictoryPointScale
from scoring.bridge.vp import (
    ByeScale,
    MatchOutcome,
    VictoryPointTable,
    figb_bye_score,
    figb_simple_vp,
    figb_total_points_outcome,
    knockout_extra_boards,
    knockout_winner,
    min_margin_for_vp,
    warnings_vp_lost,
    wbf_discrete_table,
    wbf_discrete_vp,
    wbf_vp,
    wbf_vp_pair,
    wbf_vp_table,
    wbf_vp_with_imp_penalties,
    wrong_seating_penalty,
)


@pytest.mark.parametrize(
    ("boards", "margin", "expected"),
    [
        (16, 0, "10"),
        (16, 1, "10.31"),
        (16, 2, "10.61"),
        (16, 10, "12.80"),
        (16, 15, "13.97"),
        (16, 60, "20"),
        (12, 52, "20"),
        (8, 0, "10"),
        (8, 1, "10.44"),
        (24, 1, "10.25"),
        (32, 1, "10.22"),
    ],
)
def test_wbf_continuous_values(boards: int, margin: int, expected: str) -> None:
    """WBF 20-VP continuous scale: 10 + 10(1 - t^(3I/X)) / (1 - t^3), X = 15 sqrt N."""
    assert wbf_vp(margin, boards) == Fraction(expected)


def test_the_blitz_is_twenty_nil() -> None:
    """At or beyond 15 sqrt(N) IMPs the winner takes 20 and the loser 0."""
    assert wbf_vp(61, 16) == 20
    assert wbf_vp(-61, 16) == 0
    assert wbf_vp(500, 16) == 20


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=64), st.integers(min_value=-200, max_value=200)
)
def test_wbf_vps_sum_to_twenty_and_never_fall(boards: int, margin: int) -> None:
    """Both teams' VPs sum to 20; one more IMP never costs VPs (Law 78D)."""
    assert wbf_vp(margin, boards) + wbf_vp(-margin, boards) == 20
    assert wbf_vp(margin + 1, boards) >= wbf_vp(margin, boards)
    assert wbf_vp(margin, boards) * 100 == int(wbf_vp(margin, boards) * 100)


@pytest.mark.parametrize("boards", [1, 7, 8, 12, 14, 16, 20, 24, 28, 32, 48, 64])
def test_wbf_scale_is_concave(boards: int) -> None:
    """Each extra IMP is worth no more VPs than the one before (decision 0024)."""
    table = wbf_vp_table(boards)
    steps = [b - a for a, b in pairwise(table)]
    assert all(later <= earlier for earlier, later in pairwise(steps))
    assert table[0] == 10
    assert table[-1] == 20


def test_fractional_margins_round_before_the_scale() -> None:
    """Cross-IMP totals round to the nearest IMP, halves away from zero."""
    assert wbf_vp_pair(Fraction(29, 2), 0, 16) == (wbf_vp(15, 16), 20 - wbf_vp(15, 16))
    assert wbf_vp_pair(0, Fraction(29, 2), 16) == (20 - wbf_vp(15, 16), wbf_vp(15, 16))


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=1, max_value=40), st.integers(min_value=-120, max_value=120)
)
def test_discrete_scale_is_whole_and_monotone(boards: int, margin: int) -> None:
    """The derived discrete scale gives whole VPs summing to 20, rising with the margin."""
    vp = wbf_discrete_vp(margin, boards)
    assert vp.denominator == 1
    assert vp + wbf_discrete_vp(-margin, boards) == 20
    assert wbf_discrete_vp(margin + 1, boards) >= vp


def test_discrete_bands_never_narrow() -> None:
    """Each whole VP needs an IMP range no narrower than the one before."""
    for boards in (8, 12, 16, 20, 24, 32):
        thresholds = [
            0,
            *wbf_discrete_table(boards).thresholds,
        ]
        widths = [b - a for a, b in pairwise(thresholds)]
        assert widths == sorted(widths)


def test_a_loaded_table_is_used_as_given() -> None:
    """An official discrete table can be loaded as data."""
    table = VictoryPointTable(total=20, draw=Fraction(10), thresholds=(2, 5, 8))
    assert [table.vp(m) for m in (0, 1, 2, 4, 5, 8, 30)] == [10, 10, 11, 11, 12, 13, 13]
    assert table.vp(-5) == 8


def test_min_margin_for_vp() -> None:
    """The least margin worth 18 VPs over 16 boards."""
    margin = min_margin_for_vp(18, 16)
    assert wbf_vp(margin, 16) >= 18
    assert wbf_vp(margin - 1, 16) < 18


@pytest.mark.parametrize(
    ("margin", "boards", "expected"),
    [
        (4, 20, 1),  # 4 is not more than 20/5
        (5, 20, 2),
        (-5, 20, 0),
        (12, 64, 1),  # 12.8 needed
        (13, 64, 2),
        (12, 80, 1),  # beyond 64 boards: 13 IMPs
        (13, 80, 2),
        (-13, 80, 0),
        (0, 32, 1),
    ],
)
def test_figb_simple_vp_margins(margin: int, boards: int, expected: int) -> None:
    """FIGB N-L78 §2a: a win needs more than boards/5 IMPs (13 beyond 64 boards)."""
    assert figb_simple_vp(margin, boards) == expected


def test_figb_total_points_margins() -> None:
    """FIGB N-L78 §2b: more than 500 over 32 boards, more than 1,000 over 64."""
    assert figb_total_points_outcome(500, 32) is MatchOutcome.DRAW
    assert figb_total_points_outcome(510, 32) is MatchOutcome.WIN
    assert figb_total_points_outcome(-1010, 64) is MatchOutcome.LOSS
    with pytest.raises(InvalidVictoryPointScale) as raised:
        figb_total_points_outcome(600, 40)
    assert raised.value.code == "invalid_victory_point_scale"
    assert raised.value.law == ArticleRef(
        article="N-L78 §2b", source="FIGB norme integrative 2004"
    )


def test_figb_bye_scores() -> None:
    """FIGB N-L78 §3: 7 VP +7 IMPs; 9 VP +12; 10 VP +12; 18 VP on 25-0."""
    assert figb_bye_score(ByeScale.TEN).vp == 7
    assert figb_bye_score(ByeScale.TEN).imps == 7
    assert figb_bye_score(ByeScale.TWELVE).imps == 12
    assert figb_bye_score(ByeScale.FOURTEEN).vp == 10
    assert figb_bye_score(ByeScale.TWENTY_FIVE, imps_for_18=31).vp == 18
    with pytest.raises(InvalidVictoryPointScale):
        figb_bye_score(ByeScale.TWENTY_FIVE)


def test_every_two_warnings_cost_a_vp() -> None:
    """FIGB N-L8 §2, §4: two warnings cost 1 VP; an odd one remains."""
    assert warnings_vp_lost(0) == (0, 0)
    assert warnings_vp_lost(1) == (0, 1)
    assert warnings_vp_lost(2) == (1, 0)
    assert warnings_vp_lost(5) == (2, 1)


def test_knockout_extra_boards() -> None:
    """FIGB N-L78 §2c: one board per 8 validly played, rounded down (22 -> 2)."""
    assert knockout_extra_boards(22) == 2
    assert knockout_extra_boards(64) == 8
    assert knockout_extra_boards(5) == 1
    assert knockout_extra_boards(5, minimum=0) == 0


def test_one_imp_decides_a_knockout() -> None:
    """FIGB N-L78 §2c: even one IMP wins a knockout match."""
    assert knockout_winner(101, 100) == 1
    assert knockout_winner(100, 101) == -1
    assert knockout_winner(Fraction(201, 2), Fraction(201, 2)) == 0


def test_wrong_seating_costs_a_share_of_the_draw() -> None:
    """FIGB N-L5: 20% (3 VP on 25-0) or 40% (6 VP) of the draw score."""
    assert wrong_seating_penalty(15, last_segment=False) == 3
    assert wrong_seating_penalty(15, last_segment=True) == 6
    assert wrong_seating_penalty(10, last_segment=True) == 4


def test_imp_penalty_hits_one_team_only() -> None:
    """FIGB §2.1: a 3-IMP penalty lowers the offender's VPs and leaves the other's."""
    clean = wbf_vp_pair(30, 20, 16)
    penalised = wbf_vp_with_imp_penalties(30, 20, 16, penalty_a=3)
    assert penalised == (wbf_vp(7, 16), clean[1])
    assert sum(penalised) < 20
