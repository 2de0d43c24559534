"""Changes of call: unintended and voluntary (Law 25)."""

import pytest

from rules.bridge import Seat, parse_call
from rules.bridge.auction import AuctionStatus
from rules.bridge.auction_procedure import (
    SettlesRectification,
    apply_option,
    classify_call,
    record_change_of_call,
)
from rules.bridge.errors import ChangeOfCallNotAllowed, RectificationPending
from rules.bridge.irregularity import IrregularityKind, OptionCode
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call, calls_text, choose


def _change(dealer: Seat, text: str, seat: Seat, new: str, **kw: bool) -> object:
    return record_change_of_call(auction(dealer, text), seat, parse_call(new), **kw)


def test_change_is_ruled_by_the_director() -> None:
    """Whether the call was unintended is the Director's judgement (25A2)."""
    state = record_change_of_call(auction(Seat.N, "1C"), Seat.N, parse_call("1D"))
    pending = state.pending
    assert pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL
    assert [o.code for o in pending.irregularity.options] == [
        OptionCode.UNINTENDED,
        OptionCode.INTENDED,
    ]
    assert pending.irregularity.withdrawn == parse_call("1C")


def test_unintended_call_is_replaced_without_lead_restrictions() -> None:
    """Law 25A1: the intended call replaces it; Law 26 does not apply."""
    state = record_change_of_call(auction(Seat.N, "1C"), Seat.N, parse_call("1D"))
    done = apply_option(state, choose(OptionCode.UNINTENDED))
    assert calls_text(done.auction) == "N:1D"
    assert done.auction.calls[0].irregularity == LawRef("25A")
    assert done.lead_restriction_causes == ()
    assert [w.law.law for w in done.withdrawn_calls] == ["25A"]


def test_intended_call_is_subject_to_its_own_law() -> None:
    """Law 25A1: an insufficient intended call goes on to Law 27."""
    state = record_change_of_call(auction(Seat.N, "1S 2C"), Seat.E, parse_call("1D"))
    done = apply_option(state, choose(OptionCode.UNINTENDED))
    pending = done.auction.pending
    assert pending.irregularity.kind is IrregularityKind.INSUFFICIENT_BID


def test_lho_may_withdraw_his_call_over_the_unintended_call() -> None:
    """Law 25A6: the LHO may withdraw the call he made over the first call."""
    state = record_change_of_call(auction(Seat.N, "1C 1H"), Seat.N, parse_call("1D"))
    staged = apply_option(state, choose(OptionCode.UNINTENDED)).auction
    pending = staged.pending
    assert pending.irregularity.chooser is Seat.E
    withdrawn = apply_option(staged, choose(OptionCode.WITHDRAW_LATER_CALL, Seat.E))
    assert calls_text(withdrawn.auction) == "N:1D"
    assert [w.law.law for w in withdrawn.withdrawn_calls] == ["25A", "25A6"]
    kept = apply_option(staged, choose(OptionCode.KEEP_LATER_CALL, Seat.E))
    assert calls_text(kept.auction) == "N:1D E:1H"


def test_kept_later_call_that_became_insufficient_is_withdrawn() -> None:
    """Decision 0013: the LHO's kept call is withdrawn if no longer legal."""
    state = record_change_of_call(auction(Seat.N, "1C 1D"), Seat.N, parse_call("1H"))
    staged = apply_option(state, choose(OptionCode.UNINTENDED)).auction
    kept = apply_option(staged, choose(OptionCode.KEEP_LATER_CALL, Seat.E)).auction
    assert calls_text(kept) == "N:1H"
    assert kept.withdrawn_calls[-1].call == parse_call("1D")


def test_voluntary_change_accepted_by_lho() -> None:
    """Law 25B1: the first call is withdrawn, the second stands; 26 may apply."""
    state = record_change_of_call(auction(Seat.N, "1C"), Seat.N, parse_call("2C"))
    staged = apply_option(state, choose(OptionCode.INTENDED, comparable=False)).auction
    pending = staged.pending
    assert pending.irregularity.chooser is Seat.E
    done = apply_option(staged, choose(OptionCode.ACCEPT, Seat.E))
    assert calls_text(done.auction) == "N:2C"
    assert done.auction.calls[0].irregularity == LawRef("25B1")
    assert [c.cause.law for c in done.lead_restriction_causes] == ["25B1"]


def test_voluntary_change_accepted_by_lho_calling() -> None:
    """Law 25B1: accepted if the LHO intentionally calls over it."""
    state = record_change_of_call(auction(Seat.N, "1C"), Seat.N, parse_call("2C"))
    staged = apply_option(state, choose(OptionCode.INTENDED, comparable=True)).auction
    ruling = classify_call(staged, Seat.E, parse_call("P"))
    assert isinstance(ruling, SettlesRectification)
    assert ruling.law == LawRef("25B1")
    after = call(staged, Seat.E, "P")
    assert calls_text(after) == "N:2C E:P"
    assert after.lead_restriction_causes == ()  # comparable: Law 26A


def test_voluntary_change_not_accepted_is_cancelled() -> None:
    """Law 25B2: the substituted call is cancelled; the first call stands."""
    state = record_change_of_call(auction(Seat.N, "1C"), Seat.N, parse_call("2C"))
    staged = apply_option(state, choose(OptionCode.INTENDED, comparable=False)).auction
    done = apply_option(staged, choose(OptionCode.DECLINE, Seat.E))
    assert calls_text(done.auction) == "N:1C"
    assert [w.law.law for w in done.withdrawn_calls] == ["25B2"]
    assert [c.cause.law for c in done.lead_restriction_causes] == ["25B2"]


def test_no_change_once_partner_has_called() -> None:
    """Law 25A4: no substitution after partner has made a later call."""
    with pytest.raises(ChangeOfCallNotAllowed) as info:
        record_change_of_call(auction(Seat.N, "1C P 1H"), Seat.N, parse_call("1D"))
    assert info.value.law == LawRef("25A4")
    assert info.value.code == "change_of_call_not_allowed"


def test_no_change_after_the_auction_period() -> None:
    """Law 25A5: not after the opening lead is faced."""
    with pytest.raises(ChangeOfCallNotAllowed) as info:
        record_change_of_call(
            auction(Seat.N, "1C P P P"),
            Seat.W,
            parse_call("X"),
            opening_lead_faced=True,
        )
    assert info.value.law == LawRef("25A5")


def test_change_of_the_last_pass_reopens_the_auction() -> None:
    """Law 25A5: before the opening lead, the last pass may still be changed."""
    state = record_change_of_call(auction(Seat.N, "1C P P P"), Seat.W, parse_call("X"))
    done = apply_option(state, choose(OptionCode.UNINTENDED))
    assert calls_text(done.auction) == "N:1C E:P S:P W:X"
    assert done.auction.status is AuctionStatus.OPEN


def test_nothing_else_happens_while_the_director_rules() -> None:
    """Law 9B2: other players wait while the change is ruled on."""
    state = record_change_of_call(auction(Seat.N, "1C"), Seat.N, parse_call("1D"))
    with pytest.raises(RectificationPending):
        call(state, Seat.E, "P")
