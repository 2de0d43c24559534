"""Check a declared card against the event's category (FIGB App1; digest §5.8).

The colour is the pair's declaration: the check suggests one (App1 §2.3) and
warns on a mismatch, never reclassifies (digest §5.3, rule V8).
"""

from __future__ import annotations

from collections.abc import Iterator

from registry.domain.systems.card import (
    AVERAGE_HCP,
    LIGHT_OPENING_BAND,
    RANDOM_OPENING_HCP,
    BrownSticker,
    CategoryContext,
    ConventionCard,
    HumFeature,
    Method,
    MethodKind,
    Prealert,
    SystemBase,
    SystemCategory,
    SystemColour,
    TournamentForm,
    one_level_openings,
    over_bid,
)
from registry.domain.systems.findings import (
    Finding,
    InvalidConventionCard,
    Severity,
    SystemCheck,
)
from registry.domain.systems.predicates import brown_sticker_methods, hum_methods
from registry.domain.systems.wellformed import card_problems
from rules.bridge.denomination import Denomination

__all__ = ["check_system", "suggest_colour"]


# -- colour (App1 §2.3) ------------------------------------------------------


def suggest_colour(card: ConventionCard) -> SystemColour:
    """Return the colour the card's agreements suggest (App1 §2.3).

    Yellow for HUM; Blue when 1C or 1D is always strong; Red for any other
    artificial opening (a strong 2C excepted, as App1 §5 excepts it from the
    front right-hand section), for basic methods varying with seat or
    vulnerability, and for a Short-Long base (digest §5.3 [gap], decision
    0036); Green otherwise.
    """
    if card.hum_features or hum_methods(card):
        return SystemColour.YELLOW
    for method, bid in one_level_openings(card):
        if (
            bid.denomination in (Denomination.C, Denomination.D)
            and method.artificial
            and all(m.strong for m in method.meanings)
        ):
            return SystemColour.BLUE
    if card.varies_by_seat_or_vulnerability or card.base in (
        SystemBase.SHORT_LONG,
        SystemBase.OTHER,
    ):
        return SystemColour.RED
    if any(
        m.kind is MethodKind.OPENING and m.artificial and not _strong_artificial(m)
        for m in card.methods
    ):
        return SystemColour.RED
    return SystemColour.GREEN


def _strong_artificial(method: Method) -> bool:
    """A strong 1C or 2C: excepted from the front right-hand list (App1 §5)."""
    bid = method.bid()
    return (
        bid is not None
        and bid.denomination is Denomination.C
        and bid.level in (1, 2)
        and all(m.strong for m in method.meanings)
    )


# -- the check ---------------------------------------------------------------


def check_system(card: ConventionCard, context: CategoryContext) -> SystemCheck:
    """Check a declared card against the event's category (App1; digest §5.8).

    Failures (the card is refused): HUM in categories 1-3 (V1), Brown Sticker
    where the category forbids it (V2, V3) or undeclared or undescribed where
    it is allowed (App1 §2.4, §5), encrypted signals and random openings (V5),
    partners on different systems (V6). Warnings: methods missing from the
    front right-hand section (V7), a colour the agreements do not suggest
    (V8), a missing pre-alert (N-Def). Notices: the obligations that come with
    Brown Sticker methods (V4) and club rules in category 4.
    """
    problems = card_problems(card)
    if problems:
        raise InvalidConventionCard(problems)
    findings: list[Finding] = []
    hum = hum_methods(card)
    hum_set = tuple(sorted(set(card.hum_features) | {f for f, _ in hum}))
    findings.extend(_hum_findings(card, hum, context))
    bs = brown_sticker_methods(card)
    bs_set = tuple(sorted(set(card.brown_stickers) | {b for b, _ in bs}))
    findings.extend(_brown_sticker_findings(card, bs, context))
    findings.extend(_global_findings(card))
    findings.extend(_front_right_findings(card))
    suggested = suggest_colour(card)
    if suggested is not card.colour:
        findings.append(
            Finding(
                code="colour_mismatch",
                severity=Severity.WARNING,
                citation="App1 §2.3",
                message=(
                    f"declared colour {card.colour.value} but the agreements "
                    f"suggest {suggested.value}: for the Director to review"
                ),
            )
        )
    findings.extend(_prealert_findings(card))
    return SystemCheck(
        suggested_colour=suggested,
        hum_features=hum_set,
        brown_stickers=bs_set,
        findings=tuple(findings),
    )


