"""The procedure for each incoming call, and the application of a choice.

Laws of Duplicate Bridge 2017 (FIGB edition); order of evaluation per the
digest §2.9: a call on an ended auction (Law 39); a call out of turn (Laws
28-33); a double or redouble Law 19 does not permit (36); a bid above seven
(38); a call by a player required to pass (37); an insufficient bid (27);
otherwise a legal call (Laws 17-22). While a rectification is pending only
the calls the Laws give a meaning to are taken (the LHO's call accepts or
forfeits: Laws 27A1, 29A, 28B, 36A, 37A, 38D, 39B; the offender's premature
replacement: 27C); any other call is refused (Law 9B2, decision 0011).

Three entry points, all pure:

- :func:`classify_call` says what a call is, without changing anything;
- :func:`record_call` returns the auction after the call (the "evolve");
- :func:`apply_option` applies a recorded choice (Law 10C) and returns a
  :class:`Rectified` naming the restrictions that follow.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.bridge import change_of_call as l25
from rules.bridge import inadmissible as l35
from rules.bridge import insufficient_bid as l27
from rules.bridge import out_of_rotation as l29
from rules.bridge.attempted_call import AttemptedCall, BidAboveSeven, is_call
from rules.bridge.auction import (
    Auction,
    WithdrawnCall,
    append_call,
)
from rules.bridge.call import PASS, Bid, Call, Double, Pass, Redouble, parse_call
from rules.bridge.call_ruling import (
    CallRuling,
    HeldCall,
    IrregularCall,
    LegalCall,
    Rectified,
    RefusedCall,
    SettlesRectification,
)
from rules.bridge.errors import (
    AuctionAbandoned,
    IrregularCallRefused,
    MustRepeatCall,
    NoRectificationPending,
    NotACall,
    OptionNotOffered,
    RectificationPending,
    UnknownSeat,
    WrongChooser,
)
from rules.bridge.irregularity import (
    DIRECTOR,
    CancelledCallWatch,
    CootTurn,
    Irregularity,
    IrregularityKind,
    OptionCode,
    PendingRectification,
    RectificationChoice,
    RectificationOption,
)
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "CallRuling",
    "HeldCall",
    "IrregularCall",
    "LegalCall",
    "Rectified",
    "RefusedCall",
    "SettlesRectification",
    "apply_option",
    "apply_ruling",
    "build_auction",
    "classify_call",
    "propose_change_of_call",
    "record_call",
    "record_change_of_call",
]


# -- classification ----------------------------------------------------------


def _check(auction: Auction, seat: object, call: object) -> None:
    if not isinstance(seat, Seat):
        raise UnknownSeat(seat)
    if not is_call(call):
        raise NotACall(call)
    if auction.abandoned is not None:
        raise AuctionAbandoned(auction.abandoned)


def classify_call(
    auction: Auction,
    seat: Seat,
    call: AttemptedCall,
    *,
    strict: bool = False,
    wrong_board: bool = False,
) -> CallRuling:
    """Classify ``call`` by ``seat`` in the current state (digest §2.9).

    ``wrong_board`` says the caller holds cards from the wrong board (Law
    15A). In ``strict`` mode every irregular call is a :class:`RefusedCall`.
    Raises for the impossible: an unknown seat, something that is not a
    call, an abandoned auction, a call while a rectification is pending that
    no Law gives a meaning to, a call other than the one to be repeated.
    """
    _check(auction, seat, call)
    ruling: CallRuling
    if wrong_board:
        ruling = IrregularCall(
            seat,
            call,
            Irregularity(
                kind=IrregularityKind.WRONG_BOARD,
                law=LawRef("15A1"),
                offender=seat,
                call=call,
                options=(),
            ),
        )
    elif auction.pending is not None:
        ruling = _classify_pending(auction, auction.pending, seat, call)
    elif auction.is_complete:
        ruling = IrregularCall(
            seat, call, l35.classify_call_after_final_pass(auction, seat, call)
        )
    else:
        ruling = _classify_open(auction, seat, call)
    if strict and isinstance(ruling, IrregularCall):
        return RefusedCall(seat, call, ruling.law, ruling.irregularity)
    return ruling


def _classify_open(auction: Auction, seat: Seat, call: AttemptedCall) -> CallRuling:
    turn = auction.turn
    assert turn is not None
    if (
        seat is not turn
        and seat is turn.lho
        and auction.pass_restriction_for(turn) is not None
    ):
        # Law 28A: RHO was required to pass, so this call is in rotation.
        passed = _stand(auction, turn, PASS, LawRef("28A"))
        inner: CallRuling
        if passed.is_complete:
            inner = IrregularCall(
                seat, call, l35.classify_call_after_final_pass(passed, seat, call)
            )
        else:
            inner = _classify_open(passed, seat, call)
        if isinstance(inner, LegalCall | IrregularCall):
            return replace(inner, implicit_pass=turn)
        return inner  # pragma: no cover - open auctions give only these two
    if (
        seat is not turn
        and l29.coot_turn(seat, turn) is CootTurn.LHO
        and auction.has_called(seat)
    ):
        # Laws 30B2, 31C, 32C: a later call at LHO's turn is a change of call,
        # judged against the call it replaces, so before Laws 36 and 38.
        # Decision: decision 0012.
        causes = {"30": "30B2", "31": "31C", "32": "32C"}
        coot = l29.classify_call_out_of_rotation(auction, seat, call)
        assert coot.cause is not None
        change, _ = l25.classify_change_of_call(
            auction, seat, call, cause=LawRef(causes[coot.cause.law])
        )
        return IrregularCall(seat, call, change)
    if isinstance(call, Double | Redouble) and not auction.is_admissible(seat, call):
        return IrregularCall(
            seat, call, l35.classify_inadmissible_double(auction, seat, call)
        )
    if isinstance(call, BidAboveSeven):
        # Ambiguity (Laws 31, 37, 38): a bid above seven is never playable
        # (38A), so Law 38 takes it before Laws 29A and 37. Decision: decision 0012.
        return IrregularCall(
            seat, call, l35.classify_bid_above_seven(auction, seat, call)
        )
    if seat is not turn:
        return IrregularCall(
            seat, call, l29.classify_call_out_of_rotation(auction, seat, call)
        )
    if not isinstance(call, Pass) and auction.pass_restriction_for(seat) is not None:
        return IrregularCall(
            seat, call, l35.classify_breach_of_obligation_to_pass(auction, seat, call)
        )
    repeat = l29.required_repeat(auction, seat)
    if repeat is not None:
        watch = l29.watch_for(auction, seat)
        assert watch is not None
        law = LawRef("31A1") if watch.law == LawRef("31A") else LawRef("32A1")
        if call != repeat:
            raise MustRepeatCall(str(repeat), law)
        return LegalCall(seat, call, law)
    due = l27.replacement_due(auction, seat)
    if isinstance(call, Bid) and not auction.is_sufficient(call):
        irregularity = l27.classify_insufficient_bid(
            auction, seat, call, second=due is not None
        )
        return IrregularCall(seat, call, irregularity)
    if due is not None:
        return IrregularCall(seat, call, l27.replacement_ruling(seat, call, due))
    watch = l29.watch_for(auction, seat)
    if watch is not None:
        return IrregularCall(seat, call, l29.comparability_ruling(seat, call, watch))
    return LegalCall(seat, call)


def _classify_pending(
    auction: Auction, pending: PendingRectification, seat: Seat, call: AttemptedCall
) -> CallRuling:
    irregularity = pending.irregularity
    offender = irregularity.offender
    kind = irregularity.kind
    law = irregularity.law
    lho_calls = seat is offender.lho
    settles: LawRef | None = None
    if kind is IrregularityKind.INSUFFICIENT_BID:
        if lho_calls:
            settles = LawRef("27A1")
        elif seat is offender and law == LawRef("27") and pending.held_call is None:
            return HeldCall(seat, call, LawRef("27C"))
    elif kind is IrregularityKind.CALL_OUT_OF_ROTATION and law == LawRef("29"):
        if lho_calls and irregularity.coot_turn is CootTurn.LHO:
            return IrregularCall(seat, call, _rotation_ruling(irregularity))
        if lho_calls:
            settles = LawRef("29A")
        elif seat is irregularity.turn_seat and irregularity.coot_turn is CootTurn.RHO:
            settles = LawRef("28B")
    elif kind is IrregularityKind.CHANGE_OF_CALL and law == LawRef("25B"):
        if lho_calls and pending.later_call_index is None:
            settles = LawRef("25B1")
    elif lho_calls and kind in _LHO_SETTLES:
        settles = _LHO_SETTLES[kind]
    if settles is None:
        raise RectificationPending(
            f"Waiting for {irregularity.chooser} (Law {law.law})"
        )
    base = replace(auction, pending=None)
    state = _settle(base, pending, settles, seat, call)
    if settles in (LawRef("36A"), LawRef("38B")):
        return SettlesRectification(seat, call, settles, None)
    return SettlesRectification(seat, call, settles, classify_call(state, seat, call))


_LHO_SETTLES = {
    IrregularityKind.INADMISSIBLE_DOUBLE: LawRef("36A"),
    IrregularityKind.BREACH_OF_OBLIGATION_TO_PASS: LawRef("37A"),
    IrregularityKind.BID_ABOVE_SEVEN: LawRef("38B"),
    IrregularityKind.CALL_AFTER_FINAL_PASS: LawRef("39B"),
}


def _rotation_ruling(irregularity: Irregularity) -> Irregularity:
    """Ask the Director: Law 28B or Law 29A (digest Appendix B.4, decision 0012)."""
    return replace(
        irregularity,
        law=LawRef("28B"),
        options=(
            RectificationOption(
                OptionCode.IN_ROTATION,
                LawRef("28B"),
                DIRECTOR,
                "The LHO called in his own turn: the call out of rotation is cancelled "
                "without rectification",
            ),
            RectificationOption(
                OptionCode.ACCEPT,
                LawRef("29A"),
                DIRECTOR,
                "The LHO called over it: the call out of rotation is accepted",
            ),
        ),
    )


def _settle(
    base: Auction,
    pending: PendingRectification,
    law: LawRef,
    seat: Seat,
    call: AttemptedCall,
) -> Auction:
    """Return the state once the LHO's (or turn player's) call settled ``pending``."""
    irregularity = pending.irregularity
    if law == LawRef("27A1"):
        return _accept_insufficient(base, pending)
    if law == LawRef("29A"):
        return l29.accept_call_out_of_rotation(base, irregularity)
    if law == LawRef("28B"):
        return l29.void_call_out_of_rotation(base, irregularity)
    if law == LawRef("25B1"):
        return _accept_change(base, pending)
    if law == LawRef("36A"):
        return l35.rectify_inadmissible_double(base, irregularity, lho_called=call)
    if law == LawRef("37A"):
        return l35.rectify_breach_of_obligation_to_pass(
            base, irregularity, lho_called=True
        )
    if law == LawRef("38B"):
        return l35.rectify_bid_above_seven(base, irregularity, lho_called=call)
    return l35.rectify_call_after_final_pass(base, irregularity, lead_restriction=False)


# -- recording -----------------------------------------------------------------


def _stand(auction: Auction, seat: Seat, call: Call, law: LawRef | None) -> Auction:
    state = append_call(auction, seat, call, law)
    return l29.note_rho_action(state, seat, call)


def record_call(
    auction: Auction,
    seat: Seat,
    call: AttemptedCall,
    *,
    strict: bool = False,
    wrong_board: bool = False,
) -> Auction:
    """Return the auction after ``seat`` made ``call`` (classified, then applied)."""
    ruling = classify_call(auction, seat, call, strict=strict, wrong_board=wrong_board)
    return apply_ruling(auction, ruling)


def apply_ruling(auction: Auction, ruling: CallRuling) -> Auction:
    """Apply a ruling from :func:`classify_call` on the same auction."""
    if isinstance(ruling, RefusedCall):
        raise ruling.to_error()
    if isinstance(ruling, HeldCall):
        assert auction.pending is not None
        return replace(
            auction,
            pending=replace(
                auction.pending, held_by=ruling.seat, held_call=ruling.call
            ),
        )
    if isinstance(ruling, SettlesRectification):
        assert auction.pending is not None
        state = _settle(
            replace(auction, pending=None),
            auction.pending,
            ruling.law,
            ruling.seat,
            ruling.call,
        )
        return state if ruling.then is None else apply_ruling(state, ruling.then)
    state = auction
    if ruling.implicit_pass is not None:
        state = _stand(state, ruling.implicit_pass, PASS, LawRef("28A"))
    if isinstance(ruling, LegalCall):
        if ruling.law in (LawRef("31A1"), LawRef("32A1")):
            state = replace(
                state,
                watches=tuple(
                    w
                    for w in state.watches
                    if not (
                        isinstance(w, CancelledCallWatch) and w.offender is ruling.seat
                    )
                ),
            )
        return _stand(state, ruling.seat, ruling.call, ruling.law)
    irregularity = ruling.irregularity
    if irregularity.kind is IrregularityKind.WRONG_BOARD:
        assert ruling.call is not None
        withdrawn = WithdrawnCall(
            ruling.seat, ruling.call, LawRef("15A1"), ruling.seat.side
        )
        return replace(state, withdrawn_calls=(*state.withdrawn_calls, withdrawn))
    if not irregularity.options:
        return l35.rectify_call_after_final_pass(
            state, irregularity, lead_restriction=False
        )
    if auction.pending is not None:
        # The Director must rule between Laws 28B and 29A; hold the LHO's call.
        return replace(
            state,
            pending=PendingRectification(
                irregularity, held_by=ruling.seat, held_call=ruling.call
            ),
        )
    later = None
    if irregularity.kind is IrregularityKind.CHANGE_OF_CALL:
        assert ruling.call is not None
        _, later = l25.classify_change_of_call(state, ruling.seat, ruling.call)
    return replace(
        state, pending=PendingRectification(irregularity, later_call_index=later)
    )


# -- changes of call (Law 25) --------------------------------------------------


def propose_change_of_call(
    auction: Auction,
    seat: Seat,
    call: AttemptedCall,
    *,
    opening_lead_faced: bool = False,
    strict: bool = False,
) -> IrregularCall | RefusedCall:
    """Classify ``seat`` correcting its last call to ``call`` (Law 25)."""
    _check(auction, seat, call)
    if auction.pending is not None:
        raise RectificationPending()
    irregularity, _ = l25.classify_change_of_call(
        auction, seat, call, opening_lead_faced=opening_lead_faced
    )
    if strict:
        return RefusedCall(seat, call, irregularity.law, irregularity)
    return IrregularCall(seat, call, irregularity)


def record_change_of_call(
    auction: Auction,
    seat: Seat,
    call: AttemptedCall,
    *,
    opening_lead_faced: bool = False,
    strict: bool = False,
) -> Auction:
    """Return the auction awaiting the Director's Law 25 ruling on the change."""
    ruling = propose_change_of_call(
        auction, seat, call, opening_lead_faced=opening_lead_faced, strict=strict
    )
    if isinstance(ruling, RefusedCall):
        raise ruling.to_error()
    _, later = l25.classify_change_of_call(
        auction, seat, call, opening_lead_faced=opening_lead_faced
    )
    return replace(
        auction,
        pending=PendingRectification(ruling.irregularity, later_call_index=later),
    )


