"""Calls: bids, pass, double, redouble (Definitions, Law 18)."""

import pytest

from rules.bridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Denomination,
    Double,
    Pass,
    Redouble,
    format_call,
    parse_call,
)


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("1NT", Bid(1, Denomination.NT)),
        ("1N", Bid(1, Denomination.NT)),
        ("1nt", Bid(1, Denomination.NT)),
        ("4S", Bid(4, Denomination.S)),
        ("7c", Bid(7, Denomination.C)),
        ("P", Pass()),
        ("Pass", Pass()),
        ("pass", Pass()),
        ("X", Double()),
        ("XX", Redouble()),
    ],
)
def test_parse_call_accepts_usual_spellings(text: str, call: object) -> None:
    """parse_call reads the usual spellings, case-insensitive."""
    assert parse_call(text) == call


@pytest.mark.parametrize("text", ["8S", "0C", "1Z", "", "XXX", "1", "S", "1NTX", "10C"])
def test_parse_call_refuses_bad_input(text: str) -> None:
    """A bid above seven is not a call value (Law 38 is an auction matter)."""
    with pytest.raises(ValueError, match="is not a call"):
        parse_call(text)


def test_format_call_is_canonical_and_round_trips() -> None:
    """Every one of the 38 calls formats canonically and parses back."""
    calls: list[Call] = [Bid(level, d) for level in range(1, 8) for d in Denomination]
    calls += [PASS, DOUBLE, REDOUBLE]
    assert len({format_call(c) for c in calls}) == 38
    for call in calls:
        assert parse_call(format_call(call)) == call
        assert str(call) == format_call(call)
    assert format_call(Bid(3, Denomination.NT)) == "3NT"
    assert format_call(PASS) == "P"


def test_bid_rank_follows_level_then_denomination() -> None:
    """1C is the lowest bid, 7NT the highest; 1NT is below 2C (Law 18D-E)."""
    assert Bid(1, Denomination.C).rank == 0
    assert Bid(7, Denomination.NT).rank == 34
    assert Bid(1, Denomination.NT).rank < Bid(2, Denomination.C).rank


@pytest.mark.parametrize("level", [0, 8, -1, True])
def test_bid_refuses_a_level_outside_one_to_seven(level: int) -> None:
    """A bid names one to seven odd tricks (Law 18A)."""
    with pytest.raises(ValueError, match="is not a bid level"):
        Bid(level, Denomination.C)
