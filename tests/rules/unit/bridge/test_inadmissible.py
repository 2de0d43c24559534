"""Inadmissible calls (Laws 35-39)."""

from rules.bridge import Contract, Seat, parse_call
from rules.bridge.auction import AuctionStatus
from rules.bridge.auction_procedure import (
    IrregularCall,
    SettlesRectification,
    apply_option,
    classify_call,
)
from rules.bridge.inadmissible import contract_without_inadmissible_doubles
from rules.bridge.irregularity import DIRECTOR, IrregularityKind, OptionCode
from rules.bridge.restrictions import PassRestriction, PassScope
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call, calls_text, choose


def test_double_of_partners_bid_is_inadmissible() -> None:
    """A double Law 19 does not permit is inadmissible (Laws 35A, 36)."""
    ruling = classify_call(auction(Seat.N, "1S P"), Seat.S, parse_call("X"))
    assert isinstance(ruling, IrregularCall)
    assert ruling.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    assert ruling.law == LawRef("36")
    assert ruling.irregularity.chooser is DIRECTOR
    assert ruling.irregularity.options[0].law == LawRef("36B")


def test_inadmissible_double_lho_called_first_cancels_both() -> None:
    """Law 36A: the X/XX and later calls are cancelled; no 26B, no silencing."""
    state = call(auction(Seat.N, "1S P"), Seat.S, "X")
    ruling = classify_call(state, Seat.W, parse_call("P"))
    assert isinstance(ruling, SettlesRectification)
    assert ruling.law == LawRef("36A")
    assert ruling.then is None
    state = call(state, Seat.W, "P")
    assert calls_text(state) == "N:1S E:P"
    assert state.turn is Seat.S
    assert [w.law.law for w in state.withdrawn_calls] == ["36A", "36A"]
    assert state.pass_restrictions == ()
    assert state.lead_restriction_causes == ()


def test_inadmissible_double_rectified_silences_partner() -> None:
    """Law 36B: cancelled; offender calls legally; partner passes throughout."""
    state = call(auction(Seat.N, "1S P"), Seat.S, "XX")
    done = apply_option(state, choose(OptionCode.RECTIFY))
    assert calls_text(done.auction) == "N:1S E:P"
    assert done.auction.turn is Seat.S
    [restriction] = done.pass_restrictions
    assert (restriction.seat, restriction.scope) == (Seat.N, PassScope.REST_OF_AUCTION)
    assert [c.offender for c in done.lead_restriction_causes] == [Seat.S]
    assert {f.law.law for f in done.review_flags} == {"16C", "72C"}


def test_inadmissible_double_out_of_rotation() -> None:
    """Law 36B4: back to the player in turn; offender's partner silenced."""
    state = call(auction(Seat.N, "1S"), Seat.S, "X")
    pending = state.pending
    assert pending.irregularity.options[0].law == LawRef("36B4")
    done = apply_option(state, choose(OptionCode.RECTIFY))
    assert done.auction.turn is Seat.E
    assert done.pass_restrictions[0].seat is Seat.N
    assert done.pass_restrictions[0].law == LawRef("36B4")


def test_inadmissible_double_discovered_after_the_lead_is_ignored() -> None:
    """Law 36C: score as if the inadmissible double had not been made."""
    calls = [
        (seat, parse_call(text))
        for seat, text in zip(
            [Seat.N, Seat.E, Seat.S, Seat.W, Seat.N, Seat.E, Seat.S],
            ["1S", "P", "X", "P", "P", "P", "P"],
            strict=True,
        )
    ]
    assert contract_without_inadmissible_doubles(Seat.N, calls) == Contract.parse("1SN")


def test_breach_of_obligation_to_pass() -> None:
    """Law 37B: cancelled, replaced by a pass; both offenders silenced."""
    state = call(auction(Seat.N, "1C"), Seat.S, "P")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.W)).auction  # 30A
    state = call(state, Seat.E, "1H")
    state = call(state, Seat.S, "1S")
    pending = state.pending
    assert pending.irregularity.kind is IrregularityKind.BREACH_OF_OBLIGATION_TO_PASS
    done = apply_option(state, choose(OptionCode.RECTIFY))
    assert calls_text(done.auction) == "N:1C E:1H S:P"
    assert done.auction.calls[-1].irregularity == LawRef("37B2")
    assert {(r.seat, r.scope) for r in done.pass_restrictions} == {
        (Seat.S, PassScope.REST_OF_AUCTION),
        (Seat.N, PassScope.REST_OF_AUCTION),
    }
    assert [c.offender for c in done.lead_restriction_causes] == [Seat.S]


