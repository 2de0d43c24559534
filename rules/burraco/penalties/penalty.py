"""The penalty value the engine returns, and the timing every ruling shares.

F.I.Bur. Codice di Gara, April 2024 edition, "Irregolarità - Procedura" and
Art. 21: any player calls the director at once; the offender's partner only
after the offender's discard (before it, Art. 21: play stops, wrong melds
can no longer be fixed, and the pair is warned); the right to a penalty
lapses once play has continued, that is once the next opponent has drawn or
picked up. Rectifications the code states for a later moment (Art. 25's
excess found later, Art. 26's phantom card) do not lapse.

A ``Penalty`` says what happens and how much: who is warned (each warning
counts toward the VP deduction of Definizioni and Poteri d), whether the
offender's play ends, what the offender must do now or at the next go,
which melds freeze and how, which cards become penalized, exposed, or count
against the line, and whether the closing stands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.burraco.articles import PROCEDURE, art
from rules.burraco.card import Card, cards_value
from rules.burraco.errors import InconsistentFacts, InvalidMeld
from rules.burraco.melds import meld_from_cards
from rules.errors import ArticleRef

__all__ = [
    "Caller",
    "Disposal",
    "Freeze",
    "FreezeKind",
    "Instruction",
    "Noticed",
    "Penalty",
    "WarningTo",
    "is_meld",
    "lapsed",
    "premature_partner_call",
    "require_within",
    "with_standard_timing",
    "without",
]


class Caller(StrEnum):
    """Who drew attention to the irregularity."""

    OPPONENT = "opponent"
    PARTNER = "partner"
    """The offender's partner: only after the offender's discard (Proc.)."""
    DIRECTOR = "director"
    """The director, noticing it at the table."""


class Noticed(StrEnum):
    """When attention was drawn, in the order play runs."""

    DURING_GO = "during_go"
    """During the offender's go, before the discard ("al momento")."""
    AFTER_DISCARD = "after_discard"
    """After the offender's discard, before the next opponent drew or picked up."""
    AFTER_NEXT_DRAW = "after_next_draw"
    """Once the next opponent drew or picked up: play has continued (Proc.)."""
    OFFENDERS_NEXT_GO = "offenders_next_go"
    """Once the offender has drawn or picked up again."""

    @property
    def order(self) -> int:
        """Return the moment's place in the order of play."""
        return list(Noticed).index(self)


class WarningTo(StrEnum):
    """Who receives the warning (ammonizione)."""

    OFFENDING_SIDE = "offending_side"
    """The guilty pair (or team line): la coppia colpevole."""
    BOTH_SIDES = "both_sides"
    """Both pairs at the table (Art. 23)."""
    ALL_PLAYERS = "all_players"
    """Every player at the table (Art. 4)."""


class Instruction(StrEnum):
    """What the offender (or the hinted player) must do."""

    DISCARD = "discard"
    """Discard now, with no further play."""
    DRAW_OR_PICK_UP_AND_DISCARD = "draw_or_pick_up_and_discard"
    """Draw or pick up, then discard, with no play."""
    DRAW_AND_DISCARD = "draw_and_discard"
    """At the go: only draw from the stock and discard (Art. 31)."""
    PICK_UP_AND_DISCARD = "pick_up_and_discard"
    """At the go: pick up the discard pile (compulsory) and discard (Art. 31)."""
    DO_THE_OPPOSITE = "do_the_opposite"
    """Do the opposite of what was hinted (Art. 22)."""
    OPPONENT_CHOOSES = "opponent_chooses"
    """The opponent on turn decides whether the player draws or picks up."""
    DRAW = "draw"
    """Draw the card lifted from the stock (Art. 8)."""
    PICK_UP = "pick_up"
    """Pick up the discard pile (Art. 9)."""
    PLAY_EXPOSED = "play_exposed"
    """Play the exposed cards in this go, or they become penalized (Art. 24)."""


class FreezeKind(StrEnum):
    """How long a meld stays frozen (Definizioni; Arts. 25-32)."""

    TEMPORARY = "temporary"
    """Valid again at the offender's next go; the partner may not attach."""
    UNTIL_AFTER_PENALTY_GO = "until_after_penalty_go"
    """Frozen until the go after the one where the offender only draws or
    picks up and discards (Arts. 31-32)."""
    DEFINITIVE = "definitive"
    """No card may be added until the end of the hand."""


