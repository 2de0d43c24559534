"""Adjusted-score markers (Law 12C), fouled boards (Law 87; FIGB N-L87), IMP forms."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import LawRef
from scoring.bridge import (
    Artificial,
    ArtificialScore,
    Assigned,
    FouledTreatment,
    InvalidAdjustment,
    InvalidScore,
    InvalidWeights,
    NoFaultRule,
    SwapKind,
    artificial_imps,
    fouled_board_treatment,
    no_fault_percent,
    swapped_cards_artificial,
    teams_nos_imps,
)


def test_artificial_defaults_follow_law_12c2a() -> None:
    """Average plus goes to a side in no way at fault; the sides need not total 100%."""
    score = Artificial.of(ArtificialScore.AVERAGE_PLUS, ArtificialScore.AVERAGE_PLUS)
    assert (score.ns_percent, score.ew_percent) == (60, 60)
    assert score.ns_no_fault is True
    minus = Artificial.of(ArtificialScore.AVERAGE_PLUS, ArtificialScore.AVERAGE_MINUS)
    assert minus.ew_no_fault is False
    assert str(minus) == "A6040"


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("A6040", 60, 40),
        ("60-40", 60, 40),
        ("60%-40%", 60, 40),
        ("50/50", 50, 50),
        ("a4040", 40, 40),
    ],
)
def test_artificial_notation(text: str, ns: int, ew: int) -> None:
    """Scorers write artificial scores as "A6040" or "60%-40%" (NS first)."""
    score = Artificial.parse(text)
    assert (score.ns_percent, score.ew_percent) == (ns, ew)


def test_artificial_percent_out_of_range() -> None:
    """A percentage lies between 0 and 100 (Law 12C2)."""
    with pytest.raises(InvalidAdjustment) as raised:
        Artificial.of(120, 40)
    assert raised.value.code == "invalid_adjustment"
    assert str(raised.value.law) == "Law 12C2"


def test_weights_are_exact_to_two_decimals_and_sum_to_one() -> None:
    """Law 12C1(c) weights: two decimals, summing to exactly 1 (decision 0022)."""
    score = Assigned.weighted(
        [(1430, "0.25"), (680, "0.40"), (650, "0.20"), (-100, "0.15")]
    )
    assert sum(o.weight for o in score.ns_side) == 1
    assert score.is_split is False
    with pytest.raises(InvalidWeights) as raised:
        Assigned.weighted([(620, "0.333"), (-100, "0.667")])
    assert raised.value.code == "invalid_weights"
    assert raised.value.law == LawRef("12C1")
    with pytest.raises(InvalidWeights):
        Assigned.weighted([(620, "0.6"), (-100, "0.3")])
    with pytest.raises(InvalidScore):
        Assigned.weighted([(625, "0.6"), (-100, "0.4")])


def test_equal_outcomes_merge() -> None:
    """The same result listed twice counts once with the summed weight."""
    score = Assigned.weighted([(620, "0.3"), (620, "0.3"), (-100, "0.4")])
    assert [(o.ns_score, o.weight) for o in score.ns_side] == [
        (620, Fraction(3, 5)),
        (-100, Fraction(2, 5)),
    ]


def test_no_fault_rules() -> None:
    """Law 12C2(c) keeps the larger; FIGB N-L12 takes the session percentage, floored at 60% if chosen."""
    assert no_fault_percent(Fraction(60), Fraction(65), NoFaultRule.LAW_12C2C) == 65
    assert no_fault_percent(Fraction(60), Fraction(55), NoFaultRule.LAW_12C2C) == 60
    assert (
        no_fault_percent(Fraction(50), Fraction(45), NoFaultRule.FIGB_SESSION_PERCENT)
        == 45
    )
    assert (
        no_fault_percent(
            Fraction(50), Fraction(45), NoFaultRule.FIGB_SESSION_PERCENT_MIN_60
        )
        == 60
    )
    assert no_fault_percent(Fraction(60), None, NoFaultRule.LAW_12C2C) == 60
    assert no_fault_percent(Fraction(60), Fraction(70), NoFaultRule.NONE) == 60


def test_artificial_imps() -> None:
    """Law 12C2(b): average plus +3 IMPs, average 0, average minus -3."""
    assert artificial_imps(ArtificialScore.AVERAGE_PLUS) == 3
    assert artificial_imps(ArtificialScore.AVERAGE) == 0
    assert artificial_imps(ArtificialScore.AVERAGE_MINUS) == -3
    assert artificial_imps(ArtificialScore.AVERAGE_PLUS, plus=2) == 2


def test_teams_non_offenders_get_the_better_of_plus_three_and_assigned() -> None:
    """Law 86B2(b): max(+3, assigned) to the non-offending team."""
    assert teams_nos_imps(1) == 3
    assert teams_nos_imps(7) == 7


def test_swapped_cards_scores() -> None:
    """FIGB N-L87 §7a: NS swap 40/50, EW swap 50/40, across the pairs 40/40."""
    assert str(swapped_cards_artificial(SwapKind.NORTH_SOUTH)) == "A4050"
    assert str(swapped_cards_artificial(SwapKind.EAST_WEST)) == "A5040"
    assert str(swapped_cards_artificial(SwapKind.ACROSS)) == "A4040"


@pytest.mark.parametrize(
    ("fouled", "total", "expected"),
    [
        (1, 13, FouledTreatment.ARTIFICIAL),
        (2, 13, FouledTreatment.ARTIFICIAL),
        (3, 13, FouledTreatment.GROUPS),
        (2, 10, FouledTreatment.GROUPS),
        (1, 6, FouledTreatment.ARTIFICIAL),
    ],
)
def test_fouled_board_fifth_of_the_rounds(
    fouled: int, total: int, expected: FouledTreatment
) -> None:
    """FIGB N-L87 §7a: under a fifth of the rounds, artificial scores; a fifth or more, groups."""
    assert fouled_board_treatment(fouled, total) is expected


def test_fouled_rounds_must_fit_the_session() -> None:
    """More fouled rounds than the session has is refused."""
    with pytest.raises(InvalidAdjustment):
        fouled_board_treatment(5, 4)
