"""The score of a hand (smazzata): base and points, the score sheet's two columns.

F.I.Bur. Codice di Gara, April 2024 edition, Art. 18 (the counting table),
Arts. 13, 17 and 23, and Definizioni:

- positive: each burraco pulito 200, semipulito 150, sporco 100; the closing
  100 plus any arbitral bonus; the open melds, at the sum of their cards;
- negative: the pozzo not taken, 100; the pozzo taken and not played, the
  sum of its cards; the cards left in hand; the penalized cards;
- the pozzo is not counted if neither line took it (Art. 18).

The base (Definizioni) is the sum of the burraco, the closing and any
arbitral bonus; the points (punti) are what the cards add up to. The
digest puts the -100 for the pozzo not taken in the base; the Definizioni
list the base's parts and the -100 is none of them, so it goes in the
points column by default (decision 0064; ``PozzoPenaltyColumn``).

Art. 23: a line that closes "taking the pozzo" when none is left, because
the other line played both, gets the closing and its burraco, and if it has
no burraco a further 100 as an arbitral bonus; it is never charged the -100
(digest Q17; decision 0064). A hand stopped by a stall, a time-out or a
suspension is scored as it stands, with no closing (decision 0065).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import art
from rules.burraco.card import Card, cards_value
from rules.burraco.classification import BurracoKind, WildInsideRun, classify
from rules.burraco.hand_end import HandEnding
from rules.burraco.melds import Meld
from scoring.burraco.errors import InvalidHandScore, NotAMultipleOfFive

__all__ = [
    "CLOSING_BONUS",
    "NO_POZZO_BONUS",
    "POZZO_NOT_TAKEN",
    "HandCount",
    "HandScore",
    "Pozzo",
    "PozzoPenaltyColumn",
    "SideHand",
    "SideScore",
    "score_hand",
    "side_hand_from_table",
]

CLOSING_BONUS = 100
"""The closing's value (Arts. 17 and 18)."""

POZZO_NOT_TAKEN = 100
"""What a line that did not take its pozzo loses (Art. 18)."""

NO_POZZO_BONUS = 100
"""The arbitral bonus for closing with no pozzo left and no burraco (Art. 23)."""


class Pozzo(StrEnum):
    """What became of a line's pozzo in the hand (Arts. 18 and 23)."""

    PLAYED = "played"
    """Taken and played."""
    TAKEN_NOT_PLAYED = "taken_not_played"
    """Taken but not played: its cards count negative (Art. 18)."""
    NOT_TAKEN = "not_taken"
    """Not taken: -100, unless neither line took its pozzo (Art. 18)."""
    UNAVAILABLE = "unavailable"
    """Played by the other line, which took both (Art. 23): never -100."""

    @property
    def taken(self) -> bool:
        """Return whether the line took its pozzo."""
        return self in (Pozzo.PLAYED, Pozzo.TAKEN_NOT_PLAYED)


class PozzoPenaltyColumn(StrEnum):
    """Where the score sheet writes the -100 for a pozzo not taken (decision 0064)."""

    POINTS = "points"
    """In the points column: the base is only burraco, closing and arbitral bonus."""
    BASE = "base"
    """In the base column, as the digest's formula has it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SideHand:
    """What one line brought to the count of one hand (Art. 18).

    Counts of burraco by kind valid at the end of the hand; ``closed`` for
    a closing that earned the bonus (Art. 17); ``arbitral_bonus`` for points
    the director awarded (Poteri a; Art. 23's no-pozzo bonus is added by the
    engine). Card points, all positive numbers: ``meld_points`` for the open
    melds that count positive, ``negative_meld_points`` for meld cards that
    count against the line (Arts. 23, 25, 26, 30), ``unplayed_pozzo_points``
    for a pozzo taken and not played, ``hand_points`` for the cards left in
    both partners' hands, ``penalized_points`` for penalized cards still at
    the side of the table.
    """

    pulito: int = 0
    semipulito: int = 0
    sporco: int = 0
    closed: bool = False
    arbitral_bonus: int = 0
    meld_points: int = 0
    negative_meld_points: int = 0
    pozzo: Pozzo = Pozzo.PLAYED
    unplayed_pozzo_points: int = 0
    hand_points: int = 0
    penalized_points: int = 0

    @property
    def burraco(self) -> int:
        """Return the number of burraco the line made."""
        return self.pulito + self.semipulito + self.sporco

    @property
    def card_points(self) -> int:
        """Return every card point the line counted, positive or negative."""
        return (
            self.meld_points
            + self.negative_meld_points
            + self.unplayed_pozzo_points
            + self.hand_points
            + self.penalized_points
        )


@dataclass(frozen=True, slots=True)
class SideScore:
    """A line's hand score as the sheet writes it: ``base`` and ``points``."""

    base: int
    points: int

    @property
    def total(self) -> int:
        """Return the hand score: base plus points."""
        return self.base + self.points


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCount:
    """The count of one hand: how it ended and each line's components."""

    ending: HandEnding
    ns: SideHand
    ew: SideHand


@dataclass(frozen=True, slots=True)
class HandScore:
    """The scored hand: each line's base and points (Art. 18)."""

    ending: HandEnding
    ns: SideScore
    ew: SideScore

    @property
    def difference(self) -> int:
        """Return North-South's total minus East-West's."""
        return self.ns.total - self.ew.total


_COUNTS = ("pulito", "semipulito", "sporco")
_POINTS = (
    "arbitral_bonus",
    "meld_points",
    "negative_meld_points",
    "unplayed_pozzo_points",
    "hand_points",
    "penalized_points",
)


