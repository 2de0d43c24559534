"""FIGB Appendix 1: permitted systems, checked on a declared convention card.

Norme integrative FIGB (2004), Appendice 1 "Regolamentazione dei Sistemi
Permessi": definitions (§2.1), highly unusual methods (HUM, §2.2), colour
classification (§2.3), Brown Sticker conventions (§2.4), encrypted signals
(§2.5), random openings (§2.6), the event categories (§3), documentation and
the convention card (§4-§5); the pre-alerts of the norm on the Definitions
(N-Def). Laws of Duplicate Bridge 2017 (FIGB edition), Law 40B2(a): the
regulating authority regulates special partnership understandings.

The card is structured data. Each method is a call and what it may show,
alternative by alternative (a ``Meaning`` each); the HUM and Brown Sticker
predicates are computed from those agreements and joined with what the pair
declares. The colour is the pair's declaration: the check suggests one and
warns on a mismatch, never reclassifies (digest §5.3, rule V8). Thresholds
the text leaves open are decision 0036.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import ClassVar

from rules.bridge.call import Bid, Pass, parse_call
from rules.bridge.card import Suit
from rules.bridge.denomination import Denomination
from rules.errors import ArticleRef, RuleViolation

__all__ = [
    "APPENDIX_1",
    "AVERAGE_HCP",
    "STRONG_HCP",
    "BrownSticker",
    "CategoryContext",
    "ConventionCard",
    "Finding",
    "HumFeature",
    "InvalidConventionCard",
    "Meaning",
    "Method",
    "MethodKind",
    "NotrumpShape",
    "Prealert",
    "Severity",
    "SuitShown",
    "SystemBase",
    "SystemCategory",
    "SystemCheck",
    "SystemColour",
    "SystemNotPermitted",
    "TournamentForm",
    "brown_sticker_methods",
    "card_problems",
    "check_system",
    "hum_methods",
    "reference",
    "suggest_colour",
]

APPENDIX_1 = "Norme integrative FIGB, Appendice 1"
FIGB_NORMS = "Norme integrative FIGB"

MAX_HCP = 37
AVERAGE_HCP = 10  # App1 §2.1: an average hand holds 10 HCP (Milton Work)
STRONG_HCP = 13  # App1 §2.1: strong = a king or more above average
KING_BELOW_AVERAGE_HCP = 7  # App1 §2.2c: a king or more below average
# Ambiguity (App1 §2.2a): "the generally accepted values for a 1-level
# opening" are not quantified. Decision 0036: 12 HCP.
ONE_LEVEL_OPENING_VALUES = 12
RANDOM_OPENING_HCP = 8  # App1 §2.6: fewer than eight HCP
LIGHT_OPENING_BAND = range(8, 11)  # N-Def pre-alert 3: a minimum in the 8-10 band
LONG = 3  # App1 §2.1: long = three cards or more
SHORT = 2  # App1 §2.1: short = two cards or fewer
KNOWN_SUIT = 4  # App1 §2.4a, §2.4c: at least four cards in a known suit


class SystemColour(StrEnum):
    """The colour a pair declares for its system (App1 §2.3)."""

    GREEN = "green"  # natural Long-Short or five-card majors
    BLUE = "blue"  # strong club / strong diamond, 1C/1D always strong
    RED = "red"  # artificial, neither HUM nor Blue
    YELLOW = "yellow"  # HUM


class SystemCategory(IntEnum):
    """The event's category for permitted systems (App1 §3).

    1: Divisione Nazionale 1ª Serie and the Coppa Italia final phase;
    2: every other pairs or teams championship; 3: international, national,
    regional and federal tournaments; 4: club tournaments. The source
    announces three categories and lists four (digest §9.4 item 17).
    """

    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4


class TournamentForm(StrEnum):
    """Pairs, teams or individual: App1 §3 treats pairs and teams apart."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


class SystemBase(StrEnum):
    """The base of the system as written on the card (App1 §2.3; N-Def)."""

    FIVE_CARD_MAJORS = "five_card_majors"
    LONG_SHORT = "long_short"  # Lungo-Corto
    SHORT_LONG = "short_long"  # Corto-Lungo: pre-alerted (N-Def)
    STRONG_CLUB = "strong_club"
    STRONG_DIAMOND = "strong_diamond"
    OTHER = "other"


class HumFeature(StrEnum):
    """The five partnership agreements that make a system HUM (App1 §2.2)."""

    A = "a"  # pass in opening position with 1-level opening values
    B = "b"  # a 1-level opening that may be weaker than a pass
    C = "c"  # a 1-level opening with a king or more below average
    D = "d"  # a 1-level opening showing length or shortness in one suit
    E = "e"  # a 1-level opening showing length in one suit or in another

    @property
    def citation(self) -> str:
        return f"App1 §2.2{self.value}"


class BrownSticker(StrEnum):
    """Brown Sticker conventions and treatments (App1 §2.4a-f)."""

    A = "a"  # weak 2C-3S opening without a known four-card suit
    B = "b"  # 1NT with a 7-card suit, more than 9 cards in two suits, a void
    C = "c"  # direct overcall of a natural 1-suit opening, no known suit
    D = "d"  # weak two-suiter at the 2/3 level with three cards or fewer
    E = "e"  # psychics protected or required by the system
    F = "f"  # three or more systems

    @property
    def citation(self) -> str:
        return f"App1 §2.4{self.value}"


