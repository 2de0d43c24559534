"""Restrictions that follow an auction irregularity, as plain values.

Laws of Duplicate Bridge 2017 (FIGB edition): the obligation to pass
(Laws 24B-C, 27B2-B4, 30A, 30B1(b)(ii), 31A2(b), 31B2, 32A2(b), 32B2,
36B2/B4, 37B2, 38C), the lead restriction after a withdrawn call (Law 26B)
and the end-of-play review flags (Laws 16C, 23C, 27D, 72C). This is the
restriction state model of digest §2.7.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.bridge.card import Card, Suit
from rules.bridge.seat import Seat
from rules.errors import LawRef

_LAW_24E = LawRef("24E")
_LAW_26B = LawRef("26B")

__all__ = [
    "LeadProhibition",
    "LeadRestriction",
    "PassRestriction",
    "PassScope",
    "PenaltyCardFromAuction",
    "ReviewFlag",
]


class PassScope(StrEnum):
    """How long an obligation to pass lasts (digest §0.2)."""

    NEXT_TURN = "next_turn"
    """Only the seat's next turn to call (e.g. Laws 24B, 30A, 31A2(b))."""
    REST_OF_AUCTION = "rest_of_auction"
    """Every later turn of this auction (e.g. Laws 27B2, 36B2, 37B2, 38C)."""


@dataclass(frozen=True, slots=True)
class PassRestriction:
    """``seat`` must pass at its next turn, or whenever it is its turn.

    A bid, double or redouble by that seat is inadmissible (Law 35B, rectified
    by Law 37). A call made at that seat's turn by the next player counts as
    in rotation, with an implicit pass for the silenced seat (Law 28A).
    """

    seat: Seat
    scope: PassScope
    law: LawRef


@dataclass(frozen=True, slots=True)
class ReviewFlag:
    """A point the Director reviews at the end of play (digest §2.7).

    ``law`` is the Law under which he may adjust: 23C (comparable call),
    27D (insufficient bid corrected under 27B1), 72C (the offender could
    have known a forced pass might damage), 16C (information from a
    withdrawn call is unauthorized for the offender's side).
    """

    law: LawRef
    offender: Seat
    cause: LawRef


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """Law 26B: the declarer may prohibit one suit at the leader's first lead.

    Created when an offender's call was withdrawn and not replaced by a
    comparable call (the Law that invoked 26B is ``cause``, e.g. 27B2), and
    it takes effect only because the offender became a defender. Then:

    - ``leader`` is the offender's partner; at his first turn to lead (which
      may be the opening lead) the ``declarer`` may prohibit the lead of
      **one** suit (Italian text "in qualunque seme", English "any one suit";
      digest Appendix B.2) chosen from ``prohibitable_suits``;
    - ``prohibitable_suits`` are the suits *not* specified in a legal call by
      the offender. They are computed from the suits the offender named in
      his standing bids; an artificial call specifies what it shows, so the
      Director may narrow this set (Law 29C by analogy, digest §2.6.2);
    - the prohibition is a :class:`LeadProhibition` lasting for as long as
      the leader retains the lead; if he cannot comply he may lead any card
      (Law 59).

    The declarer may also decline to prohibit anything ("may").
    """

    offender: Seat
    leader: Seat
    declarer: Seat
    prohibitable_suits: frozenset[Suit]
    cause: LawRef
    law: LawRef = _LAW_26B


@dataclass(frozen=True, slots=True)
class LeadProhibition:
    """The declarer's choice under Law 26B: ``leader`` may not lead ``suit``.

    It lasts for as long as the leader retains the lead (Law 26B). A leader
    who holds only cards of the prohibited suit may lead any of them
    (Law 59).
    """

    leader: Seat
    suit: Suit
    law: LawRef = _LAW_26B

    def permits(self, card: Card, hand: frozenset[Card]) -> bool:
        """Return whether leading ``card`` from ``hand`` respects the prohibition."""
        if card.suit is not self.suit:
            return True
        return all(held.suit is self.suit for held in hand)


@dataclass(frozen=True, slots=True)
class PenaltyCardFromAuction:
    """A card exposed during the auction that becomes a penalty card (Law 24E).

    ``major`` follows Law 50B: an honour, a card prematurely led, or one of
    two or more exposed cards is major; a single low card exposed
    inadvertently is minor. The Director may rule otherwise for a single low
    card (digest Appendix B.3).
    """

    seat: Seat
    card: Card
    major: bool
    law: LawRef = _LAW_24E
