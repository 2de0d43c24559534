"""Insufficient bid: acceptance, replacement and the restrictions that follow.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 27 (with Law 18D: an
insufficient bid is an infraction); lead restrictions per Law 26B; damage
reviews per Laws 27D and 72C. Comparability (Law 23A) and "specifies the
same denomination(s)" (Law 27B1(a)) are the Director's rulings, supplied as
booleans and never computed.
"""

from __future__ import annotations

from dataclasses import replace

from rules.bridge.auction import (
    Auction,
    LeadRestrictionCause,
    WithdrawnCall,
    append_call,
    lowest_sufficient_bid,
)
from rules.bridge.call import Bid, Call, Double, Redouble
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
    "accept_insufficient_bid",
    "apply_replacement_ruling",
    "classify_insufficient_bid",
    "decline_insufficient_bid",
    "lowest_sufficient_candidate",
    "replacement_due",
    "replacement_ruling",
]


def classify_insufficient_bid(
    auction: Auction, seat: Seat, bid: Bid, *, second: bool = False
) -> Irregularity:
    """Classify an insufficient bid in rotation (Law 27A1; 27B4 if ``second``)."""
    lho = seat.lho
    law = LawRef("27B4") if second else LawRef("27")
    decline = (
        "as Law 27B3: the bid is cancelled and partner must pass whenever it is his turn"
        if second
        else "the offender must replace it with a legal call (Law 27B)"
    )
    return Irregularity(
        kind=IrregularityKind.INSUFFICIENT_BID,
        law=law,
        offender=seat,
        call=bid,
        turn_seat=seat,
        options=(
            RectificationOption(
                OptionCode.ACCEPT,
                LawRef("27A1"),
                lho,
                "LHO accepts the insufficient bid; it is treated as legal",
            ),
            RectificationOption(
                OptionCode.DECLINE,
                LawRef("27B"),
                lho,
                f"LHO does not accept: {decline}",
            ),
        ),
    )


def accept_insufficient_bid(auction: Auction, irregularity: Irregularity) -> Auction:
    """Let the insufficient bid stand as the last bid (Law 27A1; digest §2.2)."""
    bid = irregularity.call
    assert isinstance(bid, Bid)
    state = _drop_replacement_due(auction, irregularity.offender)
    return append_call(state, irregularity.offender, bid, LawRef("27A1"))


def decline_insufficient_bid(auction: Auction, irregularity: Irregularity) -> Auction:
    """Withdraw the insufficient bid; the offender must replace it (Law 27B).

    For a second insufficient bid (Law 27B4) the Director rules as in 27B3:
    partner must pass whenever it is his turn, and Law 26B may apply.
    """
    offender = irregularity.offender
    bid = irregularity.call
    assert isinstance(bid, Bid)
    withdrawn = WithdrawnCall(offender, bid, irregularity.law, offender.side)
    state = replace(auction, withdrawn_calls=(*auction.withdrawn_calls, withdrawn))
    if irregularity.law == LawRef("27B4"):
        return _silence_partner(
            _drop_replacement_due(state, offender), offender, "27B4"
        )
    last = auction.last_bid
    due = ReplacementDue(
        offender=offender,
        withdrawn=bid,
        last_bid=last.call if last is not None and isinstance(last.call, Bid) else None,
    )
    return replace(state, watches=(*state.watches, due))


def replacement_due(auction: Auction, seat: Seat) -> ReplacementDue | None:
    """Return the insufficient bid ``seat`` must replace, if any (Law 27B)."""
    for watch in auction.watches:
        if isinstance(watch, ReplacementDue) and watch.offender is seat:
            return watch
    return None


def lowest_sufficient_candidate(due: ReplacementDue) -> Bid | None:
    """Return the Law 27B1(a) candidate: lowest sufficient bid, same denomination.

    Natural calls only: for an artificial insufficient bid the Director
    rules which denomination(s) it specified.
    """
    return lowest_sufficient_bid(due.withdrawn.denomination, due.last_bid)


def replacement_ruling(seat: Seat, call: Call, due: ReplacementDue) -> Irregularity:
    """Ask the Director to rule on the replacement of an insufficient bid (27B).

    The options name the branches: 27B1(a) lowest sufficient bid specifying
    the same denomination(s); 27B1(b) comparable call; otherwise 27B2 (bid
    or pass: partner must pass throughout) or 27B3 (double or redouble: it
    is cancelled, partner must pass throughout).
    """
    requires: tuple[str, ...] = ("comparable",)
    if call == lowest_sufficient_candidate(due):
        requires = ("same_denominations", "comparable")
    otherwise = "27B3" if isinstance(call, Double | Redouble) else "27B2"
    return Irregularity(
        kind=IrregularityKind.REPLACEMENT,
        law=LawRef("27B"),
        offender=seat,
        call=call,
        withdrawn=due.withdrawn,
        turn_seat=seat,
        cause=LawRef(otherwise),
        options=(
            RectificationOption(
                OptionCode.RULE_COMPARABLE,
                LawRef("27B1"),
                DIRECTOR,
                "27B1(a) same denomination(s) at the lowest sufficient level, or "
                f"27B1(b) comparable: no rectification; otherwise Law {otherwise}",
                requires=requires,
            ),
        ),
    )


def apply_replacement_ruling(
    auction: Auction,
    irregularity: Irregularity,
    *,
    comparable: bool,
    same_denominations: bool,
) -> Auction:
    """Apply the Director's ruling on the replacement of an insufficient bid."""
    offender = irregularity.offender
    call = irregularity.call
    assert isinstance(call, Call)
    state = _drop_replacement_due(auction, offender)
    flags = state.review_flags
    if same_denominations or comparable:
        # Law 27B1: no rectification, Laws 26B and 16C do not apply; Law 27D review.
        branch = LawRef("27B1(a)") if same_denominations else LawRef("27B1(b)")
        state = append_call(state, offender, call, branch)
        return replace(
            state, review_flags=(*flags, ReviewFlag(LawRef("27D"), offender, branch))
        )
    if isinstance(call, Double | Redouble):
        # Law 27B3: the attempted double or redouble is cancelled; the offender
        # must still make a lawful replacement, now with partner silenced.
        withdrawn = WithdrawnCall(offender, call, LawRef("27B3"), offender.side)
        state = replace(state, withdrawn_calls=(*state.withdrawn_calls, withdrawn))
        return _silence_partner(state, offender, "27B3")
    state = append_call(state, offender, call, LawRef("27B2"))
    return _silence_partner(state, offender, "27B2")


def _silence_partner(auction: Auction, offender: Seat, law: str) -> Auction:
    ref = LawRef(law)
    return replace(
        auction,
        pass_restrictions=(
            *auction.pass_restrictions,
            PassRestriction(offender.partner, PassScope.REST_OF_AUCTION, ref),
        ),
        lead_restriction_causes=(
            *auction.lead_restriction_causes,
            LeadRestrictionCause(offender, ref),
        ),
        review_flags=(
            *auction.review_flags,
            ReviewFlag(LawRef("16C"), offender, ref),
            ReviewFlag(LawRef("72C"), offender, ref),
        ),
    )


def _drop_replacement_due(auction: Auction, offender: Seat) -> Auction:
    watches = tuple(
        w
        for w in auction.watches
        if not (isinstance(w, ReplacementDue) and w.offender is offender)
    )
    return replace(auction, watches=watches) if watches != auction.watches else auction