class Prealert(StrEnum):
    """What must be pre-alerted to the opponents before play (N-Def)."""

    REVERSED_LEADS = "reversed_leads"
    REVERSED_COUNT_LEADS = "reversed_count_leads"
    LIGHT_OPENINGS = "light_openings"  # 1-level minimum in the 8-10 HCP band
    SHORT_LONG_BASE = "short_long_base"


class MethodKind(StrEnum):
    """Where a method is used; defences are exempt from App1 §2.4 (§2.4g)."""

    OPENING = "opening"
    RESPONSE = "response"
    OVERCALL = "overcall"
    DEFENCE = "defence"  # against strong or artificial openings or BS methods


class Severity(StrEnum):
    """A failure refuses the card; warnings and notices are recorded with it."""

    FAILURE = "failure"
    WARNING = "warning"
    NOTICE = "notice"


@dataclass(frozen=True, slots=True, kw_only=True)
class SuitShown:
    """What one meaning promises in one suit: between min and max cards."""

    suit: Suit
    min_length: int = 0
    max_length: int = 13

    @property
    def long(self) -> bool:
        """Return True when the suit is promised long: 3+ cards (App1 §2.1)."""
        return self.min_length >= LONG

    @property
    def short(self) -> bool:
        """Return True when the suit is promised short: 2- cards (App1 §2.1)."""
        return self.max_length <= SHORT


