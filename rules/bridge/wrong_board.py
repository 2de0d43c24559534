"""Calls made with cards taken from the wrong board.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 15A: the call and every
later call are cancelled (15A1); if the offender's partner has called since,
the Director awards an adjusted score (15A2(a)); otherwise the offender
calls again with the correct hand (15A2(b)). Law 15A3 (a different call
when the other board is played) is the Director's judgement.
"""

from __future__ import annotations

from dataclasses import replace

from rules.bridge.auction import Auction, WithdrawnCall
from rules.bridge.errors import AuctionAbandoned
from rules.bridge.irregularity import Irregularity, IrregularityKind
from rules.errors import LawRef

__all__ = ["classify_wrong_board", "rectify_wrong_board"]


def classify_wrong_board(auction: Auction, call_index: int) -> Irregularity:
    """Classify the standing call at ``call_index`` as made from the wrong board."""
    if auction.abandoned is not None:
        raise AuctionAbandoned(auction.abandoned)
    if not 0 <= call_index < len(auction.calls):
        raise IndexError(f"no standing call at index {call_index}")
    offender = auction.calls[call_index].seat
    later = auction.calls[call_index + 1 :]
    partner_called = any(entry.seat is offender.partner for entry in later)
    return Irregularity(
        kind=IrregularityKind.WRONG_BOARD,
        law=LawRef("15A2(a)") if partner_called else LawRef("15A2(b)"),
        offender=offender,
        call=auction.calls[call_index].call,
        options=(),
    )


def rectify_wrong_board(auction: Auction, call_index: int) -> Auction:
    """Cancel the call and every later call; close the auction if 15A2(a)."""
    irregularity = classify_wrong_board(auction, call_index)
    offender = irregularity.offender
    withdrawn = tuple(
        WithdrawnCall(entry.seat, entry.call, LawRef("15A1"), offender.side)
        for entry in auction.calls[call_index:]
    )
    state = replace(
        auction,
        calls=auction.calls[:call_index],
        withdrawn_calls=(*auction.withdrawn_calls, *withdrawn),
        pending=None,
    )
    if irregularity.law == LawRef("15A2(a)"):
        return replace(state, abandoned=LawRef("15A2(a)"))
    return state
