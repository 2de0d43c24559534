"""Calls out of rotation (Laws 28-33), with comparable calls (Law 23)."""

import pytest

from rules.bridge import Seat, parse_call
from rules.bridge.auction import Auction
from rules.bridge.auction_procedure import (
    IrregularCall,
    LegalCall,
    SettlesRectification,
    apply_option,
    classify_call,
)
from rules.bridge.errors import MustRepeatCall
from rules.bridge.irregularity import CootTurn, IrregularityKind, OptionCode
from rules.bridge.out_of_rotation import order_simultaneous_calls
from rules.bridge.restrictions import PassScope
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call, calls_text, choose


def _declined(state: Auction, by: Seat, *, artificial: bool = False) -> Auction:
    return apply_option(
        state, choose(OptionCode.DECLINE, by, artificial=artificial)
    ).auction


def test_call_out_of_rotation_offers_lho_acceptance() -> None:
    """The offender's LHO may accept; otherwise it is cancelled (Law 29A-B)."""
    ruling = classify_call(auction(Seat.N, "1C"), Seat.S, parse_call("1H"))
    assert isinstance(ruling, IrregularCall)
    irregularity = ruling.irregularity
    assert irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert irregularity.law == LawRef("29")
    assert irregularity.cause == LawRef("31")
    assert irregularity.coot_turn is CootTurn.RHO
    assert irregularity.turn_seat is Seat.E
    assert irregularity.chooser is Seat.W
    assert [o.law.law for o in irregularity.options] == ["29A", "29B"]


def test_lho_calling_accepts_and_skipped_seat_loses_its_turn() -> None:
    """Law 29A: the call stands as if in rotation; E lost his turn."""
    state = call(auction(Seat.N, "1C"), Seat.S, "1H")
    ruling = classify_call(state, Seat.W, parse_call("1S"))
    assert isinstance(ruling, SettlesRectification)
    assert ruling.law == LawRef("29A")
    state = call(state, Seat.W, "1S")
    assert calls_text(state) == "N:1C S:1H W:1S"
    assert state.calls[1].irregularity == LawRef("29A")
    assert state.turn is Seat.N


def test_player_in_turn_calling_first_cancels_without_rectification() -> None:
    """Law 28B: the call is in rotation, the call out of turn is void; 16C2."""
    state = call(auction(Seat.N, "1C"), Seat.S, "1H")
    ruling = classify_call(state, Seat.E, parse_call("P"))
    assert isinstance(ruling, SettlesRectification)
    assert ruling.law == LawRef("28B")
    state = call(state, Seat.E, "P")
    assert calls_text(state) == "N:1C E:P"
    assert [w.law.law for w in state.withdrawn_calls] == ["28B"]
    assert [f.law.law for f in state.review_flags] == ["16C2"]
    assert state.pass_restrictions == ()
    assert state.lead_restriction_causes == ()
    assert classify_call(state, Seat.S, parse_call("2H")) == LegalCall(
        Seat.S, parse_call("2H")
    )


def test_lho_in_turn_after_a_first_call_out_of_turn_needs_a_ruling() -> None:
    """At LHO's turn the LHO's call may be 28B or 29A: the Director rules (B.4)."""
    state = call(auction(Seat.N), Seat.W, "1S")  # before the dealer
    pending = state.pending
    assert pending.irregularity.coot_turn is CootTurn.LHO
    state = call(state, Seat.N, "P")
    pending = state.pending
    assert pending.irregularity.law == LawRef("28B")
    assert pending.held_call == parse_call("P")
    voided = apply_option(state, choose(OptionCode.IN_ROTATION)).auction
    assert calls_text(voided) == "N:P"
    accepted = apply_option(state, choose(OptionCode.ACCEPT)).auction
    assert calls_text(accepted) == "W:1S N:P"


def test_pass_at_rho_turn_silences_the_offender_once() -> None:
    """Law 30A: the offender must pass at his next turn; 72C may apply."""
    state = call(auction(Seat.N, "1C"), Seat.S, "P")
    done = apply_option(state, choose(OptionCode.DECLINE, Seat.W))
    [restriction] = done.pass_restrictions
    assert (restriction.seat, restriction.scope, restriction.law) == (
        Seat.S,
        PassScope.NEXT_TURN,
        LawRef("30A"),
    )
    state = call(done.auction, Seat.E, "1H")
    assert state.legal_calls() == (parse_call("P"),)
    state = call(call(call(state, Seat.S, "P"), Seat.W, "P"), Seat.N, "1S")
    assert state.pass_restriction_for(Seat.S) is None
    state = call(state, Seat.E, "P")
    assert len(state.legal_calls()) > 1


