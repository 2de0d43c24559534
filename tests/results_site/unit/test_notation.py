"""Bridge notation in each language (results_site.notation)."""

from __future__ import annotations

import pytest

from results_site.notation import (
    contract_text,
    holding_text,
    lead_text,
    par_text,
    seat_text,
    strain_text,
)


@pytest.mark.parametrize(
    ("contract", "italian", "english"),
    [
        ("4SN", "4P N", "4S N"),
        ("3NTS", "3SA S", "3NT S"),
        ("3NS", "3SA S", "3NT S"),
        ("2HXE", "2C contré E", "2H doubled E"),
        ("1DXXW", "1Q surcontré O", "1D redoubled W"),
        ("7CW", "7F O", "7C W"),
        (None, "Passo", "Passed out"),
        ("PASS", "Passo", "Passed out"),
        ("odd", "odd", "odd"),
    ],
)
def test_contracts(contract: str | None, italian: str, english: str) -> None:
    assert contract_text(contract, "it") == italian
    assert contract_text(contract, "en") == english
    assert contract_text(contract, "it-it") == italian


@pytest.mark.parametrize(
    ("lead", "italian", "english"),
    [
        ("HA", "C A", "H A"),
        ("SK", "P R", "S K"),
        ("DQ", "Q D", "D Q"),
        ("CJ", "F F", "C J"),
        ("ST", "P 10", "S 10"),
        ("C7", "F 7", "C 7"),
        (None, "", ""),
        ("", "", ""),
        ("Z9", "Z9", "Z9"),
    ],
)
def test_leads(lead: str | None, italian: str, english: str) -> None:
    assert lead_text(lead, "it") == italian
    assert lead_text(lead, "en") == english


def test_west_is_ovest_in_italian() -> None:
    assert [seat_text(s, "it") for s in "NESW"] == ["N", "E", "S", "O"]
    assert [seat_text(s, "en") for s in "NESW"] == ["N", "E", "S", "W"]


def test_a_holding_card_by_card_with_italian_honours() -> None:
    assert holding_text("AKQJT92", "it") == "A R D F 10 9 2"
    assert holding_text("AKQJT92", "en-gb") == "A K Q J 10 9 2"
    assert holding_text("", "it") == ""


def test_the_denominations_of_the_double_dummy_table() -> None:
    assert [strain_text(s, "it") for s in ("NT", "S", "H", "D", "C")] == [
        "SA",
        "P",
        "C",
        "Q",
        "F",
    ]
    assert [strain_text(s, "en") for s in ("NT", "S", "H", "D", "C")] == [
        "NT",
        "S",
        "H",
        "D",
        "C",
    ]


def test_par_contracts_as_dds_writes_them() -> None:
    assert par_text("4SEx-1", "it") == "4P contré E -1"
    assert par_text("4SWx-1", "en") == "4S doubled W -1"
    assert par_text("3NTS=", "it") == "3SA S ="
    assert par_text("6HNxx+1", "it") == "6C surcontré N +1"
    assert par_text("2DW=", "it") == "2Q O ="
    assert par_text("nonsense", "it") == "nonsense"
