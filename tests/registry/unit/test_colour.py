"""Colour classification of a system (App1 §2.3), suggested and never imposed."""

from __future__ import annotations

from registry.domain.systems.card import (
    SystemBase,
    SystemColour,
)
from registry.domain.systems.check import (
    check_system,
    suggest_colour,
)
from registry.domain.systems.findings import Severity
from tests.registry.unit.cards import (
    category,
    meaning,
    natural,
    opening,
    shows,
    with_methods,
)

PRECISION_1C = opening("1C", meaning(16), artificial=True)
POLISH_1C = opening(
    "1C",
    meaning(12, 14),
    meaning(12, 17, shows("C", 5)),
    meaning(18),
    artificial=True,
)
MULTI = opening(
    "2D",
    meaning(5, 10, shows("H", 6)),
    meaning(5, 10, shows("S", 6)),
    meaning(20, 21),
    artificial=True,
)


def test_five_card_majors_with_a_strong_two_clubs_is_green() -> None:
    """Natural five-card majors; a strong artificial 2C keeps it Green (§2.3, §5)."""
    assert suggest_colour(natural()) is SystemColour.GREEN


def test_an_always_strong_club_is_blue() -> None:
    """Strong club where 1C is always strong (App1 §2.3, Blu)."""
    assert suggest_colour(with_methods(PRECISION_1C)) is SystemColour.BLUE


def test_a_three_way_club_is_red() -> None:
    """1C natural, balanced or strong: the source's own Red example (§2.3)."""
    assert suggest_colour(with_methods(POLISH_1C)) is SystemColour.RED


def test_multi_and_methods_varying_by_seat_are_red() -> None:
    """Multi-type calls; basic methods varying with seat or vulnerability (§2.3)."""
    assert suggest_colour(with_methods(MULTI)) is SystemColour.RED
    assert suggest_colour(natural(varies_by_seat_or_vulnerability=True)) is (
        SystemColour.RED
    )


def test_a_short_long_base_is_suggested_red() -> None:
    """The source gives no colour for Corto-Lungo; decision 0036 suggests Red."""
    assert suggest_colour(natural(base=SystemBase.SHORT_LONG)) is SystemColour.RED


def test_hum_is_yellow_before_anything_else() -> None:
    """Yellow takes precedence: HUM is HUM whatever else it is (§2.3)."""
    card = with_methods(PRECISION_1C, opening("1H", meaning(7, 11, shows("H", 5))))
    assert suggest_colour(card) is SystemColour.YELLOW


def test_a_mismatched_colour_is_a_warning_for_the_director_only() -> None:
    """The pair declares the colour; a mismatch is flagged, never reclassified (V8)."""
    card = with_methods(MULTI, colour=SystemColour.GREEN, front_right_items=("2D",))
    check = check_system(card, category(2))
    assert check.permitted is True
    assert check.suggested_colour is SystemColour.RED
    [finding] = check.findings
    assert (finding.code, finding.severity, finding.citation) == (
        "colour_mismatch",
        Severity.WARNING,
        "App1 §2.3",
    )
