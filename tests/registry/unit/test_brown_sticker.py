"""Brown Sticker conventions and treatments (App1 §2.4a-g)."""

from __future__ import annotations

import pytest

from registry.domain.systems.card import (
    BrownSticker,
    Method,
    MethodKind,
    NotrumpShape,
)
from registry.domain.systems.predicates import brown_sticker_methods
from tests.registry.unit.cards import (
    meaning,
    natural,
    opening,
    overcall,
    shows,
    with_methods,
)


def codes(*methods: Method, **changes: object) -> set[BrownSticker]:
    card = with_methods(*methods, **changes)
    return {code for code, _ in brown_sticker_methods(card)}


def test_a_natural_card_has_no_brown_sticker() -> None:
    """Weak twos with six cards, natural overcalls: no BS item (App1 §2.4)."""
    assert brown_sticker_methods(natural()) == ()


def test_a_weak_two_showing_either_major_is_brown_sticker_a() -> None:
    """2S weak with spades or hearts promises no known suit (App1 §2.4a)."""
    two_spades = opening(
        "2S", meaning(5, 10, shows("S", 5)), meaning(5, 10, shows("H", 5))
    )
    assert codes(two_spades) == {BrownSticker.A}


def test_multi_two_diamonds_is_excepted() -> None:
    """A 2-level minor showing a weak two in a major, with strong options (§2.4a ii)."""
    multi = opening(
        "2D",
        meaning(5, 10, shows("H", 6)),
        meaning(5, 10, shows("S", 6)),
        meaning(20, 21),
        artificial=True,
    )
    assert codes(multi) == set()


def test_multi_with_a_weak_minor_two_suiter_is_brown_sticker() -> None:
    """The Multi exception covers weak twos in a major only (App1 §2.4a ii)."""
    multi = opening(
        "2D",
        meaning(5, 10, shows("H", 6)),
        meaning(5, 10, shows("S", 6)),
        meaning(5, 10, shows("C", 4), shows("D", 4)),
        artificial=True,
    )
    assert BrownSticker.A in codes(multi)


def test_weak_with_a_known_suit_or_strong_is_excepted() -> None:
    """Weak meanings show a known 4-card suit, the others are strong (§2.4a i)."""
    two_hearts = opening("2H", meaning(6, 10, shows("H", 5)), meaning(18, 37))
    assert codes(two_hearts) == set()


def test_weak_with_a_known_suit_or_intermediate_is_brown_sticker() -> None:
    """A meaning without the known suit must be strong, 13+ (App1 §2.4a i)."""
    two_hearts = opening("2H", meaning(6, 10, shows("H", 5)), meaning(11, 12))
    assert codes(two_hearts) == {BrownSticker.A}


def test_only_openings_from_two_clubs_to_three_spades_are_judged() -> None:
    """An artificial weak 3S is BS, a 4C is outside §2.4a (2C to 3S only)."""
    three_spades = opening("3S", meaning(5, 10), artificial=True)
    four_clubs = opening("4C", meaning(5, 10), artificial=True)
    assert codes(three_spades) == {BrownSticker.A}
    assert codes(four_clubs) == set()


@pytest.mark.parametrize(
    ("shape", "expected"),
    [
        (NotrumpShape(longest_suit=6, two_longest_suits=9), set()),
        (NotrumpShape(longest_suit=7), {BrownSticker.B}),
        (NotrumpShape(two_longest_suits=10), {BrownSticker.B}),
        (NotrumpShape(voids=True), {BrownSticker.B}),
    ],
)
def test_one_notrump_with_a_seven_card_suit_ten_cards_or_a_void(
    shape: NotrumpShape, expected: set[BrownSticker]
) -> None:
    """1NT may not hold a 7-card suit, 5-5 / 6-4, or a void (App1 §2.4b)."""
    assert codes(opening("1NT", meaning(15, 17, shape=shape))) == expected


def test_an_overcall_without_a_known_suit_is_brown_sticker_c() -> None:
    """2C over 1H showing any two-suiter, no known suit (App1 §2.4c)."""
    two_suiter = overcall(
        "1H-2C",
        "2C",
        "1H",
        meaning(8, 16, shows("C", 5), shows("D", 4)),
        meaning(8, 16, shows("S", 5), shows("H", 4)),
        artificial=True,
    )
    assert codes(two_suiter) == {BrownSticker.C}


def test_michaels_cue_bid_shows_a_known_suit() -> None:
    """2H over 1H showing spades and a minor promises spades (App1 §2.4c)."""
    michaels = overcall(
        "1H-2H",
        "2H",
        "1H",
        meaning(8, 16, shows("S", 5), shows("C", 4)),
        meaning(8, 16, shows("S", 5), shows("D", 4)),
        artificial=True,
    )
    assert codes(michaels) == set()


def test_the_overcall_exceptions() -> None:
    """Natural NT, a strong cue bid, a jump cue asking for a stopper (§2.4c)."""
    strong_cue = overcall("1H-2H", "2H", "1H", meaning(16), artificial=True)
    stopper = overcall(
        "1H-3H", "3H", "1H", meaning(10, 15), artificial=True, stopper_ask=True
    )
    weak_cue = overcall("1H-2Hw", "2H", "1H", meaning(5, 9), artificial=True)
    assert codes(strong_cue) == set()
    assert codes(stopper) == set()
    assert codes(weak_cue) == {BrownSticker.C}


def test_a_defence_to_an_artificial_opening_is_exempt() -> None:
    """No restriction applies to defences against strong or artificial openings (§2.4g)."""
    over_strong_club = overcall(
        "1C-2C", "2C", "1C", meaning(6, 12), artificial=True, over_natural=False
    )
    defence = Method(
        ref="D1",
        kind=MethodKind.DEFENCE,
        call="2D",
        over="1C",
        meanings=(meaning(3, 9, two_suiter_min_length=3),),
        artificial=True,
    )
    assert codes(over_strong_club, defence) == set()


def test_a_weak_two_suiter_with_three_cards_is_brown_sticker_d() -> None:
    """A weak 2/3-level two-suiter may not hold three cards in a suit (§2.4d)."""
    loose = opening(
        "2D", meaning(5, 10, shows("H", 4), shows("S", 4), two_suiter_min_length=3)
    )
    firm = opening(
        "2D", meaning(5, 10, shows("H", 4), shows("S", 4), two_suiter_min_length=4)
    )
    assert codes(loose) == {BrownSticker.D}
    assert codes(firm) == set()


def test_protected_psychics_and_three_systems() -> None:
    """Psychics protected by the system (e) and three or more systems (f)."""
    card = natural(psychics_protected_or_required=True, systems_in_use=3)
    assert brown_sticker_methods(card) == (
        (BrownSticker.E, None),
        (BrownSticker.F, None),
    )
    assert brown_sticker_methods(natural(systems_in_use=2)) == ()
