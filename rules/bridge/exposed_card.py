"""Cards exposed or led during the auction.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 24: each card is left face
up until the auction ends; an honour, a premature lead or two or more cards
silence the offender's partner at his next turn (24B, 24C); at the end the
cards return to a future declarer or dummy (24D) or become penalty cards of
a defender (24E, Laws 50-51). Whether the exposure was the player's fault
and whether partner could see the card are the Director's findings, made
before this is called.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.bridge.auction import Auction, ExposedCard
from rules.bridge.card import Card, Rank
from rules.bridge.errors import AuctionAbandoned
from rules.bridge.irregularity import Irregularity, IrregularityKind
from rules.bridge.restrictions import PassRestriction, PassScope, ReviewFlag
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = ["apply_exposed_cards", "classify_exposed_cards"]


def classify_exposed_cards(
    auction: Auction, seat: Seat, cards: Sequence[Card], *, premature_lead: bool = False
) -> Irregularity:
    """Classify cards exposed during the auction as Law 24A, 24B or 24C.

    Mechanical: no options. 24A: one card below honour rank, not led;
    24B: one honour, or any card prematurely led; 24C: two or more cards.
    """
    if auction.abandoned is not None:
        raise AuctionAbandoned(auction.abandoned)
    if not cards:
        raise ValueError("no card was exposed")
    if len(cards) >= 2:
        law = "24C"
    elif premature_lead or cards[0].rank >= Rank.TEN:
        law = "24B"
    else:
        law = "24A"
    return Irregularity(
        kind=IrregularityKind.EXPOSED_CARD,
        law=LawRef(law),
        offender=seat,
        call=None,
        options=(),
    )


def apply_exposed_cards(
    auction: Auction,
    irregularity: Irregularity,
    cards: Sequence[Card],
    *,
    premature_lead: bool = False,
) -> Auction:
    """Leave the cards face up and silence partner under Law 24B or 24C."""
    offender = irregularity.offender
    exposed = tuple(ExposedCard(offender, card, premature_lead) for card in cards)
    state = replace(auction, exposed_cards=(*auction.exposed_cards, *exposed))
    if irregularity.law == LawRef("24A") or auction.is_complete:
        return state
    return replace(
        state,
        pass_restrictions=(
            *state.pass_restrictions,
            PassRestriction(offender.partner, PassScope.NEXT_TURN, irregularity.law),
        ),
        review_flags=(
            *state.review_flags,
            ReviewFlag(LawRef("72C"), offender, irregularity.law),
        ),
    )
