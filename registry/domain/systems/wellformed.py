"""Whether a convention card is well formed enough to be checked (FIGB App1 §5)."""

from __future__ import annotations

from collections.abc import Iterator

from registry.domain.systems.card import MAX_HCP, ConventionCard, Method, MethodKind
from rules.bridge.call import Bid, parse_call

__all__ = ["card_problems"]


def card_problems(card: ConventionCard) -> tuple[str, ...]:
    """Return what makes the card unreadable (empty when it is well formed)."""
    problems: list[str] = []
    refs = [m.ref for m in card.methods]
    for ref in sorted({r for r in refs if refs.count(r) > 1}):
        problems.append(f"method reference {ref!r} is used twice")
    for method in card.methods:
        problems.extend(_method_problems(method, set(card.supplementary_sheets)))
    for item in card.front_right_items:
        if item not in refs:
            problems.append(f"front right-hand item {item!r} names no method")
    if card.systems_in_use < 1:
        problems.append("systems in use must be at least 1")
    if any(n < 1 for n in card.supplementary_sheets):
        problems.append("supplementary sheets are numbered from 1")
    return tuple(problems)


def _method_problems(method: Method, sheets: set[int]) -> Iterator[str]:
    ref = method.ref
    if not ref.strip():
        yield "a method has an empty reference"
    try:
        call = parse_call(method.call)
    except ValueError:
        yield f"{ref}: {method.call!r} is not a call"
        call = None
    if call is not None and not isinstance(call, Bid) and not method.is_opening_pass:
        yield f"{ref}: only bids and the opening pass are described"
    if method.kind is not MethodKind.OPENING:
        if method.over is None:
            yield f"{ref}: needs the call it responds to or overcalls"
        else:
            try:
                if not isinstance(parse_call(method.over), Bid):
                    yield f"{ref}: {method.over!r} is not a bid"
            except ValueError:
                yield f"{ref}: {method.over!r} is not a call"
    if not method.meanings:
        yield f"{ref}: a method needs at least one meaning"
    for meaning in method.meanings:
        if not 0 <= meaning.min_hcp <= meaning.max_hcp <= MAX_HCP:
            yield f"{ref}: HCP range {meaning.min_hcp}-{meaning.max_hcp} is impossible"
        for shown in meaning.suits:
            if not 0 <= shown.min_length <= shown.max_length <= 13:
                yield (
                    f"{ref}: length {shown.min_length}-{shown.max_length} "
                    f"in {shown.suit.value} is impossible"
                )
        if meaning.two_suiter_min_length is not None and not (
            0 <= meaning.two_suiter_min_length <= 13
        ):
            yield f"{ref}: two-suiter length is impossible"
    if method.sheet is not None and method.sheet not in sheets:
        yield f"{ref}: supplementary sheet point {method.sheet} is missing"
