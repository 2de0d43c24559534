"""Inadmissible calls: classification and rectification.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 35 (classification),
Law 36 (double or redouble not permitted by Law 19), Law 37 (breach of the
obligation to pass), Law 38 (bid of more than seven), Law 39 (call after
the final pass). Each rectification depends on whether the offender's LHO
called before it was applied; the aggregate learns that by the LHO calling
while the rectification is pending.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.bridge.attempted_call import AttemptedCall, BidAboveSeven
from rules.bridge.auction import (
    Auction,
    AuctionCall,
    LeadRestrictionCause,
    WithdrawnCall,
    append_call,
)
from rules.bridge.call import PASS, Bid, Call, Double, Pass, Redouble
from rules.bridge.contract import Contract
from rules.bridge.irregularity import (
    DIRECTOR,
    Irregularity,
    IrregularityKind,
    OptionCode,
    RectificationOption,
    ReplacementDue,
)
from rules.bridge.restrictions import PassRestriction, PassScope, ReviewFlag
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "classify_bid_above_seven",
    "classify_breach_of_obligation_to_pass",
    "classify_call_after_final_pass",
    "classify_inadmissible_double",
    "contract_without_inadmissible_doubles",
    "rectify_bid_above_seven",
    "rectify_breach_of_obligation_to_pass",
    "rectify_call_after_final_pass",
    "rectify_inadmissible_double",
]


def _rectify_option(law: str, summary: str) -> tuple[RectificationOption, ...]:
    return (RectificationOption(OptionCode.RECTIFY, LawRef(law), DIRECTOR, summary),)


def classify_inadmissible_double(
    auction: Auction, seat: Seat, call: Double | Redouble
) -> Irregularity:
    """Classify a double or redouble Law 19 does not permit (Laws 35A, 36).

    Never acceptable, even out of rotation (Law 32). If the offender's LHO
    calls before rectification, Law 36A cancels it and every later call.
    """
    turn = auction.turn
    out_of_rotation = turn is not seat
    law = "36B4" if out_of_rotation else "36B"
    return Irregularity(
        kind=IrregularityKind.INADMISSIBLE_DOUBLE,
        law=LawRef("36"),
        offender=seat,
        call=call,
        turn_seat=turn,
        options=_rectify_option(
            law,
            "Cancelled; the offender makes a legal call at his turn and his partner "
            "must pass whenever it is his turn (Laws 36B2, 36B4); Law 26B may apply",
        ),
    )


def rectify_inadmissible_double(
    auction: Auction, irregularity: Irregularity, *, lho_called: AttemptedCall | None
) -> Auction:
    """Apply Law 36A (LHO called first) or Law 36B (the Director rectified)."""
    offender = irregularity.offender
    assert irregularity.call is not None
    if lho_called is not None:
        # Law 36A: both are cancelled; the auction continues as if no irregularity.
        return replace(
            auction,
            withdrawn_calls=(
                *auction.withdrawn_calls,
                WithdrawnCall(
                    offender, irregularity.call, LawRef("36A"), offender.side
                ),
                WithdrawnCall(offender.lho, lho_called, LawRef("36A"), offender.side),
            ),
        )
    law = irregularity.options[0].law
    state = replace(
        auction,
        withdrawn_calls=(
            *auction.withdrawn_calls,
            WithdrawnCall(offender, irregularity.call, LawRef("36B1"), offender.side),
        ),
    )
    return _silence(state, (offender.partner,), offender, law)


def classify_breach_of_obligation_to_pass(
    auction: Auction, seat: Seat, call: Bid | Double | Redouble
) -> Irregularity:
    """Classify a bid, double or redouble by a player required to pass (35B, 37)."""
    return Irregularity(
        kind=IrregularityKind.BREACH_OF_OBLIGATION_TO_PASS,
        law=LawRef("37"),
        offender=seat,
        call=call,
        turn_seat=auction.turn,
        options=_rectify_option(
            "37B",
            "Cancelled and replaced by a pass; each member of the offending side "
            "must pass whenever it is his turn; Law 26B may apply",
        ),
    )


def rectify_breach_of_obligation_to_pass(
    auction: Auction, irregularity: Irregularity, *, lho_called: bool
) -> Auction:
    """Apply Law 37A (LHO called first: the call stands) or Law 37B."""
    offender = irregularity.offender
    call = irregularity.call
    assert isinstance(call, Bid | Double | Redouble)
    if lho_called:
        # Law 37A: the call and later calls stand; a rest-of-auction obligation
        # continues; Law 26B does not apply.
        return append_call(auction, offender, call, LawRef("37A"))
    state = replace(
        auction,
        withdrawn_calls=(
            *auction.withdrawn_calls,
            WithdrawnCall(offender, call, LawRef("37B1"), offender.side),
        ),
    )
    state = append_call(state, offender, PASS, LawRef("37B2"))
    return _silence(state, (offender, offender.partner), offender, LawRef("37B2"))


def classify_bid_above_seven(
    auction: Auction, seat: Seat, call: BidAboveSeven
) -> Irregularity:
    """Classify a bid of more than seven (Laws 35C, 38); never playable (38A)."""
    return Irregularity(
        kind=IrregularityKind.BID_ABOVE_SEVEN,
        law=LawRef("38"),
        offender=seat,
        call=call,
        turn_seat=auction.turn,
        options=_rectify_option(
            "38C",
            "Cancelled with any later call and replaced by a pass; each member of "
            "the offending side must pass whenever it is his turn; Law 26B may apply",
        ),
    )


def rectify_bid_above_seven(
    auction: Auction, irregularity: Irregularity, *, lho_called: AttemptedCall | None
) -> Auction:
    """Apply Law 38B-D.

    The bid and any later call are cancelled (38B) and replaced by a pass;
    the auction continues unless now complete (38C). Laws 26B and 72C apply
    unless the LHO called after the infraction and before rectification
    (38D). Out of rotation there is no turn to pass in: decision 0012 only
    cancels the bid and silences the offending side.
    """
    offender = irregularity.offender
    assert irregularity.call is not None
    withdrawn = [
        WithdrawnCall(offender, irregularity.call, LawRef("38B"), offender.side)
    ]
    if lho_called is not None:
        withdrawn.append(
            WithdrawnCall(offender.lho, lho_called, LawRef("38B"), offender.side)
        )
    state = replace(
        auction,
        withdrawn_calls=(*auction.withdrawn_calls, *withdrawn),
        watches=tuple(
            w
            for w in auction.watches
            if not (isinstance(w, ReplacementDue) and w.offender is offender)
        ),
    )
    if irregularity.turn_seat is offender:
        state = append_call(state, offender, PASS, LawRef("38C"))
    restrictions = (
        *state.pass_restrictions,
        PassRestriction(offender, PassScope.REST_OF_AUCTION, LawRef("38C")),
        PassRestriction(offender.partner, PassScope.REST_OF_AUCTION, LawRef("38C")),
    )
    state = replace(state, pass_restrictions=restrictions)
    if lho_called is not None:
        return state
    return replace(
        state,
        lead_restriction_causes=(
            *state.lead_restriction_causes,
            LeadRestrictionCause(offender, LawRef("38D")),
        ),
        review_flags=(
            *state.review_flags,
            ReviewFlag(LawRef("72C"), offender, LawRef("38D")),
        ),
    )


def classify_call_after_final_pass(
    auction: Auction, seat: Seat, call: AttemptedCall
) -> Irregularity:
    """Classify a call after the final pass (Laws 35D, 39).

    It is always cancelled (39A). A pass by a defender, any call by the
    future declarer or dummy, or any call on a passed-out board needs no
    further rectification (39B): no options. A bid, double or redouble by a
    defender leaves Law 26B to the Director, unless the LHO calls first (39C).
    """
    declarer = auction.declarer
    mechanical = (
        declarer is None or seat.side is declarer.side or isinstance(call, Pass)
    )
    options = (
        ()
        if mechanical
        else _rectify_option(
            "39C", "Cancelled; the Law 26B lead restrictions may apply"
        )
    )
    return Irregularity(
        kind=IrregularityKind.CALL_AFTER_FINAL_PASS,
        law=LawRef("39"),
        offender=seat,
        call=call,
        options=options,
    )


def rectify_call_after_final_pass(
    auction: Auction, irregularity: Irregularity, *, lead_restriction: bool
) -> Auction:
    """Cancel the call (Law 39A); with ``lead_restriction``, Law 39C's 26B."""
    offender = irregularity.offender
    assert irregularity.call is not None
    state = replace(
        auction,
        withdrawn_calls=(
            *auction.withdrawn_calls,
            WithdrawnCall(offender, irregularity.call, LawRef("39A"), offender.side),
        ),
    )
    if not lead_restriction:
        return state
    return replace(
        state,
        lead_restriction_causes=(
            *state.lead_restriction_causes,
            LeadRestrictionCause(offender, LawRef("39C")),
        ),
    )


