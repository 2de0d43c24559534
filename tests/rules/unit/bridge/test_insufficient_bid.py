"""Insufficient bid: acceptance, replacement, restrictions (Law 27, with 26B)."""

import pytest

from rules.bridge import Seat, parse_call
from rules.bridge.auction import AuctionStatus
from rules.bridge.auction_procedure import (
    IrregularCall,
    SettlesRectification,
    apply_option,
    classify_call,
)
from rules.bridge.errors import OptionNotOffered, RectificationPending, WrongChooser
from rules.bridge.irregularity import DIRECTOR, IrregularityKind, OptionCode
from rules.bridge.restrictions import PassScope
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call, calls_text, choose


def test_insufficient_bid_offers_lho_acceptance() -> None:
    """An insufficient bid in rotation: the offender's LHO may accept (Law 27A1)."""
    ruling = classify_call(auction(Seat.N, "1S"), Seat.E, parse_call("1H"))
    assert isinstance(ruling, IrregularCall)
    assert ruling.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
    assert ruling.law == LawRef("27")
    assert ruling.irregularity.chooser is Seat.S
    assert [o.code for o in ruling.irregularity.options] == [
        OptionCode.ACCEPT,
        OptionCode.DECLINE,
    ]
    assert [o.law.law for o in ruling.irregularity.options] == ["27A1", "27B"]


def test_accepted_insufficient_bid_becomes_the_bid_to_beat() -> None:
    """Accepted, it is treated as legal and later bids need only beat it (§2.2)."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    assert state.status is AuctionStatus.AWAITING_RECTIFICATION
    state = apply_option(state, choose(OptionCode.ACCEPT, Seat.S)).auction
    assert calls_text(state) == "N:1S E:1H"
    assert state.calls[1].irregularity == LawRef("27A1")
    state = call(state, Seat.S, "1NT")
    assert state.status is AuctionStatus.OPEN
    state = call(call(call(state, Seat.W, "P"), Seat.N, "P"), Seat.E, "P")
    assert str(state.final_contract) == "1NTS"


def test_lho_calling_accepts_the_insufficient_bid() -> None:
    """It is accepted if the LHO makes a call (Law 27A1)."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    ruling = classify_call(state, Seat.S, parse_call("2H"))
    assert isinstance(ruling, SettlesRectification)
    assert ruling.law == LawRef("27A1")
    state = call(state, Seat.S, "2H")
    assert calls_text(state) == "N:1S E:1H S:2H"


def test_lowest_sufficient_same_denomination_has_no_rectification() -> None:
    """27B1(a): no rectification, no 26B, no 16C; Law 27D review flag."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    assert state.turn is Seat.E
    state = call(state, Seat.E, "2H")
    pending = state.pending
    assert pending.irregularity.kind is IrregularityKind.REPLACEMENT
    option = pending.irregularity.options[0]
    assert option.requires == ("same_denominations", "comparable")
    done = apply_option(
        state,
        choose(OptionCode.RULE_COMPARABLE, comparable=False, same_denominations=True),
    )
    assert calls_text(done.auction) == "N:1S E:2H"
    assert done.auction.calls[1].irregularity == LawRef("27B1(a)")
    assert done.pass_restrictions == ()
    assert done.lead_restriction_causes == ()
    assert [f.law.law for f in done.review_flags] == ["27D"]


def test_comparable_replacement_has_no_rectification() -> None:
    """27B1(b): a comparable call (Director's ruling): no rectification, 27D review."""
    state = call(auction(Seat.N, "1NT"), Seat.E, "1S")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "X")
    done = apply_option(state, choose(OptionCode.RULE_COMPARABLE, comparable=True))
    assert calls_text(done.auction) == "N:1NT E:X"
    assert done.auction.calls[1].irregularity == LawRef("27B1(b)")
    assert done.pass_restrictions == ()
    assert [f.law.law for f in done.review_flags] == ["27D"]


def test_other_sufficient_bid_silences_partner_for_the_rest() -> None:
    """27B2: partner must pass whenever it is his turn; 26B may apply; 72C."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "3H")
    done = apply_option(
        state,
        choose(OptionCode.RULE_COMPARABLE, comparable=False, same_denominations=False),
    )
    [restriction] = done.pass_restrictions
    assert restriction.seat is Seat.W
    assert restriction.scope is PassScope.REST_OF_AUCTION
    assert restriction.law == LawRef("27B2")
    assert [c.offender for c in done.lead_restriction_causes] == [Seat.E]
    assert {f.law.law for f in done.review_flags} == {"16C", "72C"}
    state = call(done.auction, Seat.S, "P")
    assert state.legal_calls(Seat.W) == (parse_call("P"),)
    state = call(call(call(state, Seat.W, "P"), Seat.N, "4S"), Seat.E, "P")
    state = call(state, Seat.S, "P")
    assert state.turn is Seat.W
    assert state.legal_calls() == (parse_call("P"),)


def test_pass_replacement_silences_partner_for_the_rest() -> None:
    """27B2 also covers a pass."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "P")
    done = apply_option(state, choose(OptionCode.RULE_COMPARABLE, comparable=False))
    assert done.auction.calls[-1].irregularity == LawRef("27B2")
    assert done.pass_restrictions[0].seat is Seat.W


