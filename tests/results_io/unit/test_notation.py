"""Spellings used by real scoring programs map to one model spelling."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.formats.notation import (
    leading_number,
    parse_card,
    parse_contract,
    parse_decimal,
    parse_seat,
    parse_vulnerability,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3NT", "3NT"),
        ("3N", "3NT"),
        ("2n", "2NT"),
        ("3SA", "3NT"),
        ("4S*", "4SX"),
        ("4sx", "4SX"),
        ("7C**", "7CXX"),
        ("6HXX", "6HXX"),
        ("Pass", "PASS"),
        ("AP", "PASS"),
        ("A60/40", "A60/40"),
        ("A6040", "A60/40"),
        ("A5050", "A50/50"),
    ],
)
def test_contract_spellings(text: str, expected: str) -> None:
    """Contracts (Law 19, 22), passed-out boards and Law 12C2 markers."""
    assert parse_contract(text) == expected


@pytest.mark.parametrize("text", ["8S", "4Z", "0NT", "A6040X", "", "A160/40"])
def test_bad_contracts_are_refused(text: str) -> None:
    """Anything else names the bad input."""
    with pytest.raises(ValueError, match=r"contract|100%"):
        parse_contract(text)


def test_lead_in_either_order() -> None:
    """PBN writes S6, USEBIO 6S or TD; both give suit then rank."""
    assert parse_card("S6") == "S6"
    assert parse_card("6s") == "S6"
    assert parse_card("TD") == "DT"
    assert parse_card("10H") == "HT"
    with pytest.raises(ValueError, match="not a card"):
        parse_card("1S")


def test_seats_and_vulnerabilities() -> None:
    """Seat letters or words; vulnerability None/NS/EW/All (Law 2)."""
    assert parse_seat("north") == "N"
    assert parse_seat("W") == "W"
    assert parse_vulnerability("Both") == "All"
    assert parse_vulnerability("Love") == "None"
    assert parse_vulnerability("-") == "None"
    with pytest.raises(ValueError, match="not a seat"):
        parse_seat("X")


def test_decimals_keep_their_text() -> None:
    """42.0 stays 42.0; a decimal comma is accepted."""
    assert str(parse_decimal("42.0")) == "42.0"
    assert parse_decimal("3,67") == Decimal("3.67")
    with pytest.raises(ValueError, match="not a number"):
        parse_decimal("NaN")


def test_leading_number_of_ids() -> None:
    """Pair 12NS is number 12; a name-only id has no number."""
    assert leading_number("12NS") == 12
    assert leading_number("7") == 7
    assert leading_number("A3") is None
