"""Sufficiency of bids and legality of doubles and redoubles (Laws 18, 19)."""

import pytest

from rules.bridge import DOUBLE, PASS, REDOUBLE, Bid, Denomination, Seat, parse_call
from rules.bridge.auction import lowest_sufficient_bid
from tests.rules.unit.bridge.support import auction


@pytest.mark.parametrize(
    ("last", "bid", "sufficient"),
    [
        ("1H", "1S", True),
        ("1H", "1NT", True),
        ("1H", "1D", False),
        ("1H", "1H", False),
        ("1NT", "2C", True),
        ("2C", "1NT", False),
        ("6NT", "7C", True),
    ],
)
def test_a_bid_supersedes_by_level_then_denomination(
    last: str, bid: str, sufficient: bool
) -> None:
    """Same level in a higher denomination, or any higher level (Law 18B-C)."""
    state = auction(Seat.N, last)
    new = parse_call(bid)
    assert isinstance(new, Bid)
    assert state.is_sufficient(new) is sufficient


def test_first_bid_is_always_sufficient() -> None:
    """With no earlier bid, any bid is sufficient (Law 18C)."""
    assert auction(Seat.N, "P P").is_sufficient(Bid(1, Denomination.C)) is True


@pytest.mark.parametrize(
    ("denomination", "last", "expected"),
    [
        (Denomination.H, "1S", "2H"),
        (Denomination.NT, "1S", "1NT"),
        (Denomination.C, "2D", "3C"),
        (Denomination.D, "2D", "3D"),
        (Denomination.C, "7S", None),
        (Denomination.S, None, "1S"),
    ],
)
def test_lowest_sufficient_bid_in_a_denomination(
    denomination: Denomination, last: str | None, expected: str | None
) -> None:
    """The candidate for Law 27B1(a); None when above seven (digest §2.2)."""
    last_bid = parse_call(last) if last else None
    assert last_bid is None or isinstance(last_bid, Bid)
    result = lowest_sufficient_bid(denomination, last_bid)
    assert (None if result is None else str(result)) == expected


def test_double_only_an_opponents_last_bid_with_passes_since() -> None:
    """Only the last bid, by an opponent, with only passes since (Law 19A1)."""
    state = auction(Seat.N, "1S")
    assert state.may_double(Seat.E) is True
    state = auction(Seat.N, "1S P")
    assert state.may_double(Seat.S) is False  # partner's bid
    state = auction(Seat.N, "1S P P")
    assert state.may_double(Seat.W) is True  # balancing double
    state = auction(Seat.N, "1S X")
    assert state.may_double(Seat.S) is False  # already doubled
    assert state.may_double(Seat.W) is False
    assert auction(Seat.N).may_double(Seat.N) is False


def test_redouble_only_an_opponents_last_double() -> None:
    """Only the last double, by an opponent, with only passes since (Law 19B1)."""
    state = auction(Seat.N, "1S X")
    assert state.may_redouble(Seat.S) is True
    state = auction(Seat.N, "1S X P P")
    assert state.may_redouble(Seat.N) is True
    assert state.may_redouble(Seat.W) is False
    state = auction(Seat.N, "1S X P")
    assert state.may_redouble(Seat.W) is False  # partner's double


def test_legal_calls_for_the_seat_due() -> None:
    """legal_calls lists pass, the doubles Law 19 allows and sufficient bids."""
    state = auction(Seat.N, "7NT")
    assert state.legal_calls() == (PASS, DOUBLE)
    state = auction(Seat.N, "7NT X")
    assert state.legal_calls() == (PASS, REDOUBLE)
    assert len(auction(Seat.N).legal_calls()) == 36
    assert auction(Seat.N, "1NT P P P").legal_calls() == ()
    assert state.legal_calls(Seat.E) == ()  # not E's turn
