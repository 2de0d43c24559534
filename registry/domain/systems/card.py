"""The declared convention card as data: its calls, meanings and the event (FIGB App1).

Norme integrative FIGB (2004), Appendice 1: definitions (§2.1), the HUM
features (§2.2), colours (§2.3), Brown Sticker items (§2.4), the event
categories (§3) and the card (§4-§5); the pre-alerts of N-Def. Thresholds the
text leaves open are decision 0036.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from rules.bridge.call import Bid, Pass, parse_call
from rules.bridge.card import Suit

__all__ = [
    "AVERAGE_HCP",
    "KING_BELOW_AVERAGE_HCP",
    "KNOWN_SUIT",
    "LIGHT_OPENING_BAND",
    "LONG",
    "MAX_HCP",
    "ONE_LEVEL_OPENING_VALUES",
    "RANDOM_OPENING_HCP",
    "SHORT",
    "STRONG_HCP",
    "BrownSticker",
    "CategoryContext",
    "ConventionCard",
    "HumFeature",
    "Meaning",
    "Method",
    "MethodKind",
    "NotrumpShape",
    "Prealert",
    "SuitShown",
    "SystemBase",
    "SystemCategory",
    "SystemColour",
    "TournamentForm",
    "one_level_openings",
    "over_bid",
]

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


def one_level_openings(card: ConventionCard) -> Iterator[tuple[Method, Bid]]:
    for method in card.methods:
        bid = method.bid()
        if method.kind is MethodKind.OPENING and bid is not None and bid.level == 1:
            yield method, bid


def over_bid(method: Method) -> Bid | None:
    try:
        over = parse_call(method.over or "")
    except ValueError:
        return None
    return over if isinstance(over, Bid) else None
