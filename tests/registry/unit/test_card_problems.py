"""A card must be readable before App1 applies to it."""

from __future__ import annotations

from registry.domain.systems.wellformed import card_problems
from tests.registry.unit.cards import (
    meaning,
    natural,
    opening,
    overcall,
    with_methods,
)


def test_the_natural_card_is_well_formed() -> None:
    assert card_problems(natural()) == ()


def test_each_problem_is_named() -> None:
    """Repeated references, bad calls, impossible ranges, dangling sheets."""
    card = with_methods(
        opening("1H", meaning(12, 11)),
        opening("2Z", meaning(5, 10), call="2Z"),
        overcall("X1", "1S", "9H", meaning(8, 16)),
        opening("2D", meaning(5, 10), sheet=3),
        front_right_items=("ZZ",),
    )
    problems = card_problems(card)
    assert "1H: HCP range 12-11 is impossible" in problems
    assert "2Z: '2Z' is not a call" in problems
    assert "X1: '9H' is not a call" in problems
    assert "2D: supplementary sheet point 3 is missing" in problems
    assert "front right-hand item 'ZZ' names no method" in problems


def test_a_response_without_the_call_it_follows_is_refused() -> None:
    card = with_methods(overcall("R1", "2C", None, meaning(8)))  # type: ignore[arg-type]
    assert card_problems(card) == ("R1: needs the call it responds to or overcalls",)