def test_breach_stands_if_lho_called_first() -> None:
    """Law 37A: the call and later calls stand; a throughout-pass continues."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "3H")
    state = apply_option(
        state, choose(OptionCode.RULE_COMPARABLE, comparable=False)
    ).auction
    state = call(call(state, Seat.S, "P"), Seat.W, "4H")  # W must pass throughout
    state = call(state, Seat.N, "4S")  # W's LHO calls before rectification
    assert calls_text(state) == "N:1S E:3H S:P W:4H N:4S"
    assert state.calls[3].irregularity == LawRef("37A")
    assert state.pass_restriction_for(Seat.W) == PassRestriction(
        seat=Seat.W, scope=PassScope.REST_OF_AUCTION, law=LawRef("27B2")
    )
    assert [c.cause.law for c in state.lead_restriction_causes] == ["27B2"]


def test_bid_above_seven_is_replaced_by_a_pass() -> None:
    """Law 38B-C: cancelled and replaced by a pass; the OS passes throughout."""
    state = call(auction(Seat.N, "7NT"), Seat.E, "8C")
    pending = state.pending
    assert pending.irregularity.kind is IrregularityKind.BID_ABOVE_SEVEN
    done = apply_option(state, choose(OptionCode.RECTIFY))
    assert calls_text(done.auction) == "N:7NT E:P"
    assert {r.seat for r in done.pass_restrictions} == {Seat.E, Seat.W}
    assert [c.cause.law for c in done.lead_restriction_causes] == ["38D"]


def test_bid_above_seven_replacement_pass_may_end_the_auction() -> None:
    """Law 38C: the auction continues unless the replacing pass completes it."""
    state = call(auction(Seat.N, "7S P P"), Seat.W, "8NT")
    done = apply_option(state, choose(OptionCode.RECTIFY))
    assert done.auction.status is AuctionStatus.COMPLETED
    assert done.auction.final_contract == Contract.parse("7SN")
    assert done.auction.lead_restrictions()[0].offender is Seat.W


def test_bid_above_seven_lho_called_no_lead_restriction() -> None:
    """Law 38D: if the LHO called first, neither 26B nor 72C applies."""
    state = call(auction(Seat.N, "7NT"), Seat.E, "8C")
    state = call(state, Seat.S, "P")
    assert calls_text(state) == "N:7NT E:P"
    assert [w.law.law for w in state.withdrawn_calls] == ["38B", "38B"]
    assert state.lead_restriction_causes == ()
    assert state.review_flags == ()
    assert state.turn is Seat.S


def test_pass_after_the_final_pass_is_cancelled_without_rectification() -> None:
    """Law 39A-B: cancelled; a pass by a defender needs nothing more."""
    state = auction(Seat.N, "1NT P P P")
    ruling = classify_call(state, Seat.E, parse_call("P"))
    assert isinstance(ruling, IrregularCall)
    assert ruling.irregularity.kind is IrregularityKind.CALL_AFTER_FINAL_PASS
    assert ruling.irregularity.options == ()
    after = call(state, Seat.E, "P")
    assert after.calls == state.calls
    assert [w.law.law for w in after.withdrawn_calls] == ["39A"]
    assert after.status is AuctionStatus.COMPLETED


def test_any_call_by_declarer_side_after_final_pass_is_just_cancelled() -> None:
    """Law 39B: any call by the future declarer or dummy: no more rectification."""
    state = call(auction(Seat.N, "1NT P P P"), Seat.S, "3NT")
    assert state.status is AuctionStatus.COMPLETED
    assert state.lead_restriction_causes == ()


def test_defender_bid_after_final_pass_may_bring_lead_restrictions() -> None:
    """Law 39C: a defender's bid, LHO not having called: 26B may apply."""
    state = call(auction(Seat.N, "1NT P P P"), Seat.W, "2S")
    done = apply_option(state, choose(OptionCode.RECTIFY))
    assert done.auction.status is AuctionStatus.COMPLETED
    [restriction] = done.auction.lead_restrictions()
    assert restriction.offender is Seat.W
    assert restriction.leader is Seat.E
    assert restriction.declarer is Seat.N
    assert restriction.cause == LawRef("39C")


def test_defender_bid_after_final_pass_lho_called() -> None:
    """Law 39B: the LHO called before rectification: no further rectification."""
    state = call(auction(Seat.N, "1NT P P P"), Seat.W, "2S")
    state = call(state, Seat.N, "P")
    assert state.status is AuctionStatus.COMPLETED
    assert state.lead_restriction_causes == ()
    assert [w.law.law for w in state.withdrawn_calls] == ["39A", "39A"]


def test_passed_out_board_call_after_final_pass() -> None:
    """Law 39 on a passed-out board: cancelled, nothing else (no play)."""
    state = call(auction(Seat.N, "P P P P"), Seat.E, "1S")
    assert state.status is AuctionStatus.PASSED_OUT
    assert [w.law.law for w in state.withdrawn_calls] == ["39A"]
