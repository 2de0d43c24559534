"""Properties of the auction engine (Laws 17-22, 27-39)."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge import Bid, Denomination, Double, Pass, Redouble, Seat
from rules.bridge.attempted_call import AttemptedCall, BidAboveSeven
from rules.bridge.auction import Auction, AuctionStatus
from rules.bridge.auction_procedure import (
    IrregularCall,
    LegalCall,
    apply_option,
    classify_call,
    record_call,
)
from rules.bridge.call import Call
from rules.bridge.errors import (
    ChangeOfCallNotAllowed,
    MustRepeatCall,
    NoRectificationPending,
    RectificationPending,
    UnknownSeat,
)
from rules.bridge.irregularity import IrregularityKind, OptionCode, RectificationChoice
from rules.errors import LawRef

seats = st.sampled_from(list(Seat))
bids = st.builds(Bid, st.integers(1, 7), st.sampled_from(list(Denomination)))
attempted: st.SearchStrategy[AttemptedCall] = st.one_of(
    st.just(Pass()),
    st.just(Double()),
    st.just(Redouble()),
    bids,
    st.builds(BidAboveSeven, st.integers(8, 9), st.sampled_from(list(Denomination))),
)


def _ended_per_law_22(calls: list[Call]) -> bool:
    """An independent reading of Law 22: four passes, or a bid then three passes."""
    if len(calls) == 4 and all(isinstance(c, Pass) for c in calls):
        return True
    return (
        any(isinstance(c, Bid) for c in calls)
        and len(calls) >= 4
        and all(isinstance(c, Pass) for c in calls[-3:])
    )


@settings(max_examples=150, deadline=None)
@given(st.data(), seats)
def test_random_legal_auctions_end_exactly_when_law_22_says(
    data: st.DataObject, dealer: Seat
) -> None:
    """Lawful calls never raise, and the auction ends exactly per Law 22."""
    state = Auction(dealer)
    made: list[Call] = []
    while not state.is_complete:
        assert _ended_per_law_22(made) is False
        legal = state.legal_calls()
        # Favour passes so that auctions end in a reasonable number of calls.
        pick = data.draw(st.one_of(st.just(legal[0]), st.sampled_from(legal)))
        seat = state.turn
        assert seat is not None
        assert classify_call(state, seat, pick) == LegalCall(seat, pick)
        state = record_call(state, seat, pick, strict=True)
        made.append(pick)
        assert [c.call for c in state.calls] == made
    assert _ended_per_law_22(made) is True
    assert state.turn is None
    contract = state.final_contract
    last_bids = [c for c in state.calls if isinstance(c.call, Bid)]
    if contract is None:
        assert state.status is AuctionStatus.PASSED_OUT
        assert last_bids == []
    else:
        final = last_bids[-1]
        assert isinstance(final.call, Bid)
        assert (contract.level, contract.denomination) == (
            final.call.level,
            final.call.denomination,
        )
        assert contract.declarer.side is final.seat.side
        assert state.opening_leader is contract.declarer.lho


def _prefix(data: st.DataObject, dealer: Seat) -> Auction:
    state = Auction(dealer)
    for _ in range(data.draw(st.integers(0, 8))):
        if state.is_complete:
            break
        seat = state.turn
        assert seat is not None
        state = record_call(
            state, seat, data.draw(st.sampled_from(state.legal_calls()))
        )
    return state


@settings(max_examples=300, deadline=None)
@given(st.data(), seats, seats, attempted)
def test_irregular_call_is_always_flagged_with_its_law_and_options(
    data: st.DataObject, dealer: Seat, seat: Seat, made: AttemptedCall
) -> None:
    """Any call is lawful or flagged with its Law, options and chooser."""
    state = _prefix(data, dealer)
    try:
        ruling = classify_call(state, seat, made)
    except MustRepeatCall:
        return
    if isinstance(ruling, LegalCall):
        assert seat is state.turn
        assert state.is_admissible(seat, made) is True
        assert state.pass_restriction_for(seat) is None or isinstance(made, Pass)
        return
    assert isinstance(ruling, IrregularCall)
    irregularity = ruling.irregularity
    assert irregularity.law.law
    assert irregularity.offender is seat
    mechanical = irregularity.kind is IrregularityKind.CALL_AFTER_FINAL_PASS
    assert bool(irregularity.options) or mechanical
    for option in irregularity.options:
        assert option.law.law
        assert option.chooser is not None
    if state.is_complete:
        assert irregularity.law.law == "39"
    elif isinstance(made, BidAboveSeven) and irregularity.law.law != "25":
        assert irregularity.law.law == "38"
    elif seat is not state.turn:
        assert irregularity.law.law in {"25", "29", "36", "38"}
    elif isinstance(made, Bid) and not state.is_sufficient(made):
        assert irregularity.law.law == "27"
    elif isinstance(made, Double | Redouble):
        assert irregularity.law.law == "36"


@settings(max_examples=100, deadline=None)
@given(st.data(), seats)
def test_impossible_commands_are_refused_leaving_the_state_unchanged(
    data: st.DataObject, dealer: Seat
) -> None:
    """A call by no seat, or an option with nothing pending, raises a typed error."""
    state = _prefix(data, dealer)
    snapshot = copy.deepcopy(state)
    with pytest.raises(UnknownSeat) as info:
        record_call(state, "X", Pass())  # type: ignore[arg-type]
    assert info.value.code == "unknown_seat"
    assert info.value.law == LawRef("3")
    if state.pending is None:
        code = data.draw(st.sampled_from(list(OptionCode)))
        with pytest.raises(NoRectificationPending):
            apply_option(state, RectificationChoice(code, Seat.N))
    assert state == snapshot


@settings(max_examples=250, deadline=None)
@given(st.data(), seats)
def test_random_table_behaviour_keeps_the_auction_consistent(
    data: st.DataObject, dealer: Seat
) -> None:
    """Random calls and choices never crash; standing calls stay admissible."""
    state = Auction(dealer)
    for _ in range(25):
        before = state
        pending = state.pending
        try:
            if pending is not None and data.draw(st.booleans()):
                option = data.draw(st.sampled_from(pending.irregularity.options))
                flags = {name: data.draw(st.booleans()) for name in option.requires}
                choice = RectificationChoice(
                    option.code,
                    option.chooser,
                    comparable=flags.get("comparable"),
                    same_denominations=flags.get("same_denominations"),
                    artificial=data.draw(st.booleans()),
                )
                state = apply_option(state, choice).auction
            else:
                seat = state.turn if data.draw(st.booleans()) else data.draw(seats)
                state = record_call(
                    state, seat or data.draw(seats), data.draw(attempted)
                )
        except (RectificationPending, MustRepeatCall, ChangeOfCallNotAllowed):
            # Refused commands leave the state as it was.
            assert state == before
        replay = Auction(dealer)
        for entry in state.calls:
            assert not isinstance(entry.call, BidAboveSeven)
            if isinstance(entry.call, Double | Redouble):
                assert replay.is_admissible(entry.seat, entry.call) is True
            replay = Auction(dealer, calls=(*replay.calls, entry))
        if state.status in (AuctionStatus.COMPLETED, AuctionStatus.PASSED_OUT):
            assert state.turn is None
