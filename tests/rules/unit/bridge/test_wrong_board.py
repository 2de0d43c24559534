"""Calls with cards from the wrong board (Law 15A)."""

import pytest

from rules.bridge import Seat, parse_call
from rules.bridge.auction import AuctionStatus
from rules.bridge.auction_procedure import IrregularCall, classify_call, record_call
from rules.bridge.errors import AuctionAbandoned
from rules.bridge.wrong_board import classify_wrong_board, rectify_wrong_board
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call, calls_text


def test_call_and_later_calls_are_cancelled() -> None:
    """Law 15A1, 15A2(b): cancelled; the offender calls again with his hand."""
    state = auction(Seat.N, "1C 1H")
    assert classify_wrong_board(state, 0).law == LawRef("15A2(b)")
    state = rectify_wrong_board(state, 0)
    assert calls_text(state) == ""
    assert state.turn is Seat.N
    assert [w.law.law for w in state.withdrawn_calls] == ["15A1", "15A1"]
    assert state.status is AuctionStatus.OPEN


def test_partner_called_later_means_adjusted_score() -> None:
    """Law 15A2(a): the offender's partner called since: the Director adjusts."""
    state = rectify_wrong_board(auction(Seat.N, "1C 1H 1S"), 0)
    assert state.status is AuctionStatus.ABANDONED
    with pytest.raises(AuctionAbandoned) as info:
        call(state, Seat.N, "1C")
    assert info.value.code == "auction_abandoned"
    assert info.value.law == LawRef("15A2(a)")


def test_call_flagged_at_once_is_simply_cancelled() -> None:
    """Law 15A1: a call flagged as made from the wrong board does not stand."""
    state = auction(Seat.N, "1C")
    ruling = classify_call(state, Seat.E, parse_call("1H"), wrong_board=True)
    assert isinstance(ruling, IrregularCall)
    assert ruling.law == LawRef("15A1")
    after = record_call(state, Seat.E, parse_call("1H"), wrong_board=True)
    assert after.calls == state.calls
    assert after.turn is Seat.E
