"""Properties of the App1 check over generated cards (digest §5.8)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from registry.domain.systems.card import (
    CategoryContext,
    ConventionCard,
    Meaning,
    Method,
    MethodKind,
    SuitShown,
    SystemBase,
    SystemCategory,
    SystemColour,
    TournamentForm,
)
from registry.domain.systems.check import (
    check_system,
    suggest_colour,
)
from registry.domain.systems.findings import Severity
from registry.domain.systems.predicates import (
    brown_sticker_methods,
    hum_methods,
)
from registry.domain.systems.wellformed import card_problems
from rules.bridge.card import Suit

CALLS = ["1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2S", "2NT", "3C", "3S", "4H"]


@st.composite
def meanings(draw: st.DrawFn) -> Meaning:
    low = draw(st.integers(0, 24))
    high = draw(st.integers(low, 37))
    suits = draw(
        st.lists(
            st.builds(
                lambda suit, a, b: SuitShown(
                    suit=suit, min_length=min(a, b), max_length=max(a, b)
                ),
                st.sampled_from(Suit),
                st.integers(0, 8),
                st.integers(0, 13),
            ),
            max_size=2,
            unique_by=lambda s: s.suit,
        )
    )
    two = draw(st.none() | st.integers(2, 6))
    return Meaning(
        min_hcp=low, max_hcp=high, suits=tuple(suits), two_suiter_min_length=two
    )


@st.composite
def cards(draw: st.DrawFn) -> ConventionCard:
    methods = []
    for index, call in enumerate(
        draw(st.lists(st.sampled_from(CALLS), max_size=6, unique=True))
    ):
        kind = draw(st.sampled_from([MethodKind.OPENING, MethodKind.OVERCALL]))
        methods.append(
            Method(
                ref=f"m{index}",
                kind=kind,
                call=call if kind is MethodKind.OPENING or call != "1C" else "2C",
                meanings=tuple(draw(st.lists(meanings(), min_size=1, max_size=3))),
                artificial=draw(st.booleans()),
                over=None if kind is MethodKind.OPENING else "1C",
                sheet=1,
            )
        )
    return ConventionCard(
        colour=draw(st.sampled_from(SystemColour)),
        base=draw(st.sampled_from(SystemBase)),
        methods=tuple(methods),
        encrypted_signals=draw(st.booleans()),
        systems_in_use=draw(st.integers(1, 3)),
        supplementary_sheets=(1,),
    )


@settings(max_examples=80, deadline=None)
@given(cards(), st.sampled_from(SystemCategory), st.sampled_from(TournamentForm))
def test_the_check_is_total_and_consistent(
    card: ConventionCard, category: SystemCategory, form: TournamentForm
) -> None:
    """Every well-formed card gets a verdict; each failure cites App1 (§5.8)."""
    assert card_problems(card) == ()
    check = check_system(card, CategoryContext(category=category, form=form))
    assert check.permitted is (not check.failures)
    assert all(f.citation.startswith("App1 §") for f in check.failures)
    assert (suggest_colour(card) is SystemColour.YELLOW) is bool(hum_methods(card))
    if card.encrypted_signals:
        assert check.permitted is False
    if hum_methods(card) and category is not SystemCategory.FOUR:
        assert check.permitted is False
    assert set(check.brown_stickers) == {b for b, _ in brown_sticker_methods(card)}


@settings(max_examples=60, deadline=None)
@given(cards())
def test_a_club_allowing_everything_refuses_only_the_global_bans(
    card: ConventionCard,
) -> None:
    """Category 4: only §2.5, §2.6 and §3 (same system) can still refuse."""
    check = check_system(
        card, CategoryContext(category=SystemCategory.FOUR, form=TournamentForm.PAIRS)
    )
    assert {f.citation for f in check.failures} <= {"App1 §2.5", "App1 §2.6", "App1 §3"}
    assert all(f.code != "hum_not_permitted" for f in check.failures)
    assert all(
        f.severity is not Severity.FAILURE or f.code != "brown_sticker_not_declared"
        for f in check.findings
    )
