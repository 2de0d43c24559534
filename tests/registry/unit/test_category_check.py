"""The category rules of App1 §3 applied to a declared card (digest §5.8)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from registry.domain.systems.card import (
    BrownSticker,
    HumFeature,
    Prealert,
    SystemColour,
    TournamentForm,
)
from registry.domain.systems.check import check_system
from registry.domain.systems.findings import (
    InvalidConventionCard,
    SystemNotPermitted,
    reference,
)
from tests.registry.unit.cards import (
    category,
    meaning,
    natural,
    opening,
    shows,
    with_methods,
)

HUM_1H = opening("1H", meaning(7, 11, shows("H", 5)))
BS_2S = opening(
    "2S", meaning(5, 10, shows("S", 5)), meaning(5, 10, shows("H", 5)), sheet=1
)


def bs_card(**changes: object) -> object:
    base = {
        "colour": SystemColour.RED,
        "brown_stickers": (BrownSticker.A,),
        "front_right_items": ("2S",),
        "supplementary_sheets": (1,),
    }
    base.update(changes)
    return with_methods(BS_2S, **base)


def codes(check: object) -> list[tuple[str, str]]:
    return [(f.code, f.severity.value) for f in check.findings]  # type: ignore[attr-defined]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_hum_is_refused_in_categories_one_to_three(number: int) -> None:
    """V1: HUM methods are forbidden in categories 1, 2 and 3 (App1 §3)."""
    check = check_system(with_methods(HUM_1H), category(number))
    assert check.permitted is False
    [failure] = check.failures
    assert failure.code == "hum_not_permitted"
    assert failure.citation == "App1 §3"
    assert failure.method_ref == "1H"
    assert check.hum_features == (HumFeature.C,)


def test_a_declared_yellow_colour_is_refused_even_without_hum_methods() -> None:
    """V1: declaring Yellow is declaring HUM (App1 §2.3, §3)."""
    check = check_system(natural(colour=SystemColour.YELLOW), category(3))
    assert [f.code for f in check.failures] == ["hum_not_permitted"]


def test_a_club_tournament_follows_the_club_rules() -> None:
    """Category 4: the organising club may set its own rules (App1 §3)."""
    allowed = check_system(
        with_methods(HUM_1H, colour=SystemColour.YELLOW), category(4)
    )
    assert allowed.permitted is True
    assert ("hum_club_rules", "notice") in codes(allowed)
    refused = check_system(
        with_methods(HUM_1H, colour=SystemColour.YELLOW),
        category(4, club_allows_hum=False),
    )
    assert [f.code for f in refused.failures] == ["hum_not_permitted"]


def test_brown_sticker_is_refused_in_category_three() -> None:
    """V2: category 3 tournaments forbid Brown Sticker methods (App1 §3)."""
    check = check_system(bs_card(), category(3))
    assert [f.code for f in check.failures] == ["brown_sticker_not_permitted"]


def test_brown_sticker_in_category_two_needs_teams_and_figb_permission() -> None:
    """V3: category 2 allows BS only in team championships FIGB permits (§3)."""
    pairs = check_system(bs_card(), category(2))
    teams = check_system(bs_card(), category(2, TournamentForm.TEAMS))
    permitted = check_system(
        bs_card(), category(2, TournamentForm.TEAMS, figb_allows_brown_sticker=True)
    )
    assert pairs.permitted is False
    assert "pairs events" in pairs.failures[0].message
    assert teams.permitted is False
    assert permitted.permitted is True
    assert ("brown_sticker_obligations", "notice") in codes(permitted)


def test_brown_sticker_in_category_one_must_be_declared_and_described() -> None:
    """App1 §2.4: listed beside the colour; §5: fully described on the sheets."""
    assert check_system(bs_card(), category(1)).permitted is True
    undeclared = check_system(bs_card(brown_stickers=()), category(1))
    assert [f.code for f in undeclared.failures] == ["brown_sticker_not_declared"]
    undescribed = check_system(
        with_methods(
            opening("2S", *BS_2S.meanings),
            colour=SystemColour.RED,
            brown_stickers=(BrownSticker.A,),
            front_right_items=("2S",),
        ),
        category(1),
    )
    assert [f.code for f in undescribed.failures] == ["brown_sticker_not_described"]


def test_encrypted_signals_and_random_openings_are_refused_everywhere() -> None:
    """V5: App1 §2.5 and §2.6 hold in every category, club events included."""
    encrypted = check_system(natural(encrypted_signals=True), category(4))
    assert [(f.code, f.citation) for f in encrypted.failures] == [
        ("encrypted_signals", "App1 §2.5")
    ]
    random = with_methods(opening("1D", meaning(0, 7)))
    check = check_system(random, category(4))
    assert ("random_openings", "failure") in codes(check)


def test_partners_must_play_the_same_system() -> None:
    """V6: in every category both players of a pair play the same system (§3)."""
    check = check_system(natural(same_system_both_partners=False), category(4))
    assert [f.code for f in check.failures] == ["partners_on_different_systems"]


def test_unlisted_artificial_methods_are_a_warning() -> None:
    """V7: artificial openings must be in the front right-hand section (App1 §5)."""
    multi = opening(
        "2D",
        meaning(5, 10, shows("H", 6)),
        meaning(5, 10, shows("S", 6)),
        artificial=True,
    )
    check = check_system(with_methods(multi, colour=SystemColour.RED), category(2))
    assert check.permitted is True
    assert codes(check) == [("front_right_item_missing", "warning")]
    listed = with_methods(multi, colour=SystemColour.RED, front_right_items=("2D",))
    assert check_system(listed, category(2)).findings == ()


def test_light_openings_must_be_pre_alerted() -> None:
    """N-Def: 1-level openings with a minimum of 8-10 HCP are pre-alerted."""
    light = with_methods(
        opening("P", meaning(0, 7), call="P"),
        opening("1H", meaning(9, 15, shows("H", 5))),
    )
    assert codes(check_system(light, category(2))) == [("prealert_missing", "warning")]
    alerted = with_methods(*light.methods, prealerts=(Prealert.LIGHT_OPENINGS,))
    assert check_system(alerted, category(2)).findings == ()


def test_a_malformed_card_cannot_be_checked() -> None:
    """The card must be readable before App1 can be applied (App1 §5)."""
    card = natural(front_right_items=("9Z",))
    with pytest.raises(InvalidConventionCard) as caught:
        check_system(card, category(2))
    assert caught.value.code == "invalid_convention_card"
    assert "names no method" in caught.value.message


def test_the_refusal_error_cites_the_first_failure() -> None:
    """SystemNotPermitted carries every failure; its law is the first one's."""
    check = check_system(with_methods(HUM_1H, encrypted_signals=True), category(2))
    error = SystemNotPermitted(check.failures)
    assert error.code == "system_not_permitted"
    assert str(error.law) == "Norme integrative FIGB, Appendice 1 Art. 3"
    assert len(error.failures) == 2
    assert str(reference("N-Def")) == "Norme integrative FIGB Art. Definizioni"


@settings(max_examples=60, deadline=None)
@given(
    form=st.sampled_from(TournamentForm),
    figb=st.booleans(),
    hum=st.booleans(),
    bs=st.booleans(),
)
def test_a_stricter_category_never_admits_what_a_looser_one_refuses(
    form: TournamentForm, figb: bool, hum: bool, bs: bool
) -> None:
    """Category 3 admits no more than 2, which admits no more than 1 (App1 §3)."""
    methods = [m for m, on in ((HUM_1H, hum), (BS_2S, bs)) if on]
    card = with_methods(
        *methods,
        colour=SystemColour.RED,
        brown_stickers=(BrownSticker.A,) if bs else (),
        front_right_items=("2S",) if bs else (),
        supplementary_sheets=(1,),
    )
    permitted = {
        n: check_system(
            card, category(n, form, figb_allows_brown_sticker=figb)
        ).permitted
        for n in (1, 2, 3)
    }
    assert permitted[3] <= permitted[2] <= permitted[1]
    assert permitted[1] is (not hum)