def test_call_at_a_silenced_rhos_turn_counts_in_rotation() -> None:
    """Law 28A: W calls at silenced S's turn; S's pass is recorded implicitly."""
    state = _declined(call(auction(Seat.N, "1C"), Seat.S, "P"), Seat.W)
    state = call(state, Seat.E, "1H")
    ruling = classify_call(state, Seat.W, parse_call("1S"))
    assert isinstance(ruling, LegalCall)
    assert ruling.implicit_pass is Seat.S
    state = call(state, Seat.W, "1S")
    assert calls_text(state) == "N:1C E:1H S:P W:1S"
    assert state.calls[2].irregularity == LawRef("28A")
    assert state.pass_restriction_for(Seat.S) is None


@pytest.mark.parametrize(
    ("comparable", "restricted", "branch"),
    [(True, False, "30B1(b)(i)"), (False, True, "30B1(b)(ii)")],
)
def test_pass_at_partners_turn_then_comparable_or_not(
    comparable: bool, restricted: bool, branch: str
) -> None:
    """Law 30B1: partner calls freely (16C2); the offender's call is ruled (23A)."""
    state = _declined(call(auction(Seat.N), Seat.S, "P"), Seat.W)
    assert state.turn is Seat.N
    assert [f.law.law for f in state.review_flags] == ["16C2"]
    state = call(call(state, Seat.N, "1H"), Seat.E, "P")
    state = call(state, Seat.S, "2H")
    pending = state.pending
    assert pending.irregularity.kind is IrregularityKind.COMPARABLE_CALL
    assert pending.irregularity.options[0].requires == ("comparable",)
    done = apply_option(
        state, choose(OptionCode.RULE_COMPARABLE, comparable=comparable)
    )
    assert done.auction.calls[-1].irregularity == LawRef(branch)
    assert bool(done.pass_restrictions) is restricted
    if restricted:
        assert done.pass_restrictions[0].seat is Seat.N
        assert done.pass_restrictions[0].scope is PassScope.NEXT_TURN
        assert [c.offender for c in done.lead_restriction_causes] == [Seat.S]
    else:
        assert [f.law.law for f in done.review_flags] == ["23C"]


def test_artificial_pass_out_of_rotation_is_treated_as_a_bid() -> None:
    """Law 30C: an artificial pass goes to Law 31 (Director's judgement, 29C)."""
    state = _declined(call(auction(Seat.N), Seat.S, "P"), Seat.W, artificial=True)
    assert [w.law.law for w in state.watches] == ["31B"]


def test_bid_at_rho_turn_rho_passes_offender_repeats() -> None:
    """Law 31A1: RHO passes, the offender must repeat; legal, no rectification."""
    state = _declined(call(auction(Seat.N, "1C"), Seat.S, "1H"), Seat.W)
    state = call(state, Seat.E, "P")
    assert state.legal_calls() == (parse_call("1H"),)
    with pytest.raises(MustRepeatCall) as info:
        call(state, Seat.S, "2H")
    assert info.value.code == "must_repeat_call"
    assert info.value.law == LawRef("31A1")
    state = call(state, Seat.S, "1H")
    assert calls_text(state) == "N:1C E:P S:1H"
    assert state.calls[-1].irregularity == LawRef("31A1")
    assert state.watches == ()
    assert state.pass_restrictions == ()


def test_bid_at_rho_turn_rho_bids_offender_call_is_ruled() -> None:
    """Law 31A2: RHO bids; comparable: nothing; otherwise partner passes once."""
    state = _declined(call(auction(Seat.N, "1C"), Seat.S, "1H"), Seat.W)
    state = call(call(state, Seat.E, "1S"), Seat.S, "2H")
    done = apply_option(state, choose(OptionCode.RULE_COMPARABLE, comparable=False))
    assert done.auction.calls[-1].irregularity == LawRef("31A2(b)")
    assert done.pass_restrictions[0].seat is Seat.N
    assert done.pass_restrictions[0].scope is PassScope.NEXT_TURN


