"""Changes of call: unintended calls and voluntary changes.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 25 (A: unintended call,
B: intended change), reached directly when a player corrects his call or
through Laws 30B2, 31C and 32C (a later call at LHO's turn). Whether the
first call was unintended (25A2) is the Director's judgement.
"""

from __future__ import annotations

from dataclasses import replace

from rules.bridge.attempted_call import AttemptedCall
from rules.bridge.auction import Auction, LeadRestrictionCause, WithdrawnCall
from rules.bridge.errors import ChangeOfCallNotAllowed
from rules.bridge.irregularity import (
    DIRECTOR,
    Irregularity,
    IrregularityKind,
    OptionCode,
    RectificationOption,
)
from rules.bridge.seat import Seat
from rules.errors import LawRef

_LAW_25 = LawRef("25")

__all__ = [
    "classify_change_of_call",
    "intended_change_stage",
    "last_call_index",
    "later_call_stage",
    "lead_restriction_after_change",
    "truncate_for_change",
]


def last_call_index(auction: Auction, seat: Seat) -> int | None:
    """Return the index of ``seat``'s last standing call, if any."""
    for index in range(len(auction.calls) - 1, -1, -1):
        if auction.calls[index].seat is seat:
            return index
    return None


def classify_change_of_call(
    auction: Auction,
    seat: Seat,
    call: AttemptedCall,
    *,
    cause: LawRef = _LAW_25,
    opening_lead_faced: bool = False,
) -> tuple[Irregularity, int | None]:
    """Classify ``seat`` replacing its last call by ``call`` (Law 25).

    Returns the irregularity and, when the LHO has already called over the
    first call, the index of that call (Law 25A6). Raises
    :class:`ChangeOfCallNotAllowed` once partner has called (25A4) or after
    the auction period (25A5): such a call is then a new call, out of
    rotation or after the final pass.
    """
    index = last_call_index(auction, seat)
    if index is None:
        raise ChangeOfCallNotAllowed(
            "The player has made no call to change", LawRef("25A1")
        )
    if opening_lead_faced:
        raise ChangeOfCallNotAllowed("The auction period has ended", LawRef("25A5"))
    later = auction.calls[index + 1 :]
    if any(entry.seat is seat.partner for entry in later):
        raise ChangeOfCallNotAllowed("Partner has called since", LawRef("25A4"))
    later_index = index + 1 if later else None
    withdrawn = auction.calls[index].call
    irregularity = Irregularity(
        kind=IrregularityKind.CHANGE_OF_CALL,
        law=LawRef("25"),
        offender=seat,
        call=call,
        withdrawn=withdrawn,
        turn_seat=auction.turn,
        cause=cause,
        options=(
            RectificationOption(
                OptionCode.UNINTENDED,
                LawRef("25A"),
                DIRECTOR,
                "Unintended (mechanical error or slip of the tongue): the intended "
                "call replaces it, subject to its own Law; no Law 26 restriction",
            ),
            RectificationOption(
                OptionCode.INTENDED,
                LawRef("25B"),
                DIRECTOR,
                "Voluntary change: the LHO may accept the substituted call (25B1); "
                "otherwise it is cancelled and the first call stands (25B2)",
                requires=("comparable",),
            ),
        ),
    )
    return irregularity, later_index


def later_call_stage(irregularity: Irregularity) -> Irregularity:
    """Offer the LHO to withdraw his call made over the unintended call (25A6)."""
    lho = irregularity.offender.lho
    return replace(
        irregularity,
        law=LawRef("25A6"),
        options=(
            RectificationOption(
                OptionCode.WITHDRAW_LATER_CALL,
                LawRef("25A6"),
                lho,
                "LHO withdraws the call he made over the first call",
            ),
            RectificationOption(
                OptionCode.KEEP_LATER_CALL,
                LawRef("25A6"),
                lho,
                "LHO keeps his call (withdrawn anyway if no longer legal)",
            ),
        ),
    )


def intended_change_stage(
    irregularity: Irregularity, *, comparable: bool
) -> Irregularity:
    """Offer the LHO to accept a voluntary change (Law 25B1) or not (25B2).

    ``comparable`` is the Director's Law 23A ruling on the two calls: Law 26
    "may apply" only if the withdrawn call was not replaced by a comparable
    one (26A, 26B). It is kept in ``cause`` as 26A or 26B.
    """
    lho = irregularity.offender.lho
    return replace(
        irregularity,
        law=LawRef("25B"),
        cause=LawRef("26A") if comparable else LawRef("26B"),
        options=(
            RectificationOption(
                OptionCode.ACCEPT,
                LawRef("25B1"),
                lho,
                "LHO accepts: the first call is withdrawn, the substituted call stands",
            ),
            RectificationOption(
                OptionCode.DECLINE,
                LawRef("25B2"),
                lho,
                "Not accepted: the substituted call is cancelled, the first call stands",
            ),
        ),
    )


def truncate_for_change(
    auction: Auction, irregularity: Irregularity, law: LawRef, *, upto: int
) -> Auction:
    """Withdraw the standing calls from index ``upto`` on (the changed call first).

    Information from them is unauthorized for the offender's side (Laws 16C,
    25A6, 25B3).
    """
    offender = irregularity.offender
    withdrawn = tuple(
        WithdrawnCall(entry.seat, entry.call, law, offender.side)
        for entry in auction.calls[upto:]
    )
    return replace(
        auction,
        calls=auction.calls[:upto],
        withdrawn_calls=(*auction.withdrawn_calls, *withdrawn),
    )


def lead_restriction_after_change(
    auction: Auction, irregularity: Irregularity, law: LawRef
) -> Auction:
    """Record that Law 26B may apply after a voluntary change (25B1, 25B2)."""
    if irregularity.cause != LawRef("26B"):
        return auction
    return replace(
        auction,
        lead_restriction_causes=(
            *auction.lead_restriction_causes,
            LeadRestrictionCause(irregularity.offender, law),
        ),
    )
