"""Calls out of rotation: acceptance, cancellation and what follows.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 28 (calls considered in
rotation), 29 (procedure after a call out of rotation), 30 (pass), 31 (bid),
32 (double or redouble) and 33 (simultaneous calls). Comparability of the
offender's later call (Law 23A) is always the Director's ruling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.bridge.attempted_call import AttemptedCall
from rules.bridge.auction import (
    Auction,
    LeadRestrictionCause,
    WithdrawnCall,
    append_call,
    required_repeat,
    watch_for,
)
from rules.bridge.call import Bid, Call, Double, Pass, Redouble
from rules.bridge.irregularity import (
    DIRECTOR,
    CancelledCallWatch,
    CootTurn,
    Irregularity,
    IrregularityKind,
    OptionCode,
    RectificationOption,
    RhoAction,
)
from rules.bridge.restrictions import PassRestriction, PassScope, ReviewFlag
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "accept_call_out_of_rotation",
    "apply_comparability",
    "cancel_call_out_of_rotation",
    "classify_call_out_of_rotation",
    "comparability_ruling",
    "coot_turn",
    "note_rho_action",
    "order_simultaneous_calls",
    "required_repeat",
    "void_call_out_of_rotation",
    "watch_for",
]


def coot_turn(offender: Seat, turn_seat: Seat) -> CootTurn:
    """Return whose turn it was, seen from the offender (Law 29)."""
    if turn_seat is offender.rho:
        return CootTurn.RHO
    if turn_seat is offender.partner:
        return CootTurn.PARTNER
    return CootTurn.LHO


def _governing_law(call: AttemptedCall) -> LawRef:
    if isinstance(call, Pass):
        return LawRef("30")
    if isinstance(call, Double | Redouble):
        return LawRef("32")
    # Law 27A2: an insufficient bid out of rotation is a bid out of rotation.
    return LawRef("31")


def classify_call_out_of_rotation(
    auction: Auction, seat: Seat, call: AttemptedCall
) -> Irregularity:
    """Classify a call out of rotation the offender's LHO may accept (Law 29A).

    Not for a later call at LHO's turn by a player who has already called
    (Laws 30B2, 31C, 32C route it to Law 25), nor for an inadmissible double
    or redouble (never acceptable: Laws 32, 36).
    """
    turn_seat = auction.turn
    assert turn_seat is not None
    lho = seat.lho
    law = _governing_law(call)
    return Irregularity(
        kind=IrregularityKind.CALL_OUT_OF_ROTATION,
        law=LawRef("29"),
        offender=seat,
        call=call,
        turn_seat=turn_seat,
        coot_turn=coot_turn(seat, turn_seat),
        cause=law,
        options=(
            RectificationOption(
                OptionCode.ACCEPT,
                LawRef("29A"),
                lho,
                "LHO accepts the call; it stands as if in rotation",
            ),
            RectificationOption(
                OptionCode.DECLINE,
                LawRef("29B"),
                lho,
                f"LHO does not accept; the call is cancelled and Law {law.law} applies",
            ),
        ),
    )


def accept_call_out_of_rotation(
    auction: Auction, irregularity: Irregularity
) -> Auction:
    """Let the call stand as if in rotation; skipped seats lose that turn (Law 29A).

    An insufficient bid accepted this way is accepted too (Law 27A1: the
    same player, the offender's LHO, accepts by calling).
    """
    call = irregularity.call
    assert isinstance(call, Bid | Pass | Double | Redouble)
    return append_call(auction, irregularity.offender, call, LawRef("29A"))


def void_call_out_of_rotation(auction: Auction, irregularity: Irregularity) -> Auction:
    """Cancel the call: the player whose turn it was called first (Law 28B).

    No rectification; Law 26 does not apply, Law 16C2 does.
    """
    offender = irregularity.offender
    assert irregularity.call is not None
    return replace(
        auction,
        withdrawn_calls=(
            *auction.withdrawn_calls,
            WithdrawnCall(offender, irregularity.call, LawRef("28B"), offender.side),
        ),
        review_flags=(
            *auction.review_flags,
            ReviewFlag(LawRef("16C2"), offender, LawRef("28B")),
        ),
    )


def cancel_call_out_of_rotation(
    auction: Auction, irregularity: Irregularity, *, artificial: bool = False
) -> Auction:
    """Cancel the call (Law 29B) and set up Law 30, 31 or 32.

    ``artificial`` is the Director's Law 29C/30C judgement: an artificial
    pass (or a pass over partner's artificial call) is treated as a bid.
    """
    offender = irregularity.offender
    call = irregularity.call
    turn = irregularity.coot_turn
    assert call is not None
    assert turn is not None
    withdrawn = WithdrawnCall(offender, call, LawRef("29B"), offender.side)
    state = replace(auction, withdrawn_calls=(*auction.withdrawn_calls, withdrawn))
    flags = list(state.review_flags)
    restrictions = list(state.pass_restrictions)
    watch: CancelledCallWatch | None = None
    if isinstance(call, Pass) and not artificial:
        if turn is CootTurn.RHO:
            # Law 30A: the offender must pass at his next turn.
            restrictions.append(
                PassRestriction(offender, PassScope.NEXT_TURN, LawRef("30A"))
            )
            flags.append(ReviewFlag(LawRef("72C"), offender, LawRef("30A")))
        else:
            # Law 30B1 (partner's turn, or LHO's turn before any call by him).
            watch = CancelledCallWatch(offender, call, LawRef("30B1"))
            flags.append(ReviewFlag(LawRef("16C2"), offender, LawRef("30B1(a)")))
    elif isinstance(call, Double | Redouble):
        if turn is CootTurn.RHO:
            watch = CancelledCallWatch(offender, call, LawRef("32A"))
        else:
            # Ambiguity (Law 32B, digest B.5): only partner's turn is named; at
            # LHO's turn before any call by the offender 32B applies by analogy
            # with 30B1/31B. Decision: decision 0012.
            watch = CancelledCallWatch(offender, call, LawRef("32B"))
            flags.append(ReviewFlag(LawRef("16C2"), offender, LawRef("32B1")))
    else:
        if turn is CootTurn.RHO:
            watch = CancelledCallWatch(offender, call, LawRef("31A"))
        else:
            watch = CancelledCallWatch(offender, call, LawRef("31B"))
            flags.append(ReviewFlag(LawRef("16C2"), offender, LawRef("31B1")))
    watches = state.watches if watch is None else (*state.watches, watch)
    return replace(
        state,
        pass_restrictions=tuple(restrictions),
        review_flags=tuple(flags),
        watches=watches,
    )


def note_rho_action(auction: Auction, seat: Seat, call: Call) -> Auction:
    """Record what the offender's RHO did at his turn (Laws 31A, 32A)."""
    changed = False
    watches = []
    for watch in auction.watches:
        if (
            isinstance(watch, CancelledCallWatch)
            and watch.law in (LawRef("31A"), LawRef("32A"))
            and watch.rho_action is RhoAction.NOT_YET
            and watch.offender.rho is seat
        ):
            action = RhoAction.PASSED if isinstance(call, Pass) else RhoAction.CALLED
            watch = replace(watch, rho_action=action)
            changed = True
        watches.append(watch)
    return replace(auction, watches=tuple(watches)) if changed else auction


_BRANCHES = {
    "30B1": ("30B1(b)(i)", "30B1(b)(ii)"),
    "31A": ("31A2(a)", "31A2(b)"),
    "31B": ("31B2", "31B2"),
    "32A": ("32A2(a)", "32A2(b)"),
    "32B": ("32B2", "32B2"),
}


def comparability_ruling(
    seat: Seat, call: Call, watch: CancelledCallWatch
) -> Irregularity:
    """Ask the Director whether the offender's call is comparable (Law 23A).

    Comparable: no rectification, Law 26B does not apply, review under 23C.
    Not comparable: partner must pass at his next turn; Laws 16C, 26B, 72C.
    """
    yes, no = _BRANCHES[watch.law.law]
    return Irregularity(
        kind=IrregularityKind.COMPARABLE_CALL,
        law=LawRef("23A"),
        offender=seat,
        call=call,
        withdrawn=watch.withdrawn,
        cause=watch.law,
        options=(
            RectificationOption(
                OptionCode.RULE_COMPARABLE,
                LawRef("23A"),
                DIRECTOR,
                f"Comparable: no rectification (Law {yes}); otherwise partner "
                f"must pass at his next turn (Law {no})",
                requires=("comparable",),
            ),
        ),
    )


def apply_comparability(
    auction: Auction, irregularity: Irregularity, *, comparable: bool
) -> Auction:
    """Let the offender's call stand and apply the Director's Law 23A ruling."""
    offender = irregularity.offender
    call = irregularity.call
    assert isinstance(call, Bid | Pass | Double | Redouble)
    assert irregularity.cause is not None
    yes, no = _BRANCHES[irregularity.cause.law]
    branch = LawRef(yes if comparable else no)
    state = replace(
        auction,
        watches=tuple(
            w
            for w in auction.watches
            if not (isinstance(w, CancelledCallWatch) and w.offender is offender)
        ),
    )
    state = append_call(state, offender, call, branch)
    if comparable:
        return replace(
            state,
            review_flags=(
                *state.review_flags,
                ReviewFlag(LawRef("23C"), offender, branch),
            ),
        )
    return replace(
        state,
        pass_restrictions=(
            *state.pass_restrictions,
            PassRestriction(offender.partner, PassScope.NEXT_TURN, branch),
        ),
        lead_restriction_causes=(
            *state.lead_restriction_causes,
            LeadRestrictionCause(offender, branch),
        ),
        review_flags=(
            *state.review_flags,
            ReviewFlag(LawRef("16C"), offender, branch),
            ReviewFlag(LawRef("72C"), offender, branch),
        ),
    )


def order_simultaneous_calls(
    auction: Auction, attempts: Sequence[tuple[Seat, AttemptedCall]]
) -> tuple[tuple[Seat, AttemptedCall], ...]:
    """Order calls made at the same moment: the one in turn first (Law 33).

    A call simultaneous with that of the player whose turn it was counts as
    made after it; the others keep clockwise order from the seat in turn.
    """
    turn = auction.turn
    if turn is None:
        return tuple(attempts)
    return tuple(
        sorted(attempts, key=lambda item: (item[0].position - turn.position) % 4)
    )