def _check_side(side: SideHand, name: str) -> None:
    for field in (*_COUNTS, *_POINTS):
        value = getattr(side, field)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidHandScore(
                f"{name} {field} {value!r} is not a whole number of at least 0",
                law=art(18),
            )
    for field in _POINTS:
        value = getattr(side, field)
        if value % 5:
            # Every card is worth a multiple of 5 (Art. 1); so must an arbitral
            # bonus be, or the turn would fall between two rows (digest Q18).
            raise NotAMultipleOfFive(
                f"{name} {field} {value} is not a multiple of 5", law=art(18)
            )
    if (side.pozzo is Pozzo.TAKEN_NOT_PLAYED) != (side.unplayed_pozzo_points > 0):
        raise InvalidHandScore(
            f"{name}: the unplayed pozzo's points go with a pozzo taken and not "
            "played, and only with it",
            law=art(18),
        )
    if side.closed and side.pozzo is Pozzo.NOT_TAKEN:
        raise InvalidHandScore(
            f"{name} cannot close without going to its pozzo", law=art(17)
        )
    if side.closed and side.pozzo.taken and side.burraco == 0:
        raise InvalidHandScore(
            f"{name} cannot close with the bonus without a burraco", law=art(17)
        )


def _check_hand(count: HandCount) -> None:
    _check_side(count.ns, "NS")
    _check_side(count.ew, "EW")
    closed = [side for side in (count.ns, count.ew) if side.closed]
    if len(closed) > 1:
        raise InvalidHandScore("only one line can close a hand", law=art(17))
    if count.ending is HandEnding.CLOSED and not closed:
        raise InvalidHandScore("a closed hand needs the line that closed", law=art(17))
    if closed and count.ending not in (HandEnding.CLOSED, HandEnding.ARBITRAL):
        raise InvalidHandScore(
            f"no line scores the closing when the hand ends by {count.ending.value}",
            law=count.ending.law,
        )
    for side, other in ((count.ns, count.ew), (count.ew, count.ns)):
        if side.pozzo is Pozzo.UNAVAILABLE and not other.pozzo.taken:
            raise InvalidHandScore(
                "a pozzo is unavailable only when the other line took its own",
                law=art(23),
            )
    if count.ns.card_points + count.ew.card_points > 1080:
        raise InvalidHandScore(
            "the lines count more card points than the deck holds (1080)",
            law=art(1),
        )


def _pozzo_penalty(side: SideHand, other: SideHand) -> int:
    """Return the -100 for a pozzo not taken, waived if neither took its own."""
    if side.pozzo is Pozzo.NOT_TAKEN and other.pozzo.taken:
        return -POZZO_NOT_TAKEN
    return 0


def _score_side(
    side: SideHand, other: SideHand, column: PozzoPenaltyColumn
) -> SideScore:
    base = (
        sum(getattr(side, kind) * BurracoKind(kind).bonus for kind in _COUNTS)
        + side.arbitral_bonus
    )
    if side.closed:
        base += CLOSING_BONUS
        if side.pozzo is Pozzo.UNAVAILABLE and side.burraco == 0:
            base += NO_POZZO_BONUS
    points = (
        side.meld_points
        - side.negative_meld_points
        - side.unplayed_pozzo_points
        - side.hand_points
        - side.penalized_points
    )
    penalty = _pozzo_penalty(side, other)
    if column is PozzoPenaltyColumn.BASE:
        base += penalty
    else:
        points += penalty
    return SideScore(base=base, points=points)


def score_hand(
    count: HandCount, *, pozzo_column: PozzoPenaltyColumn = PozzoPenaltyColumn.POINTS
) -> HandScore:
    """Return each line's base and points for one hand (Art. 18).

    Refuse components the counting cannot produce: a closing without the
    pozzo or a burraco (Art. 17), two closings, a closing in a hand that
    ended otherwise, points that are not multiples of 5, more card points
    than the deck holds.
    """
    _check_hand(count)
    return HandScore(
        ending=count.ending,
        ns=_score_side(count.ns, count.ew, pozzo_column),
        ew=_score_side(count.ew, count.ns, pozzo_column),
    )


def side_hand_from_table(
    *,
    melds: Iterable[Meld],
    in_hand: Iterable[Card] = (),
    penalized: Iterable[Card] = (),
    negative: Iterable[Card] = (),
    pozzo: Pozzo = Pozzo.PLAYED,
    unplayed_pozzo: Iterable[Card] = (),
    closed: bool = False,
    arbitral_bonus: int = 0,
    wild_inside_run: WildInsideRun = WildInsideRun.SEMIPULITO,
) -> SideHand:
    """Return a line's components from the cards on the table at the count.

    ``melds`` are the line's open melds that count positive; each is
    classified as a burraco where it has seven cards (Art. 13). ``negative``
    are meld cards that count against the line (an excess card found late,
    Art. 25; cards frozen under Art. 30 when the hand closed).
    """
    counts = {kind: 0 for kind in BurracoKind}
    open_melds = tuple(melds)
    for meld in open_melds:
        kind = classify(meld, wild_inside_run=wild_inside_run)
        if kind is not None:
            counts[kind] += 1
    return SideHand(
        pulito=counts[BurracoKind.PULITO],
        semipulito=counts[BurracoKind.SEMIPULITO],
        sporco=counts[BurracoKind.SPORCO],
        closed=closed,
        arbitral_bonus=arbitral_bonus,
        meld_points=sum(meld.points for meld in open_melds),
        negative_meld_points=cards_value(negative),
        pozzo=pozzo,
        unplayed_pozzo_points=cards_value(unplayed_pozzo),
        hand_points=cards_value(in_hand),
        penalized_points=cards_value(penalized),
    )