_HUM_TEXT = {
    HumFeature.A: "a pass in opening position shows 1-level opening values",
    HumFeature.B: "a 1-level opening may be weaker than a pass",
    HumFeature.C: "a 1-level opening may hold a king or more below average",
    HumFeature.D: "a 1-level opening may show length or shortness in one suit",
    HumFeature.E: "a 1-level opening may show length in one suit or in another",
}

_BS_TEXT = {
    BrownSticker.A: "a 2C-3S opening may be weak without a known four-card suit",
    BrownSticker.B: "1NT may hold a 7-card suit, 10+ cards in two suits or a void",
    BrownSticker.C: "an overcall of a natural opening promises no known suit",
    BrownSticker.D: "a weak two-suiter may hold three cards or fewer in a suit",
    BrownSticker.E: "psychics are protected or required by the system",
    BrownSticker.F: "three or more systems are in use",
}


def _hum_findings(
    card: ConventionCard,
    hum: tuple[tuple[HumFeature, str], ...],
    context: CategoryContext,
) -> Iterator[Finding]:
    items: list[tuple[HumFeature | None, str | None]] = list(hum)
    computed = {f for f, _ in hum}
    items += [(f, None) for f in sorted(card.hum_features) if f not in computed]
    if card.colour is SystemColour.YELLOW and not items:
        items.append((None, None))
    if not items:
        return
    club = context.category is SystemCategory.FOUR
    forbidden = not club or not context.club_allows_hum
    for feature, ref in items:
        what = (
            "the system is declared Yellow" if feature is None else _HUM_TEXT[feature]
        )
        where = f"in category {context.category.value}"
        if forbidden:
            yield Finding(
                code="hum_not_permitted",
                severity=Severity.FAILURE,
                citation="App1 §3",
                message=f"HUM methods are not permitted {where}: {what}",
                method_ref=ref,
            )
        else:
            yield Finding(
                code="hum_club_rules",
                severity=Severity.NOTICE,
                citation="App1 §3",
                message=f"HUM method allowed by the club's rules: {what}",
                method_ref=ref,
            )


def _brown_sticker_findings(
    card: ConventionCard,
    bs: tuple[tuple[BrownSticker, str | None], ...],
    context: CategoryContext,
) -> Iterator[Finding]:
    computed = {b for b, _ in bs}
    items: list[tuple[BrownSticker, str | None]] = list(bs)
    items += [(b, None) for b in sorted(card.brown_stickers) if b not in computed]
    if not items:
        return
    club = context.category is SystemCategory.FOUR
    if not context.brown_sticker_permitted:
        for code, ref in items:
            yield Finding(
                code="brown_sticker_not_permitted",
                severity=Severity.FAILURE,
                citation="App1 §3",
                message=(
                    f"Brown Sticker methods are not permitted in category "
                    f"{context.category.value}"
                    + (
                        " pairs events"
                        if context.category is SystemCategory.TWO
                        and context.form is not TournamentForm.TEAMS
                        else ""
                    )
                    + f": {_BS_TEXT[code]}"
                ),
                method_ref=ref,
            )
        return
    undeclared = Severity.WARNING if club else Severity.FAILURE
    by_ref = {m.ref: m for m in card.methods}
    for code, ref in items:
        if code not in card.brown_stickers:
            yield Finding(
                code="brown_sticker_not_declared",
                severity=undeclared,
                citation="App1 §2.4",
                message=(
                    f"Brown Sticker {code.value} must be listed beside the "
                    f"colour: {_BS_TEXT[code]}"
                ),
                method_ref=ref,
            )
        method = by_ref.get(ref) if ref is not None else None
        if not club and method is not None and method.sheet is None:
            yield Finding(
                code="brown_sticker_not_described",
                severity=Severity.FAILURE,
                citation="App1 §5",
                message=(
                    f"{method.ref} needs a full description with its continuations "
                    "on the supplementary sheets"
                ),
                method_ref=ref,
            )
    if not club:
        # App1 §3: seated early with written defences in categories 1 and 2;
        # App1 §4: the card in advance in category 1 only.
        advance = (
            "card and supplementary sheets due before the championship; "
            if context.category is SystemCategory.ONE
            else ""
        )
        yield Finding(
            code="brown_sticker_obligations",
            severity=Severity.NOTICE,
            citation="App1 §3",
            message=(
                f"{advance}seated 5 minutes before the official start; "
                "a written defence for each Brown Sticker method"
            ),
        )


