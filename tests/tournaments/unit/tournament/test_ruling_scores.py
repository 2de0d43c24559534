"""The score a ruling assigns on its board, one function for the console
and the API (decision 0220): the director's own (Law 12), assigned or
weighted outcomes scored on the table's copy (Law 12C1(a), (c); Law 2), or
the FIGB catalogue's (N-L8 §5, N-L87 §2, App1 §7); ``decide`` refuses a
ruling whose board part cannot be given before anything is stored."""

from __future__ import annotations

import uuid
from dataclasses import replace

import pytest

from rules.errors import DomainError
from tests.tournaments.unit.test_figb_catalogue_and_law12 import T0, event
from tournaments.domain import tournament as t

RULING = t.GiveRuling(
    ruling_id=uuid.UUID("00000000-0000-4000-8000-00000000a220"),
    session=1,
    board_number=1,
    table=1,
    laws=("12C2",),
    facts="facts",
    decision="decision",
    director="user:1",
)


def outcome(contract: str, tricks: int, percent: int) -> t.AssignedOutcome:
    return t.AssignedOutcome(
        contract=contract, lead=None, tricks=tricks, percent=percent
    )


@pytest.mark.parametrize(
    ("given", "vulnerability", "score"),
    [
        ({}, "", None),
        ({"adjusted_score": "A60/40"}, "", "A60/40"),
        ({"catalogue": "result_not_recorded"}, "", "A40/40"),
        ({"catalogue": "fouled_180"}, "", "A60/60"),
        ({"catalogue": "system_breach", "offender": "ns"}, "", "A40/60"),
        ({"catalogue": "system_breach_revealed", "offender": "ew"}, "", "A60/20"),
        # A catalogue row that assigns nothing leaves the score to the director.
        ({"catalogue": "stop_card", "adjusted_score": "A50/50"}, "", "A50/50"),
        # Board 1 is not vulnerable by its number (Law 2); a copy marked
        # both vulnerable scores 4S made +620 (decision 0170).
        ({"outcomes": (outcome("4SN", 10, 100),)}, "", "assigned:420@1"),
        ({"outcomes": (outcome("4SN", 10, 100),)}, "All", "assigned:620@1"),
        (
            {"outcomes": (outcome("4SN", 10, 60), outcome("4SN", 9, 40))},
            "",
            "assigned:420@0.6,-50@0.4",
        ),
    ],
)
def test_the_score_a_ruling_assigns(
    given: dict[str, object], vulnerability: str, score: str | None
) -> None:
    assert t.awarded_score(replace(RULING, **given), vulnerability) == score  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("given", "code", "field", "detail"),
    [
        (
            {"catalogue": "fouled_180", "adjusted_score": "A60/40"},
            "invalid_penalty",
            "adjusted_score",
            "a ruling assigns one score: the catalogue's or adjusted_score",
        ),
        (
            {"adjusted_score": "A60/40", "outcomes": (outcome("4SN", 10, 100),)},
            "invalid_penalty",
            "adjusted_score",
            "a ruling assigns one score: the catalogue's or adjusted_score",
        ),
        (
            {"catalogue": "system_breach"},
            "invalid_penalty",
            "offender",
            "'system_breach' gives the innocent and the offending side different "
            "scores: name the offending side (ns or ew)",
        ),
        (
            {"outcomes": (outcome("4SN", 10, 60), outcome("4SN", 9, 30))},
            "invalid_penalty",
            "outcomes",
            "the weights of an assigned score sum to 100%",
        ),
        (
            {"outcomes": (outcome("4SN", 14, 100),)},
            "impossible_result",
            "tricks",
            None,
        ),
        (
            {"catalogue": "fouled_180", "board_number": None, "table": None},
            "rule_violation",
            None,
            "an adjusted score names its board and table",
        ),
        (
            {"not_played": True, "board_number": None, "table": None},
            "rule_violation",
            None,
            "an adjusted score names its board and table",
        ),
    ],
)
def test_decide_refuses_a_ruling_whose_board_part_cannot_be_given(
    given: dict[str, object], code: str, field: str | None, detail: str | None
) -> None:
    with pytest.raises(DomainError) as refused:
        t.decide(event(t.Form.PAIRS), replace(RULING, **given), T0)  # type: ignore[arg-type]
    assert refused.value.code == code
    assert refused.value.field == field
    if detail is not None:
        assert str(refused.value) == detail


def test_a_ruling_with_its_board_part_is_given() -> None:
    """The ruling's own event only: what it does on the board is the board's
    stream's (the handler's append beside it)."""
    ruling = replace(RULING, catalogue="system_breach", offender="ns", not_played=True)
    [given] = t.decide(event(t.Form.PAIRS), ruling, T0)
    assert isinstance(given, t.RulingGiven)
    assert (given.board_number, given.table, given.laws) == (1, 1, ("12C2",))