@dataclass(frozen=True, slots=True, kw_only=True)
class NotrumpShape:
    """The shapes a notrump opening may hold by agreement (App1 §2.4b)."""

    longest_suit: int = 6
    two_longest_suits: int = 9
    voids: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Meaning:
    """One alternative of a call: its strength and what it shows.

    ``two_suiter_min_length`` is the fewest cards the agreement allows in
    either suit of a two-suited meaning (App1 §2.4d); ``shape`` restricts a
    notrump opening (App1 §2.4b).
    """

    min_hcp: int
    max_hcp: int = MAX_HCP
    suits: tuple[SuitShown, ...] = ()
    two_suiter_min_length: int | None = None
    shape: NotrumpShape | None = None

    @property
    def weak(self) -> bool:
        """Return True when it may be made below average strength (App1 §2.1)."""
        return self.min_hcp < AVERAGE_HCP

    @property
    def strong(self) -> bool:
        """Return True when it promises a king or more above average (§2.1)."""
        return self.min_hcp >= STRONG_HCP

    def long_suits(self) -> frozenset[Suit]:
        return frozenset(s.suit for s in self.suits if s.long)

    def four_card_suits(self) -> frozenset[Suit]:
        return frozenset(s.suit for s in self.suits if s.min_length >= KNOWN_SUIT)

    @property
    def defined(self) -> bool:
        """Return True when it says more than a strength range (App1 §2.6)."""
        return (
            bool(self.suits)
            or self.two_suiter_min_length is not None
            or (self.shape is not None)
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Method:
    """A call by agreement, in one of its contexts, with its alternatives.

    ``ref`` names the paragraph of the card (and of ``front_right_items``).
    ``over`` is the opening responded to or overcalled, ``over_natural``
    whether that opening is natural; ``stopper_ask`` marks a jump cue bid
    asking partner for 3NT with a stopper (App1 §2.4c); ``sheet`` is the
    numbered point of the supplementary sheets describing it (App1 §5).
    """

    ref: str
    kind: MethodKind
    call: str
    meanings: tuple[Meaning, ...]
    artificial: bool = False
    over: str | None = None
    over_natural: bool = True
    stopper_ask: bool = False
    sheet: int | None = None

    def bid(self) -> Bid | None:
        """Return the call as a bid (None for pass or a malformed call)."""
        try:
            call = parse_call(self.call)
        except ValueError:
            return None
        return call if isinstance(call, Bid) else None

    @property
    def is_opening_pass(self) -> bool:
        if self.kind is not MethodKind.OPENING:
            return False
        try:
            return isinstance(parse_call(self.call), Pass)
        except ValueError:
            return False

    @property
    def exempt_from_brown_sticker(self) -> bool:
        """Return True for defences to strong or artificial calls (App1 §2.4g)."""
        return self.kind is MethodKind.DEFENCE or (
            self.kind is MethodKind.OVERCALL and not self.over_natural
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ConventionCard:
    """A pair's declared system, as a registration system can validate it.

    The shape of digest §5.8 (``SystemDeclaration``): the declared colour,
    HUM features, Brown Sticker items and pre-alerts, the global flags of
    App1 §2.5-§2.6 and §3, the front right-hand section (App1 §5), and the
    methods the predicates read. Free text stays on paper: the card holds no
    personal data.
    """

    colour: SystemColour
    base: SystemBase
    methods: tuple[Method, ...] = ()
    hum_features: tuple[HumFeature, ...] = ()
    brown_stickers: tuple[BrownSticker, ...] = ()
    prealerts: tuple[Prealert, ...] = ()
    varies_by_seat_or_vulnerability: bool = False
    systems_in_use: int = 1
    psychics_protected_or_required: bool = False
    encrypted_signals: bool = False
    random_openings: bool = False
    same_system_both_partners: bool = True
    front_right_items: tuple[str, ...] = ()
    supplementary_sheets: tuple[int, ...] = ()
    full_system_submitted: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class CategoryContext:
    """What the check needs to know about the event (App1 §3).

    ``figb_allows_brown_sticker``: FIGB's permission for Brown Sticker methods
    in a category 2 team championship. ``club_allows_*``: a category 4 club
    tournament's own rules (App1 §3: the organising club may set them).
    """

    category: SystemCategory
    form: TournamentForm
    figb_allows_brown_sticker: bool = False
    club_allows_hum: bool = True
    club_allows_brown_sticker: bool = True

    @property
    def brown_sticker_permitted(self) -> bool:
        """Return True when the category admits Brown Sticker methods (§3)."""
        match self.category:
            case SystemCategory.ONE:
                return True
            case SystemCategory.TWO:
                return self.form is TournamentForm.TEAMS and (
                    self.figb_allows_brown_sticker
                )
            case SystemCategory.THREE:
                return False
            case SystemCategory.FOUR:
                return self.club_allows_brown_sticker


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One result of the check, citing the rule it applies.

    ``citation`` uses the digest's keys: "App1 §3", "App1 §2.2c", "N-Def".
    """

    code: str
    severity: Severity
    citation: str
    message: str
    method_ref: str | None = None


def reference(citation: str) -> ArticleRef:
    """Return the article reference for a finding's citation key."""
    if citation.startswith("App1 §"):
        return ArticleRef(citation.removeprefix("App1 §"), source=APPENDIX_1)
    if citation.startswith("N-L"):
        return ArticleRef(citation.removeprefix("N-L"), source=FIGB_NORMS)
    return ArticleRef("Definizioni", source=FIGB_NORMS)


@dataclass(frozen=True, slots=True, kw_only=True)
class SystemCheck:
    """The outcome of checking a card for one event category."""

    suggested_colour: SystemColour
    hum_features: tuple[HumFeature, ...]
    brown_stickers: tuple[BrownSticker, ...]
    findings: tuple[Finding, ...]

    @property
    def failures(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.FAILURE)

    @property
    def permitted(self) -> bool:
        return not self.failures


class InvalidConventionCard(RuleViolation):
    """The card is not well formed: the check cannot read it."""

    code: ClassVar[str] = "invalid_convention_card"

    def __init__(self, problems: tuple[str, ...]) -> None:
        super().__init__(
            "the convention card is not well formed: " + "; ".join(problems),
            law=ArticleRef("5", source=APPENDIX_1),
        )
        self.problems = problems


class SystemNotPermitted(RuleViolation):
    """The declared system breaks App1 in this category; ``failures`` lists why."""

    code: ClassVar[str] = "system_not_permitted"

    def __init__(self, failures: tuple[Finding, ...]) -> None:
        first = failures[0]
        super().__init__(
            "; ".join(f.message for f in failures), law=reference(first.citation)
        )
        self.failures = failures


# -- well-formedness ---------------------------------------------------------


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


# -- HUM (App1 §2.2) ---------------------------------------------------------


def _one_level_openings(card: ConventionCard) -> Iterator[tuple[Method, Bid]]:
    for method in card.methods:
        bid = method.bid()
        if method.kind is MethodKind.OPENING and bid is not None and bid.level == 1:
            yield method, bid


def _strong_minor_based(card: ConventionCard) -> bool:
    """Return True for a strong-club or strong-diamond based system.

    App1 §2.2, exception: 1C/1D "nei sistemi a base Fiori o Quadri Forte".
    Decision 0036: a 1C or 1D opening with an artificial strong meaning that
    names no suit (Precision, Polish club) makes the system one.
    """
    for method, bid in _one_level_openings(card):
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
    for method, bid in _one_level_openings(card):
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
    over = _over_bid(method)
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
    for method, bid in _one_level_openings(card):
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
        for method, _ in _one_level_openings(card)
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
            over = _over_bid(method)
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


def _over_bid(method: Method) -> Bid | None:
    try:
        over = parse_call(method.over or "")
    except ValueError:
        return None
    return over if isinstance(over, Bid) else None


def _weak_jump(method: Method) -> bool:
    """A weak jump response (App1 §5, item 2: "risposte deboli").

    Decision 0036: a response is weak when it is a jump below average
    strength; a simple natural response is not listed however light.
    """
    bid, over = method.bid(), _over_bid(method)
    if bid is None or over is None:
        return False
    cheapest = over.level + (0 if bid.denomination.rank > over.denomination.rank else 1)
    return bid.level > cheapest and all(
        m.max_hcp < AVERAGE_HCP for m in method.meanings
    )


def _prealert_findings(card: ConventionCard) -> Iterator[Finding]:
    expected: list[tuple[Prealert, str | None]] = []
    for method, _ in _one_level_openings(card):
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