def _global_findings(card: ConventionCard) -> Iterator[Finding]:
    if card.encrypted_signals:
        yield Finding(
            code="encrypted_signals",
            severity=Severity.FAILURE,
            citation="App1 §2.5",
            message="encrypted signals are not permitted",
        )
    random = [
        method.ref
        for method, _ in one_level_openings(card)
        if any(
            m.min_hcp < RANDOM_OPENING_HCP and not m.defined for m in method.meanings
        )
    ]
    if card.random_openings and not random:
        random = [""]
    for ref in random:
        yield Finding(
            code="random_openings",
            severity=Severity.FAILURE,
            citation="App1 §2.6",
            message=(
                "1-level openings with fewer than 8 HCP and no further definition "
                "are not permitted"
            ),
            method_ref=ref or None,
        )
    if not card.same_system_both_partners:
        yield Finding(
            code="partners_on_different_systems",
            severity=Severity.FAILURE,
            citation="App1 §3",
            message="both players of a pair must play the same system",
        )


def _front_right_findings(card: ConventionCard) -> Iterator[Finding]:
    """App1 §5: what the front right-hand section of the card must list."""
    listed = set(card.front_right_items)
    for method in card.methods:
        if method.ref in listed:
            continue
        needed = False
        if method.kind is MethodKind.OPENING and method.artificial:
            needed = not _strong_artificial(method)
        elif method.kind is MethodKind.RESPONSE and method.over_natural:
            needed = method.artificial or _weak_jump(method)
        elif method.kind is MethodKind.OVERCALL and method.over_natural:
            over = over_bid(method)
            needed = method.artificial and over is not None and over.level == 1
        if needed:
            yield Finding(
                code="front_right_item_missing",
                severity=Severity.WARNING,
                citation="App1 §5",
                message=(
                    f"{method.ref} ({method.call}) must be listed in the front "
                    "right-hand section of the card"
                ),
                method_ref=method.ref,
            )


def _weak_jump(method: Method) -> bool:
    """A weak jump response (App1 §5, item 2: "risposte deboli").

    Decision 0036: a response is weak when it is a jump below average
    strength; a simple natural response is not listed however light.
    """
    bid, over = method.bid(), over_bid(method)
    if bid is None or over is None:
        return False
    cheapest = over.level + (0 if bid.denomination.rank > over.denomination.rank else 1)
    return bid.level > cheapest and all(
        m.max_hcp < AVERAGE_HCP for m in method.meanings
    )


def _prealert_findings(card: ConventionCard) -> Iterator[Finding]:
    expected: list[tuple[Prealert, str | None]] = []
    for method, _ in one_level_openings(card):
        if any(m.min_hcp in LIGHT_OPENING_BAND for m in method.meanings):
            expected.append((Prealert.LIGHT_OPENINGS, method.ref))
            break
    if card.base is SystemBase.SHORT_LONG:
        expected.append((Prealert.SHORT_LONG_BASE, None))
    for prealert, ref in expected:
        if prealert not in card.prealerts:
            yield Finding(
                code="prealert_missing",
                severity=Severity.WARNING,
                citation="N-Def",
                message=f"{prealert.value.replace('_', ' ')} must be pre-alerted",
                method_ref=ref,
            )
