"""The VP a line's warnings cost in the standings (Definizioni; Poteri d; Q1)."""

import pytest

from rules.burraco import InconsistentFacts
from scoring.burraco import WarningPolicy, warnings_vp_deduction


@pytest.mark.parametrize(
    ("warnings", "every_two", "every_from_second"),
    [(0, 0, 0), (1, 0, 0), (2, 1, 1), (3, 1, 2), (4, 2, 3), (5, 2, 4)],
)
def test_the_second_warning_costs_one_vp(
    warnings: int, every_two: int, every_from_second: int
) -> None:
    """The 2nd costs 1 VP; later ones by the policy (decision 0068)."""
    assert warnings_vp_deduction(warnings) == every_two
    assert (
        warnings_vp_deduction(warnings, WarningPolicy.EVERY_FROM_SECOND)
        == every_from_second
    )


def test_a_negative_count_is_refused() -> None:
    """Warnings are counted from zero."""
    with pytest.raises(InconsistentFacts, match="-1 is not a number of warnings"):
        warnings_vp_deduction(-1)