def _changed_index(auction: Auction, pending: PendingRectification) -> int:
    if pending.later_call_index is not None:
        return pending.later_call_index - 1
    index = l25.last_call_index(auction, pending.irregularity.offender)
    assert index is not None
    return index


def _replay_later(
    auction: Auction, later: Iterable[tuple[Seat, Call]], law: LawRef
) -> Auction:
    """Re-record the LHO's kept call; withdraw it if no longer legal (decision 0013)."""
    state = auction
    for seat, call in later:
        ruling = classify_call(state, seat, call) if state.pending is None else None
        if isinstance(ruling, LegalCall) and ruling.implicit_pass is None:
            state = apply_ruling(state, ruling)
        else:
            withdrawn = WithdrawnCall(seat, call, law, seat.lho.side)
            state = replace(state, withdrawn_calls=(*state.withdrawn_calls, withdrawn))
    return state


def _substitute(
    base: Auction, pending: PendingRectification, *, withdraw_later: bool
) -> Auction:
    """Replace an unintended call by the intended one (Law 25A1, 25A6)."""
    irregularity = pending.irregularity
    offender = irregularity.offender
    index = _changed_index(base, pending)
    later = [(c.seat, c.call) for c in base.calls[index + 1 :]]
    state = l25.truncate_for_change(base, irregularity, LawRef("25A"), upto=index)
    if withdraw_later and later:
        # Truncation recorded the later call under 25A; it is withdrawn under 25A6.
        state = replace(
            state,
            withdrawn_calls=(
                *state.withdrawn_calls[:-1],
                replace(state.withdrawn_calls[-1], law=LawRef("25A6")),
            ),
        )
    elif later:
        state = replace(state, withdrawn_calls=state.withdrawn_calls[: -len(later)])
    assert irregularity.call is not None
    ruling = classify_call(state, offender, irregularity.call)
    if isinstance(ruling, LegalCall):
        ruling = replace(ruling, law=LawRef("25A"))
    state = apply_ruling(state, ruling)
    if withdraw_later:
        return state
    return _replay_later(state, later, LawRef("25A6"))


