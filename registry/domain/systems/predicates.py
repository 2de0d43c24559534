"""The HUM and Brown Sticker predicates, computed from a card's agreements.

Norme integrative FIGB, Appendice 1 §2.2 (highly unusual methods) and §2.4
(Brown Sticker conventions, with the defences exempt by §2.4g). Thresholds
the text leaves open are decision 0036.
"""

from __future__ import annotations

from collections.abc import Iterable

from registry.domain.systems.card import (
    KING_BELOW_AVERAGE_HCP,
    ONE_LEVEL_OPENING_VALUES,
    BrownSticker,
    ConventionCard,
    HumFeature,
    Meaning,
    Method,
    MethodKind,
    one_level_openings,
    over_bid,
)
from rules.bridge.call import Bid
from rules.bridge.card import Suit
from rules.bridge.denomination import Denomination

__all__ = ["brown_sticker_methods", "hum_methods"]


def _strong_minor_based(card: ConventionCard) -> bool:
    """Return True for a strong-club or strong-diamond based system.

    App1 §2.2, exception: 1C/1D "nei sistemi a base Fiori o Quadri Forte".
    Decision 0036: a 1C or 1D opening with an artificial strong meaning that
    names no suit (Precision, Polish club) makes the system one.
    """
    for method, bid in one_level_openings(card):
        if (
            bid.denomination in (Denomination.C, Denomination.D)
            and method.artificial
            and any(m.strong and not m.long_suits() for m in method.meanings)
        ):
            return True
    return False


def hum_methods(card: ConventionCard) -> tuple[tuple[HumFeature, str], ...]:
    """Return each HUM agreement the card describes, with its method (§2.2)."""
    found: list[tuple[HumFeature, str]] = []
    passes = [m for m in card.methods if m.is_opening_pass]
    pass_meanings = [meaning for m in passes for meaning in m.meanings]
    for method in passes:
        # §2.2a: a pass showing 1-level opening values, weak options or not.
        if any(m.min_hcp >= ONE_LEVEL_OPENING_VALUES for m in method.meanings):
            found.append((HumFeature.A, method.ref))
    exempt = _strong_minor_based(card)
    for method, bid in one_level_openings(card):
        if exempt and bid.denomination in (Denomination.C, Denomination.D):
            continue  # §2.2, exception: one of a minor in strong-club systems
        meanings = method.meanings
        # §2.2b: weaker than a pass: the whole range lies below a passing hand.
        if any(m.max_hcp < p.min_hcp for m in meanings for p in pass_meanings):
            found.append((HumFeature.B, method.ref))
        # §2.2c: a king or more below average strength.
        if any(m.min_hcp <= KING_BELOW_AVERAGE_HCP for m in meanings):
            found.append((HumFeature.C, method.ref))
        # §2.2d: length or shortness in one specific suit.
        long = {s.suit for m in meanings for s in m.suits if s.long}
        short = {s.suit for m in meanings for s in m.suits if s.short}
        if long & short:
            found.append((HumFeature.D, method.ref))
        # §2.2e: length in one specific suit or length in another.
        sets = [m.long_suits() for m in meanings if m.long_suits()]
        if any(a - b and b - a for a in sets for b in sets):
            found.append((HumFeature.E, method.ref))
    return tuple(found)


# -- Brown Sticker (App1 §2.4) -----------------------------------------------


def _known_suits(meanings: Iterable[Meaning]) -> frozenset[Suit]:
    """Return the suits every meaning promises four cards in (the known suits)."""
    sets = [m.four_card_suits() for m in meanings]
    if not sets:
        return frozenset()
    return frozenset.intersection(*sets)


def _is_brown_sticker_opening(method: Method, bid: Bid) -> bool:
    """App1 §2.4a: a 2C-3S opening that may be weak without a known suit."""
    weak = [m for m in method.meanings if m.weak]
    if not weak:
        return False
    known = _known_suits(weak)
    # Exception 1: weak meanings show a known 4-card suit, the others are strong.
    if known and all(m.strong or m.four_card_suits() & known for m in method.meanings):
        return False
    # Exception 2: a 2-level minor showing a weak two in a major (Multi).
    return not (
        bid.level == 2
        and bid.denomination in (Denomination.C, Denomination.D)
        and all(_weak_two_in_a_major(m) for m in weak)
    )


def _weak_two_in_a_major(meaning: Meaning) -> bool:
    # Ambiguity (App1 §2.4a, Multi): "sottoapertura di due" is not sized;
    # decision 0036 takes five or more cards in exactly one major.
    majors = [
        s for s in meaning.suits if s.suit in (Suit.H, Suit.S) and s.min_length >= 5
    ]
    return len(majors) == 1 and len(meaning.long_suits()) == 1


def _notrump_too_shapely(meaning: Meaning) -> bool:
    """App1 §2.4b: a 7-card suit, more than 9 cards in two suits, or a void."""
    if any(s.min_length >= 7 for s in meaning.suits):
        return True
    shape = meaning.shape
    if shape is None:
        return False
    return shape.longest_suit >= 7 or shape.two_longest_suits > 9 or shape.voids


def _is_brown_sticker_overcall(method: Method, bid: Bid) -> bool:
    """App1 §2.4c: an overcall of a natural 1-suit opening, no known suit."""
    over = over_bid(method)
    if over is None or over.level != 1 or over.denomination.suit is None:
        return False
    if _known_suits(method.meanings):
        return False
    if bid.denomination is Denomination.NT and not method.artificial:
        return False  # exception: a natural notrump overcall
    if bid.denomination is over.denomination:
        if all(m.strong for m in method.meanings):
            return False  # exception: a cue bid showing a strong hand
        if bid.level >= 3 and method.stopper_ask:
            return False  # exception: jump cue asking for 3NT with a stopper
    return True


def brown_sticker_methods(
    card: ConventionCard,
) -> tuple[tuple[BrownSticker, str | None], ...]:
    """Return each Brown Sticker item of the card, with its method (§2.4)."""
    found: list[tuple[BrownSticker, str | None]] = []
    first, last = Bid(2, Denomination.C).rank, Bid(3, Denomination.S).rank
    for method in card.methods:
        bid = method.bid()
        if bid is None or method.exempt_from_brown_sticker:
            continue
        if method.kind is MethodKind.OPENING:
            if first <= bid.rank <= last and _is_brown_sticker_opening(method, bid):
                found.append((BrownSticker.A, method.ref))
            if bid == Bid(1, Denomination.NT) and any(
                _notrump_too_shapely(m) for m in method.meanings
            ):
                found.append((BrownSticker.B, method.ref))
        if method.kind is MethodKind.OVERCALL and _is_brown_sticker_overcall(
            method, bid
        ):
            found.append((BrownSticker.C, method.ref))
        if bid.level in (2, 3) and any(
            m.weak
            and m.two_suiter_min_length is not None
            and m.two_suiter_min_length <= 3
            for m in method.meanings
        ):
            found.append((BrownSticker.D, method.ref))
    if card.psychics_protected_or_required:
        found.append((BrownSticker.E, None))  # also App2 §1a
    if card.systems_in_use >= 3:
        found.append((BrownSticker.F, None))
    return tuple(found)
