"""Contracts: level, denomination, doubling, declarer (Definitions, Law 22)."""

import pytest

from rules.bridge import Contract, Denomination, Doubling, Seat


def test_contract_text_examples() -> None:
    """A contract reads level, denomination, doubling, declarer."""
    assert str(Contract(4, Denomination.S, Doubling.DOUBLED, Seat.N)) == "4SXN"
    assert str(Contract(3, Denomination.NT, Doubling.UNDOUBLED, Seat.E)) == "3NTE"
    assert str(Contract(7, Denomination.H, Doubling.REDOUBLED, Seat.W)) == "7HXXW"


@pytest.mark.parametrize("text", ["4SXN", "3NTE", "7HXXW", "1CS", "2DXE"])
def test_contract_parse_round_trips(text: str) -> None:
    """Contract.parse is the inverse of str."""
    assert str(Contract.parse(text)) == text


def test_contract_parse_accepts_n_for_notrump() -> None:
    """ "3NE" is 3NT by East."""
    assert Contract.parse("3ne") == Contract(
        3, Denomination.NT, Doubling.UNDOUBLED, Seat.E
    )


@pytest.mark.parametrize("text", ["", "0SN", "8SN", "4S", "4SXXXN", "4SXQ", "PASS"])
def test_contract_parse_refuses_bad_input(text: str) -> None:
    """A bad contract is refused; a passed-out board is None, not a contract."""
    with pytest.raises(ValueError, match="is not a contract"):
        Contract.parse(text)


def test_tricks_needed_is_six_plus_level() -> None:
    """A bid of n undertakes to win n odd tricks over six (Law 18A)."""
    assert Contract.parse("4SN").tricks_needed == 10