def _silence(
    auction: Auction, seats: tuple[Seat, ...], offender: Seat, law: LawRef
) -> Auction:
    return replace(
        auction,
        pass_restrictions=(
            *auction.pass_restrictions,
            *(PassRestriction(seat, PassScope.REST_OF_AUCTION, law) for seat in seats),
        ),
        lead_restriction_causes=(
            *auction.lead_restriction_causes,
            LeadRestrictionCause(offender, law),
        ),
        review_flags=(
            *auction.review_flags,
            ReviewFlag(LawRef("16C"), offender, law),
            ReviewFlag(LawRef("72C"), offender, law),
        ),
    )


def contract_without_inadmissible_doubles(
    dealer: Seat, calls: Sequence[tuple[Seat, Call]]
) -> Contract | None:
    """Score as if an inadmissible double or redouble had not been made (Law 36C).

    For a table record in which attention was drawn only after the opening
    lead was faced: replays the calls, dropping every double or redouble
    Law 19 did not permit, and returns the resulting contract.
    """
    auction = Auction(dealer)
    for seat, call in calls:
        if isinstance(call, Double | Redouble) and not auction.is_admissible(
            seat, call
        ):
            continue
        auction = replace(auction, calls=(*auction.calls, AuctionCall(seat, call)))
    if not auction.is_complete:
        raise ValueError("the calls do not make a complete auction")
    return auction.final_contract