def test_bid_at_partners_turn() -> None:
    """Law 31B: partner may call (16C2); the offender's call is ruled as 31A2."""
    state = _declined(call(auction(Seat.N), Seat.S, "1H"), Seat.W)
    assert [f.law.law for f in state.review_flags] == ["16C2"]
    state = call(call(state, Seat.N, "1S"), Seat.E, "P")
    state = call(state, Seat.S, "2S")
    done = apply_option(state, choose(OptionCode.RULE_COMPARABLE, comparable=True))
    assert done.auction.calls[-1].irregularity == LawRef("31B2")
    assert done.pass_restrictions == ()


def test_later_call_at_lho_turn_is_a_change_of_call() -> None:
    """Laws 30B2, 31C, 32C: a later call at LHO's turn goes to Law 25."""
    state = auction(Seat.N, "1C")
    for text, cause in (("P", "30B2"), ("1D", "31C")):
        ruling = classify_call(state, Seat.N, parse_call(text))
        assert isinstance(ruling, IrregularCall)
        assert ruling.irregularity.kind is IrregularityKind.CHANGE_OF_CALL
        assert ruling.irregularity.cause == LawRef(cause)
        assert ruling.irregularity.withdrawn == parse_call("1C")
    state = auction(Seat.N, "1C 1H")
    ruling = classify_call(state, Seat.E, parse_call("X"))
    assert isinstance(ruling, IrregularCall)
    assert ruling.irregularity.cause == LawRef("32C")


def test_double_at_rho_turn_rho_passes_offender_repeats() -> None:
    """Law 32A1: the offender must repeat his double; no rectification."""
    state = call(auction(Seat.N, "1S P"), Seat.W, "X")
    pending = state.pending
    assert pending.irregularity.cause == LawRef("32")
    state = _declined(state, Seat.N)
    state = call(state, Seat.S, "P")
    assert state.legal_calls() == (parse_call("X"),)
    state = call(state, Seat.W, "X")
    assert state.calls[-1].irregularity == LawRef("32A1")


def test_double_at_rho_turn_rho_bids_offender_call_is_ruled() -> None:
    """Law 32A2: comparable or not; not comparable silences partner once."""
    state = _declined(call(auction(Seat.N, "1S P"), Seat.W, "X"), Seat.N)
    state = call(call(state, Seat.S, "2S"), Seat.W, "P")
    done = apply_option(state, choose(OptionCode.RULE_COMPARABLE, comparable=False))
    assert done.auction.calls[-1].irregularity == LawRef("32A2(b)")
    assert done.pass_restrictions[0].seat is Seat.E


def test_double_at_partners_turn() -> None:
    """Law 32B: partner calls freely (16C2), the offender's call is ruled."""
    state = _declined(call(auction(Seat.N, "1S"), Seat.W, "X"), Seat.N)
    assert [w.law.law for w in state.watches] == ["32B"]
    state = call(call(call(state, Seat.E, "P"), Seat.S, "2S"), Seat.W, "X")
    done = apply_option(state, choose(OptionCode.RULE_COMPARABLE, comparable=True))
    assert done.auction.calls[-1].irregularity == LawRef("32B2")
    assert [f.law.law for f in done.review_flags][-1] == "23C"


def test_inadmissible_double_out_of_rotation_cannot_be_accepted() -> None:
    """Law 32: an inadmissible X/XX out of rotation goes to Law 36, never 29A."""
    ruling = classify_call(auction(Seat.N, "1S"), Seat.S, parse_call("X"))
    assert isinstance(ruling, IrregularCall)
    assert ruling.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    assert all(o.code is not OptionCode.ACCEPT for o in ruling.irregularity.options)


def test_simultaneous_call_counts_after_the_call_in_turn() -> None:
    """Law 33: the call simultaneous with the one in turn is the later call."""
    state = auction(Seat.N, "1C")
    ordered = order_simultaneous_calls(
        state, [(Seat.S, parse_call("1H")), (Seat.E, parse_call("P"))]
    )
    assert [seat for seat, _ in ordered] == [Seat.E, Seat.S]
    for seat, made in ordered:
        state = call(state, seat, str(made))
    assert calls_text(state) == "N:1C E:P S:1H"