def _accept_change(base: Auction, pending: PendingRectification) -> Auction:
    """Withdraw the first call; the substituted call stands (Law 25B1)."""
    irregularity = pending.irregularity
    offender = irregularity.offender
    index = _changed_index(base, pending)
    later = [(c.seat, c.call) for c in base.calls[index + 1 :]]
    first = base.calls[index]
    state = replace(
        base,
        calls=base.calls[:index],
        withdrawn_calls=(
            *base.withdrawn_calls,
            WithdrawnCall(offender, first.call, LawRef("25B1"), offender.side),
        ),
    )
    call = irregularity.call
    if isinstance(call, Bid | Pass) or (
        isinstance(call, Double | Redouble) and state.is_admissible(offender, call)
    ):
        state = _stand(state, offender, call, LawRef("25B1"))
    else:
        assert call is not None
        state = record_call(state, offender, call)
    state = l25.lead_restriction_after_change(state, irregularity, LawRef("25B1"))
    return _replay_later(state, later, LawRef("25A6"))


def _decline_change(base: Auction, pending: PendingRectification) -> Auction:
    """Cancel the substituted call; the first call stands (Law 25B2)."""
    irregularity = pending.irregularity
    offender = irregularity.offender
    assert irregularity.call is not None
    state = replace(
        base,
        withdrawn_calls=(
            *base.withdrawn_calls,
            WithdrawnCall(offender, irregularity.call, LawRef("25B2"), offender.side),
        ),
    )
    return l25.lead_restriction_after_change(state, irregularity, LawRef("25B2"))


