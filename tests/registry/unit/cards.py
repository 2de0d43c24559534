"""Builders for convention cards: a natural five-card-major card to vary."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

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
from rules.bridge.card import Suit


def shows(suit: str, min_length: int = 0, max_length: int = 13) -> SuitShown:
    return SuitShown(suit=Suit(suit), min_length=min_length, max_length=max_length)


def meaning(low: int, high: int = 37, *suits: SuitShown, **extra: Any) -> Meaning:
    return Meaning(min_hcp=low, max_hcp=high, suits=suits, **extra)


def opening(ref: str, *meanings: Meaning, **extra: Any) -> Method:
    call = extra.pop("call", ref)
    return Method(
        ref=ref,
        kind=MethodKind.OPENING,
        call=str(call),
        meanings=meanings,
        **extra,
    )


def overcall(
    ref: str, call: str, over: str, *meanings: Meaning, **extra: Any
) -> Method:
    return Method(
        ref=ref,
        kind=MethodKind.OVERCALL,
        call=call,
        over=over,
        meanings=meanings,
        **extra,
    )


def response(
    ref: str, call: str, over: str, *meanings: Meaning, **extra: Any
) -> Method:
    return Method(
        ref=ref,
        kind=MethodKind.RESPONSE,
        call=call,
        over=over,
        meanings=meanings,
        **extra,
    )


NATURAL_METHODS = (
    opening("P", meaning(0, 11), call="P"),
    opening("1C", meaning(12, 21, shows("C", 3))),
    opening("1D", meaning(12, 21, shows("D", 3))),
    opening("1H", meaning(12, 21, shows("H", 5))),
    opening("1S", meaning(12, 21, shows("S", 5))),
    opening("1NT", meaning(15, 17)),
    opening("2C", meaning(22), artificial=True),
    opening("2H", meaning(6, 10, shows("H", 6, 6))),
    opening("2S", meaning(6, 10, shows("S", 6, 6))),
    overcall("1H-1S", "1S", "1H", meaning(8, 16, shows("S", 5))),
    overcall("1H-1NT", "1NT", "1H", meaning(15, 18)),
)


def natural(**changes: Any) -> ConventionCard:
    """A Green five-card-major card that passes every category."""
    card = ConventionCard(
        colour=SystemColour.GREEN,
        base=SystemBase.FIVE_CARD_MAJORS,
        methods=NATURAL_METHODS,
    )
    return replace(card, **changes)


def with_methods(*methods: Method, **changes: Any) -> ConventionCard:
    """The natural card with ``methods`` replacing those of the same ref."""
    refs = {m.ref for m in methods}
    kept = tuple(m for m in NATURAL_METHODS if m.ref not in refs)
    return natural(methods=kept + methods, **changes)


def category(
    number: int, form: TournamentForm = TournamentForm.PAIRS, **extra: bool
) -> CategoryContext:
    return CategoryContext(category=SystemCategory(number), form=form, **extra)
