"""HUM (highly unusual methods): the five agreements of App1 §2.2."""

from __future__ import annotations

from registry.domain.systems.card import HumFeature
from registry.domain.systems.predicates import hum_methods
from tests.registry.unit.cards import (
    meaning,
    natural,
    opening,
    shows,
    with_methods,
)


def features(card: object) -> set[HumFeature]:
    return {f for f, _ in hum_methods(card)}  # type: ignore[arg-type]


def test_a_natural_five_card_major_system_is_not_hum() -> None:
    """Sound 1-level openings and a weak pass are no HUM agreement (App1 §2.2)."""
    assert hum_methods(natural()) == ()


def test_a_strong_pass_is_hum_a_and_a_fert_is_hum_b_and_c() -> None:
    """Pass with opening values is HUM (a); a 0-7 1D below it is (b) and (c)."""
    card = with_methods(
        opening("P", meaning(0, 7), meaning(13, 37), call="P"),
        opening("1D", meaning(0, 7)),
    )
    found = hum_methods(card)
    assert (HumFeature.A, "P") in found
    assert (HumFeature.B, "1D") in found
    assert (HumFeature.C, "1D") in found


def test_an_eleven_point_pass_range_is_not_hum_a() -> None:
    """A pass showing at most 11 HCP shows no 1-level values (App1 §2.2a, 0036)."""
    card = with_methods(opening("P", meaning(0, 11), call="P"))
    assert HumFeature.A not in features(card)


def test_a_one_level_opening_with_seven_points_is_hum_c_but_eight_is_not() -> None:
    """A king below average (10 - 3 = 7 HCP) makes a 1-level opening HUM (§2.2c)."""
    seven = with_methods(opening("1H", meaning(7, 11, shows("H", 5))))
    eight = with_methods(opening("1H", meaning(8, 11, shows("H", 5))))
    assert HumFeature.C in features(seven)
    assert HumFeature.C not in features(eight)


def test_length_or_shortness_in_one_suit_is_hum_d() -> None:
    """1H showing hearts or heart shortness is HUM (App1 §2.2d)."""
    card = with_methods(
        opening("1H", meaning(11, 15, shows("H", 5)), meaning(11, 15, shows("H", 0, 1)))
    )
    assert features(card) == {HumFeature.D}


def test_length_in_one_suit_or_another_is_hum_e() -> None:
    """1H showing hearts or spades is HUM (App1 §2.2e)."""
    card = with_methods(
        opening("1H", meaning(11, 15, shows("H", 5)), meaning(11, 15, shows("S", 5)))
    )
    assert features(card) == {HumFeature.E}


def test_natural_clubs_or_a_balanced_hand_is_not_hum_e() -> None:
    """One specific suit or no suit at all: only one suit is named (§2.2e)."""
    card = with_methods(opening("1C", meaning(11, 14), meaning(11, 21, shows("C", 4))))
    assert hum_methods(card) == ()


def test_one_of_a_minor_in_a_strong_club_system_is_exempt() -> None:
    """App1 §2.2 exception: 1C/1D in strong-club systems are not HUM."""
    strong_club = opening("1C", meaning(16), artificial=True)
    nebulous = opening(
        "1D", meaning(11, 15, shows("D", 4)), meaning(11, 15, shows("D", 0, 1))
    )
    assert hum_methods(with_methods(strong_club, nebulous)) == ()
    assert features(with_methods(nebulous)) == {HumFeature.D}


def test_the_exception_does_not_cover_the_majors() -> None:
    """The exception names one of a minor only (App1 §2.2)."""
    strong_club = opening("1C", meaning(16), artificial=True)
    either_major = opening(
        "1H", meaning(11, 15, shows("H", 5)), meaning(11, 15, shows("S", 5))
    )
    assert features(with_methods(strong_club, either_major)) == {HumFeature.E}