# -- applying a choice -----------------------------------------------------------


def _accept_insufficient(base: Auction, pending: PendingRectification) -> Auction:
    state = l27.accept_insufficient_bid(base, pending.irregularity)
    if pending.held_call is not None and pending.held_by is not None:
        # Law 27C: the insufficient bid was accepted, so the premature
        # replacement is withdrawn.
        withdrawn = WithdrawnCall(
            pending.held_by, pending.held_call, LawRef("27C"), pending.held_by.side
        )
        state = replace(state, withdrawn_calls=(*state.withdrawn_calls, withdrawn))
    return state


def _check_choice(option: RectificationOption, choice: RectificationChoice) -> None:
    if choice.chosen_by != option.chooser:
        raise WrongChooser(
            f"This option belongs to {option.chooser}, not {choice.chosen_by}",
            option.law,
        )
    for name in option.requires:
        if getattr(choice, name) is None:
            raise OptionNotOffered(f"The ruling needs {name}", LawRef("23A"))
    if choice.same_denominations and "same_denominations" not in option.requires:
        raise OptionNotOffered(
            "The replacement is not the lowest sufficient bid in that denomination",
            LawRef("27B1(a)"),
        )


def apply_option(auction: Auction, choice: RectificationChoice) -> Rectified:
    """Apply the option a chooser took for the pending irregularity (Law 10C).

    Raises if nothing is pending, the option is not offered, the chooser is
    not the one the Law names, or a required ruling is missing.
    """
    pending = auction.pending
    if pending is None:
        raise NoRectificationPending()
    irregularity = pending.irregularity
    option = irregularity.option(choice.option)
    if option is None:
        raise OptionNotOffered(
            f"{choice.option} is not an option under Law {irregularity.law.law}",
            irregularity.law,
        )
    _check_choice(option, choice)
    base = replace(auction, pending=None)
    state = _apply(base, pending, choice)
    return Rectified.between(auction, state)


