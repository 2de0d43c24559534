"""What a director or a table types, read into the API's notation (pure):
Italian on Italian pages (P C Q F SA, O for West, R D F for the honours),
the API's letters on English ones; adjusted scores built from a form (Law 12C).
"""

from __future__ import annotations

import pytest

from console import entry


@pytest.mark.parametrize(
    ("typed", "declarer", "language", "expected"),
    [
        ("4P", "N", "it", "4SN"),
        ("3sa x", "o", "it", "3NTXW"),
        ("2C", "E", "it", "2HE"),
        ("1F", "S", "it", "1CS"),
        ("5QXX", "N", "it", "5DXXN"),
        ("4S", "N", "en", "4SN"),
        ("3NT", "W", "en", "3NTW"),
        ("2C", "E", "en", "2CE"),
        ("Passo", "", "it", None),
        ("-", "", "en", None),
    ],
)
def test_a_contract_is_read_in_the_pages_language(
    typed: str, declarer: str, language: str, expected: str | None
) -> None:
    assert entry.contract_of(typed, declarer, language) == expected


@pytest.mark.parametrize(
    ("typed", "language", "field"),
    [
        ("8P", "it", "contract"),
        ("4S", "it", "contract"),  # S is no Italian denomination
        ("3SA", "en", "contract"),
        ("4P", "it", "declarer"),  # no declarer given below
    ],
)
def test_what_is_not_a_contract_names_its_field(
    typed: str, language: str, field: str
) -> None:
    with pytest.raises(entry.EntryError) as error:
        entry.contract_of(typed, "" if field == "declarer" else "N", language)
    assert error.value.field == field


def test_west_is_o_in_italian_and_w_in_english() -> None:
    assert entry.seat_of("O", "it") == "W"
    assert entry.seat_of("W", "en") == "W"
    with pytest.raises(entry.EntryError):
        entry.seat_of("W", "it")


@pytest.mark.parametrize(
    ("typed", "language", "expected"),
    [
        ("C A", "it", "HA"),
        ("P R", "it", "SK"),
        ("q10", "it", "DT"),
        ("F D", "it", "CQ"),
        ("C F", "it", "HJ"),
        ("H K", "en", "HK"),
        ("S10", "en", "ST"),
        ("", "it", None),
    ],
)
def test_a_lead_is_suit_then_rank(
    typed: str, language: str, expected: str | None
) -> None:
    assert entry.lead_of(typed, language) == expected


@pytest.mark.parametrize("typed", ["SA A", "C 1", "X9", "C"])
def test_what_is_not_a_card_is_refused(typed: str) -> None:
    with pytest.raises(entry.EntryError) as error:
        entry.lead_of(typed, "it")
    assert error.value.field == "lead"


def test_an_artificial_score_is_two_of_the_law_12c2_percentages() -> None:
    assert entry.artificial_text(60, 40) == "A60/40"
    assert entry.artificial_text(50, 50) == "A50/50"
    with pytest.raises(entry.EntryError) as error:
        entry.artificial_text(70, 30)
    assert error.value.field == "artificial"


def test_assigned_and_weighted_scores_are_written_as_the_scorer_reads_them() -> None:
    """Law 12C1(a) and (c): weights are whole percents summing to 100."""
    assert entry.assigned_text([entry.Outcome(620, 100)]) == "assigned:620@1"
    assert (
        entry.assigned_text([entry.Outcome(620, 60), entry.Outcome(-100, 40)])
        == "assigned:620@0.6,-100@0.4"
    )
    assert (
        entry.assigned_text([entry.Outcome(420, 33), entry.Outcome(-50, 67)])
        == "assigned:420@0.33,-50@0.67"
    )
    with pytest.raises(entry.EntryError) as error:
        entry.assigned_text([entry.Outcome(620, 60), entry.Outcome(-100, 30)])
    assert error.value.field == "weights"
    with pytest.raises(entry.EntryError):
        entry.assigned_text([])
