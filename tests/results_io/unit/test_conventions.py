"""Each producing program's conventions as import settings (decision 0129)."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest

from scoring.formats.conventions import (
    FewerPlayed,
    FewerPlayedTotals,
    Rounding,
    Totals,
    conventions_for,
    detect_program,
    round_figure,
)


@pytest.mark.parametrize(
    ("text", "program"),
    [
        ("Magic Contest 4.14", "magic_contest"),
        ("Ruter 1.6.22", "ruter"),
        ("Compscore3", "compscore"),
        ("Arbitro", "arbitro"),
        (None, "arbitro"),
        ("EBUScore", "arbitro"),
    ],
)
def test_the_program_is_detected_from_what_the_file_says(
    text: str | None, program: str
) -> None:
    assert detect_program(text) == program


def test_compscore_defaults_and_overrides() -> None:
    compscore = conventions_for("Compscore3")
    assert (compscore.rounding, compscore.totals, compscore.scale_missed) == (
        Rounding.HALF_EVEN,
        Totals.EXACT,
        True,
    )
    changed = conventions_for(
        "Compscore3",
        {"fewer_played": "own_top", "scale_missed": "no", "average_plus": "55"},
    )
    assert (changed.fewer_played, changed.scale_missed, changed.average_plus) == (
        FewerPlayed.OWN_TOP,
        False,
        Decimal(55),
    )
    assert conventions_for("Compscore3", {"program": "ruter"}).program == "ruter"


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"rounding": "up"}, "rounding: 'up' is not valid"),
        ({"colour": "red"}, "unknown import setting 'colour'"),
        (
            {"program": "acbl"},
            "unknown program 'acbl': one of arbitro, magic_contest, ruter, compscore",
        ),
        ({"average_minus": "70"}, "average minus is above average plus"),
    ],
)
def test_bad_settings_are_named(settings: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        conventions_for(None, settings)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("value", "places", "half_up", "half_even"),
    [
        (Fraction(5, 2), 0, "3", "2"),
        (Fraction(-5, 2), 0, "-3", "-2"),
        (Fraction(65625, 1000), 2, "65.63", "65.62"),
        (Fraction(1, 3), 2, "0.33", "0.33"),
        (Fraction(41605, 100), 1, "416.1", "416.0"),
    ],
)
def test_rounding_once_the_programs_way(
    value: Fraction, places: int, half_up: str, half_even: str
) -> None:
    assert round_figure(value, places, Rounding.HALF_UP) == Decimal(half_up)
    assert round_figure(value, places, Rounding.HALF_EVEN) == Decimal(half_even)


def test_compscore_adds_a_board_played_fewer_times_as_a_two_decimal_percentage() -> (
    None
):
    """Decision 0151: Compscore's total adds 35.944 (Neuberg, 34 of 34 on 18
    results factored to 19) as 99.85% of 36; the setting can be turned off."""
    assert (
        conventions_for("Compscore3").fewer_played_totals is FewerPlayedTotals.PERCENT
    )
    assert conventions_for("Ruter").fewer_played_totals is FewerPlayedTotals.EXACT
    turned = conventions_for("Compscore3", {"fewer_played_totals": "exact"})
    assert turned.fewer_played_totals is FewerPlayedTotals.EXACT
    with pytest.raises(ValueError, match="fewer_played_totals: 'rounded' is not valid"):
        conventions_for(None, {"fewer_played_totals": "rounded"})
    kept = Fraction(round_figure(Fraction(647, 18) * 100 / 36, 2, Rounding.HALF_EVEN))
    assert kept * 36 / 100 == Fraction(35946, 1000)
