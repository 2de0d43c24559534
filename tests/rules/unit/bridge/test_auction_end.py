"""End of the auction, contract, declarer and opening leader (Laws 17, 22, 41A)."""

import pytest

from rules.bridge import Contract, Seat
from rules.bridge.auction import AuctionStatus
from rules.bridge.errors import AuctionNotComplete
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call, calls_text


def test_dealer_calls_first_then_clockwise() -> None:
    """The dealer makes the first call, then each player in turn (Law 17B-C)."""
    state = auction(Seat.W)
    assert state.turn is Seat.W
    state = auction(Seat.W, "P 1C")
    assert state.turn is Seat.E
    assert [c.seat for c in state.calls] == [Seat.W, Seat.N]


def test_three_passes_after_a_bid_end_the_auction() -> None:
    """Three consecutive passes in rotation after the last bid end it (Law 22A)."""
    state = auction(Seat.N, "1NT P 3NT P P")
    assert state.status is AuctionStatus.OPEN
    state = auction(Seat.N, "1NT P 3NT P P P")
    assert state.status is AuctionStatus.COMPLETED
    assert state.turn is None
    assert state.final_contract == Contract.parse("3NTN")


def test_three_passes_after_a_double_end_the_auction() -> None:
    """A double followed by three passes ends it, doubled (Laws 22A, 41A, 19D)."""
    state = auction(Seat.N, "1S X P P P")
    assert state.final_contract == Contract.parse("1SXN")
    state = auction(Seat.N, "1S X XX P P P")
    assert state.final_contract == Contract.parse("1SXXN")


def test_a_later_bid_supersedes_a_double() -> None:
    """Any double or redouble is superseded by a later legal bid (Law 19C)."""
    state = auction(Seat.N, "1S X 2H P P P")
    assert state.final_contract == Contract.parse("2HS")


def test_four_passes_pass_the_board_out() -> None:
    """All four players pass: no contract, no redeal (Law 22B)."""
    state = auction(Seat.S, "P P P P")
    assert state.status is AuctionStatus.PASSED_OUT
    assert state.final_contract is None
    assert state.declarer is None
    assert state.opening_leader is None


def test_three_initial_passes_do_not_end_the_auction() -> None:
    """Three passes with no bid leave the fourth player to call (Law 22B)."""
    state = auction(Seat.N, "P P P")
    assert state.status is AuctionStatus.OPEN
    assert state.turn is Seat.W
    state = auction(Seat.N, "P P P 1C P P P")
    assert state.final_contract == Contract.parse("1CW")


def test_declarer_is_first_of_the_side_to_name_the_denomination() -> None:
    """Declarer: first of the final bidder's side to bid that denomination."""
    state = auction(Seat.N, "1H P 2C P 2H P 4H P P P")
    assert state.declarer is Seat.N
    assert state.dummy is Seat.S
    state = auction(Seat.N, "1C P 1H P 4H P P P")
    assert state.declarer is Seat.S


def test_an_opponents_bid_of_the_denomination_does_not_count() -> None:
    """Only the final bidder's side counts for the declarer (Definitions)."""
    state = auction(Seat.N, "1S 2S P P 3S P P P")
    assert calls_text(state).startswith("N:1S E:2S")
    assert state.declarer is Seat.N
    assert state.final_contract == Contract.parse("3SN")


def test_opening_leader_is_on_declarers_left() -> None:
    """The defender on presumed declarer's left leads (Law 41A)."""
    state = auction(Seat.E, "1NT P P P")
    assert state.declarer is Seat.E
    assert state.opening_leader is Seat.S


def test_contract_is_refused_before_the_auction_ends() -> None:
    """There is no contract until the auction has ended (Law 22)."""
    state = auction(Seat.N, "1NT P")
    with pytest.raises(AuctionNotComplete) as info:
        _ = state.final_contract
    assert info.value.code == "auction_not_complete"
    assert info.value.law == LawRef("22")


def test_pass_out_of_rotation_cannot_end_the_auction_l17d3() -> None:
    """A closing pass out of rotation returns the turn to the skipped player (Law 17D3).

    N 1S, E P, then W passes at S's turn and N (W's LHO) accepts by calling
    (Law 29A). E, W and N have now passed after 1S, but S lost his turn, so
    the auction returns to S and every pass from W's on is cancelled.
    """
    state = auction(Seat.N, "1S P")
    state = call(state, Seat.W, "P")  # at S's turn: out of rotation
    assert calls_text(state) == "N:1S E:P"
    state = call(state, Seat.N, "P")  # LHO of W calls: accepted, then 17D3
    assert state.status is AuctionStatus.OPEN
    assert state.turn is Seat.S
    assert calls_text(state) == "N:1S E:P"
    assert [(w.seat, w.law.law) for w in state.withdrawn_calls] == [
        (Seat.W, "17D3"),
        (Seat.N, "17D3"),
    ]
    assert state.withdrawn_calls[-1].offending_side is Seat.W.side


def test_an_accepted_pass_out_of_rotation_stands_while_the_auction_goes_on() -> None:
    """Law 29A: the accepted call stands; the skipped player lost that turn."""
    state = auction(Seat.N, "1S P")
    state = call(state, Seat.W, "P")
    state = call(state, Seat.N, "2S")  # W's LHO accepts by calling
    assert calls_text(state) == "N:1S E:P W:P N:2S"
    assert state.calls[2].irregularity is not None
    assert state.calls[2].irregularity.law == "29A"
    assert state.turn is Seat.E


def test_four_passes_with_a_skipped_player_do_not_pass_out() -> None:
    """All four players must pass for a passed-out board (Law 22B; decision 0011)."""
    state = auction(Seat.N, "P")
    state = call(state, Seat.S, "P")  # at E's turn, S's RHO
    state = call(state, Seat.W, "P")  # S's LHO calls: accepted
    assert calls_text(state) == "N:P S:P W:P"
    state = call(state, Seat.N, "P")
    assert state.status is AuctionStatus.OPEN
    assert state.turn is Seat.E
    assert calls_text(state) == "N:P"
