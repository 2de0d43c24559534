"""Strict mode: irregular calls are refused, naming the Law."""

import pytest

from rules.bridge import Seat, parse_call
from rules.bridge.attempted_call import parse_attempted_call
from rules.bridge.auction_procedure import (
    LegalCall,
    RefusedCall,
    classify_call,
    propose_change_of_call,
    record_call,
)
from rules.bridge.errors import IrregularCallRefused
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction


@pytest.mark.parametrize(
    ("text", "seat", "made", "law"),
    [
        ("1S", Seat.E, "1H", "27"),
        ("1S", Seat.S, "2S", "29"),
        ("1S P", Seat.S, "X", "36"),
        ("7NT", Seat.E, "8C", "38"),
        ("1NT P P P", Seat.E, "X", "39"),
    ],
)
def test_strict_mode_refuses_irregular_calls(
    text: str, seat: Seat, made: str, law: str
) -> None:
    """The refusal carries the Law the aggregate turns into a RuleViolation."""
    state = auction(Seat.N, text)
    ruling = classify_call(state, seat, parse_attempted_call(made), strict=True)
    assert isinstance(ruling, RefusedCall)
    assert ruling.law == LawRef(law)
    error = ruling.to_error()
    assert error.code == "irregular_call_refused"
    assert error.law == LawRef(law)
    assert error.as_dict()["law"] == f"Law {law}"
    with pytest.raises(IrregularCallRefused):
        record_call(state, seat, parse_attempted_call(made), strict=True)


def test_strict_mode_accepts_legal_calls() -> None:
    """Lawful calls are unaffected by strict mode."""
    state = auction(Seat.N, "1S")
    ruling = classify_call(state, Seat.E, parse_call("2H"), strict=True)
    assert ruling == LegalCall(Seat.E, parse_call("2H"))


def test_strict_mode_refuses_changes_of_call() -> None:
    """A change of call is refused in strict mode (Law 25)."""
    ruling = propose_change_of_call(
        auction(Seat.N, "1C"), Seat.N, parse_call("1D"), strict=True
    )
    assert isinstance(ruling, RefusedCall)
    assert ruling.law == LawRef("25")