class Disposal(StrEnum):
    """How the penalized cards leave the offender's side of the table."""

    BY_RULE = "by_rule"
    """Discarded by rule, highest value first (scartate secondo norma)."""
    LATER_DISCARDS = "later_discards"
    """Used as the offender's discards in later goes, play otherwise normal
    (Art. 25)."""
    END_OF_GO = "end_of_go"
    """Discarded at the end of the plays of the go (Arts. 24, 26)."""


@dataclass(frozen=True, slots=True)
class Freeze:
    """A freeze of the melds ``melds`` names (e.g. "the melds opened")."""

    kind: FreezeKind
    melds: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """What the director applies for one irregularity, under ``law``.

    ``also`` names further articles the ruling applies (a premature call by
    the partner, Art. 21; a hint, Art. 22). Cards: ``penalized`` become
    penalized cards (Art. 25): face up at the side, discarded by rule or, if
    still there at the end, counted against the line; ``exposed`` become
    exposed cards (Art. 24); ``negative`` stay on their meld and count
    against the line at the end; ``negative_if_closing`` count against it if
    the hand closes while their melds are still frozen (Art. 30).
    ``disposal`` says how the penalized cards go; ``discard`` names a card
    that becomes (or stays) the discard. ``closing_valid`` is None when the ruling does not concern a closing.
    """

    law: ArticleRef
    summary: str
    also: tuple[ArticleRef, ...] = ()
    warning: WarningTo | None = None
    interrupt: bool = False
    now: Instruction | None = None
    next_go: Instruction | None = None
    freeze: Freeze | None = None
    can_fix: bool = True
    penalized: tuple[Card, ...] = ()
    exposed: tuple[Card, ...] = ()
    negative: tuple[Card, ...] = ()
    negative_if_closing: tuple[Card, ...] = ()
    disposal: Disposal | None = None
    discard: Card | None = None
    closing_valid: bool | None = None
    new_deal: bool = False
    arbitral_score: bool = False
    lapsed: bool = False

    @property
    def negative_points(self) -> int:
        """Return the points the ``negative`` cards take from the line (Art. 18)."""
        return cards_value(self.negative)

    @property
    def penalized_points(self) -> int:
        """Return the penalized cards' value, counted negative if never discarded."""
        return cards_value(self.penalized)

    @property
    def warned(self) -> bool:
        """Return whether the ruling includes a warning."""
        return self.warning is not None


def lapsed(noticed: Noticed) -> bool:
    """Return whether the right to a penalty has lapsed (Proc.).

    It lapses once play has continued: the next opponent drew or picked up.
    """
    return noticed.order >= Noticed.AFTER_NEXT_DRAW.order


def premature_partner_call(called_by: Caller, noticed: Noticed) -> bool:
    """Return whether the partner called before the offender's discard (Art. 21)."""
    return called_by is Caller.PARTNER and noticed is Noticed.DURING_GO


_LAPSED = Penalty(
    law=PROCEDURE,
    summary="the right to a penalty lapsed: play has continued",
    lapsed=True,
)


def with_standard_timing(
    penalty: Penalty, *, noticed: Noticed, called_by: Caller
) -> Penalty:
    """Apply the procedure every standard ruling shares (Proc.; Art. 21).

    Noticed after play continued: no penalty. Pointed out by the partner
    before the offender's discard: play stops, nothing can be fixed, and
    the pair is warned, on top of the article's own penalty.
    """
    if lapsed(noticed):
        return _LAPSED
    if premature_partner_call(called_by, noticed):
        return replace(
            penalty,
            also=(*penalty.also, art(21)),
            warning=penalty.warning or WarningTo.OFFENDING_SIDE,
            interrupt=True,
            can_fix=False,
        )
    return penalty


def require_within(part: tuple[Card, ...], whole: tuple[Card, ...], what: str) -> None:
    """Refuse facts naming cards that are not among the cards recorded."""
    if Counter(part) - Counter(whole):
        raise InconsistentFacts(f"the {what} are not among the cards recorded")


def without(whole: tuple[Card, ...], part: tuple[Card, ...]) -> tuple[Card, ...]:
    """Return ``whole`` less one copy of each card of ``part``."""
    left = Counter(part)
    rest = []
    for card in whole:
        if left[card]:
            left[card] -= 1
        else:
            rest.append(card)
    return tuple(rest)


def is_meld(cards: tuple[Card, ...]) -> bool:
    """Return whether the cards form a valid sequence or combination."""
    try:
        meld_from_cards(cards)
    except InvalidMeld:
        return False
    return True