def _apply(
    base: Auction, pending: PendingRectification, choice: RectificationChoice
) -> Auction:
    irregularity = pending.irregularity
    kind = irregularity.kind
    code = choice.option
    if kind is IrregularityKind.INSUFFICIENT_BID:
        if code is OptionCode.ACCEPT:
            return _accept_insufficient(base, pending)
        state = l27.decline_insufficient_bid(base, irregularity)
        if pending.held_call is not None and pending.held_by is not None:
            # Law 27C: a legal premature replacement stands and is ruled on.
            return record_call(state, pending.held_by, pending.held_call)
        return state
    if kind is IrregularityKind.CALL_OUT_OF_ROTATION:
        if irregularity.law == LawRef("28B"):
            if code is OptionCode.IN_ROTATION:
                state = l29.void_call_out_of_rotation(base, irregularity)
            else:
                state = l29.accept_call_out_of_rotation(base, irregularity)
            assert pending.held_by is not None
            assert pending.held_call is not None
            return record_call(state, pending.held_by, pending.held_call)
        if code is OptionCode.ACCEPT:
            return l29.accept_call_out_of_rotation(base, irregularity)
        return l29.cancel_call_out_of_rotation(
            base, irregularity, artificial=choice.artificial
        )
    if kind is IrregularityKind.COMPARABLE_CALL:
        assert choice.comparable is not None
        return l29.apply_comparability(base, irregularity, comparable=choice.comparable)
    if kind is IrregularityKind.REPLACEMENT:
        assert choice.comparable is not None
        return l27.apply_replacement_ruling(
            base,
            irregularity,
            comparable=choice.comparable,
            same_denominations=bool(choice.same_denominations),
        )
    if kind is IrregularityKind.INADMISSIBLE_DOUBLE:
        return l35.rectify_inadmissible_double(base, irregularity, lho_called=None)
    if kind is IrregularityKind.BREACH_OF_OBLIGATION_TO_PASS:
        return l35.rectify_breach_of_obligation_to_pass(
            base, irregularity, lho_called=False
        )
    if kind is IrregularityKind.BID_ABOVE_SEVEN:
        return l35.rectify_bid_above_seven(base, irregularity, lho_called=None)
    if kind is IrregularityKind.CALL_AFTER_FINAL_PASS:
        return l35.rectify_call_after_final_pass(
            base, irregularity, lead_restriction=True
        )
    assert kind is IrregularityKind.CHANGE_OF_CALL
    if code is OptionCode.UNINTENDED:
        if pending.later_call_index is not None:
            return replace(
                base,
                pending=replace(
                    pending, irregularity=l25.later_call_stage(irregularity)
                ),
            )
        return _substitute(base, pending, withdraw_later=False)
    if code is OptionCode.INTENDED:
        assert choice.comparable is not None
        stage = l25.intended_change_stage(irregularity, comparable=choice.comparable)
        return replace(base, pending=replace(pending, irregularity=stage))
    if code is OptionCode.WITHDRAW_LATER_CALL:
        return _substitute(base, pending, withdraw_later=True)
    if code is OptionCode.KEEP_LATER_CALL:
        return _substitute(base, pending, withdraw_later=False)
    if code is OptionCode.ACCEPT:
        return _accept_change(base, pending)
    return _decline_change(base, pending)


# -- convenience ---------------------------------------------------------------


def build_auction(
    dealer: Seat, calls: str | Iterable[Call], *, strict: bool = True
) -> Auction:
    """Build an auction from calls made in rotation ("1NT P 3NT P P P").

    Strict by default: an irregular call raises :class:`IrregularCallRefused`.
    """
    items = (
        [parse_call(t) for t in calls.split()]
        if isinstance(calls, str)
        else list(calls)
    )
    auction = Auction(dealer)
    for call in items:
        turn = auction.turn
        if turn is None:
            raise IrregularCallRefused(f"{call} after the final pass", law=LawRef("39"))
        auction = record_call(auction, turn, call, strict=strict)
    return auction