def test_attempted_double_is_cancelled_and_partner_silenced() -> None:
    """27B3: the attempted X/XX is cancelled, offender replaces, partner silenced."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "X")
    done = apply_option(state, choose(OptionCode.RULE_COMPARABLE, comparable=False))
    assert calls_text(done.auction) == "N:1S"
    assert done.auction.turn is Seat.E
    assert [w.law.law for w in done.withdrawn_calls] == ["27B3"]
    assert done.pass_restrictions[0].law == LawRef("27B3")
    state = call(done.auction, Seat.E, "2H")
    assert state.status is AuctionStatus.OPEN
    assert calls_text(state) == "N:1S E:2H"


def test_second_insufficient_bid_may_be_accepted_by_lho() -> None:
    """27B4: the LHO may accept the second insufficient bid (Law 27A1)."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "1D")
    pending = state.pending
    assert pending.irregularity.law == LawRef("27B4")
    accepted = apply_option(state, choose(OptionCode.ACCEPT, Seat.S)).auction
    assert calls_text(accepted) == "N:1S E:1D"
    assert accepted.watches == ()


def test_second_insufficient_bid_not_accepted_rules_as_b3() -> None:
    """27B4 not accepted: cancelled, partner must pass throughout, 26B."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "1D")
    done = apply_option(state, choose(OptionCode.DECLINE, Seat.S))
    assert calls_text(done.auction) == "N:1S"
    assert done.auction.turn is Seat.E
    assert done.pass_restrictions[0].seat is Seat.W
    assert done.pass_restrictions[0].law == LawRef("27B4")


def test_premature_replacement_stands_if_not_accepted() -> None:
    """27C: a replacement before the options were explained stands if legal."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = call(state, Seat.E, "2H")  # premature
    assert state.pending is not None
    assert state.pending.held_call == parse_call("2H")
    done = apply_option(state, choose(OptionCode.DECLINE, Seat.S))
    assert done.auction.pending is not None
    assert done.auction.pending.irregularity.kind is IrregularityKind.REPLACEMENT


def test_premature_replacement_is_withdrawn_if_lho_accepts() -> None:
    """27C: unless the insufficient bid is accepted under 27A1."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = call(state, Seat.E, "2H")
    done = apply_option(state, choose(OptionCode.ACCEPT, Seat.S))
    assert calls_text(done.auction) == "N:1S E:1H"
    assert [w.law.law for w in done.withdrawn_calls] == ["27C"]


def test_only_the_lho_chooses_acceptance() -> None:
    """The option belongs to the offender's LHO (Laws 27A1, 10C)."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    with pytest.raises(WrongChooser) as info:
        apply_option(state, choose(OptionCode.ACCEPT, Seat.W))
    assert info.value.code == "wrong_chooser"
    assert info.value.law == LawRef("27A1")
    with pytest.raises(WrongChooser):
        apply_option(state, choose(OptionCode.ACCEPT, DIRECTOR))


def test_comparability_needs_the_directors_boolean() -> None:
    """Law 23A is a Director judgement: the ruling must be supplied."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "3H")
    with pytest.raises(OptionNotOffered, match="needs comparable"):
        apply_option(state, choose(OptionCode.RULE_COMPARABLE))
    with pytest.raises(OptionNotOffered) as info:
        apply_option(
            state,
            choose(
                OptionCode.RULE_COMPARABLE, comparable=False, same_denominations=True
            ),
        )
    assert info.value.law == LawRef("27B1(a)")


def test_other_players_wait_for_the_rectification() -> None:
    """No player acts until the rectification is explained (Law 9B2)."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    with pytest.raises(RectificationPending) as info:
        call(state, Seat.W, "P")
    assert info.value.code == "rectification_pending"
    assert info.value.law == LawRef("9B2")


def test_accepted_insufficient_bid_can_become_the_contract() -> None:
    """Digest §2.2 / Appendix B.1: the contract may end below an earlier bid."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = call(state, Seat.S, "P")  # LHO calls: accepted (Law 27A1)
    state = call(call(state, Seat.W, "P"), Seat.N, "P")
    assert state.status is AuctionStatus.COMPLETED
    assert str(state.final_contract) == "1HE"
