"""Dealer and vulnerability by board number (Law 2)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge import Board, Seat, Side, Vulnerability, dealer_for, vulnerability_for

# Law 2 table, boards 1-16, as printed in the digest §1.2.
LAW_2 = {
    1: (Seat.N, Vulnerability.NONE),
    2: (Seat.E, Vulnerability.NS),
    3: (Seat.S, Vulnerability.EW),
    4: (Seat.W, Vulnerability.BOTH),
    5: (Seat.N, Vulnerability.NS),
    6: (Seat.E, Vulnerability.EW),
    7: (Seat.S, Vulnerability.BOTH),
    8: (Seat.W, Vulnerability.NONE),
    9: (Seat.N, Vulnerability.EW),
    10: (Seat.E, Vulnerability.BOTH),
    11: (Seat.S, Vulnerability.NONE),
    12: (Seat.W, Vulnerability.NS),
    13: (Seat.N, Vulnerability.BOTH),
    14: (Seat.E, Vulnerability.NONE),
    15: (Seat.S, Vulnerability.NS),
    16: (Seat.W, Vulnerability.EW),
}


@pytest.mark.parametrize(("number", "expected"), sorted(LAW_2.items()))
def test_full_sixteen_board_cycle(
    number: int, expected: tuple[Seat, Vulnerability]
) -> None:
    """Boards 1-16 carry the Law 2 dealer and vulnerability."""
    assert (dealer_for(number), vulnerability_for(number)) == expected
    board = Board(number)
    assert (board.dealer, board.vulnerability) == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=10_000))
def test_cycle_repeats_every_sixteen_boards(number: int) -> None:
    """The pattern repeats for boards 17-32 and each later group of 16 (Law 2)."""
    base = (number - 1) % 16 + 1
    assert dealer_for(number) is LAW_2[base][0]
    assert vulnerability_for(number) is LAW_2[base][1]


def test_closed_form_of_the_digest_agrees() -> None:
    """The digest's closed form matches the table (digest §1.2)."""
    names = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
    for number in range(1, 33):
        i = (number - 1) % 16
        vul = ["None", "NS", "EW", "Both"][(i + i // 4) % 4]
        assert vulnerability_for(number).value == names[vul]


@pytest.mark.parametrize("number", [0, -1, True])
def test_board_number_must_be_positive(number: int) -> None:
    """Board numbers start at 1."""
    with pytest.raises(ValueError, match="is not a board number"):
        dealer_for(number)
    with pytest.raises(ValueError, match="is not a board number"):
        Board(number)


def test_vulnerability_of_seats_and_sides() -> None:
    """NS vulnerable means N and S are vulnerable, E and W are not."""
    assert Vulnerability.NS.is_vulnerable(Seat.S) is True
    assert Vulnerability.NS.is_vulnerable(Seat.E) is False
    assert Vulnerability.EW.is_vulnerable(Side.EW) is True
    assert Vulnerability.BOTH.is_vulnerable(Seat.W) is True
    assert Vulnerability.NONE.is_vulnerable(Side.NS) is False


def test_vulnerability_uses_pbn_spellings() -> None:
    """PBN spells the four states None, NS, EW, All."""
    assert [v.value for v in Vulnerability] == ["None", "NS", "EW", "All"]
    assert Vulnerability.parse("Both") is Vulnerability.BOTH
    assert Vulnerability.parse("love") is Vulnerability.NONE
    with pytest.raises(ValueError, match="is not a vulnerability"):
        Vulnerability.parse("N")
