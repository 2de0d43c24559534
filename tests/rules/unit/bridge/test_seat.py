"""Seats and sides: clockwise rotation (Law 1, Definitions)."""

import pytest

from rules.bridge import Seat, Side


def test_rotation_is_clockwise_north_east_south_west() -> None:
    """The turn passes clockwise: N -> E -> S -> W -> N (Definitions, "rotation")."""
    assert [Seat.N.next(i) for i in range(5)] == [
        Seat.N,
        Seat.E,
        Seat.S,
        Seat.W,
        Seat.N,
    ]
    assert Seat.W.lho is Seat.N
    assert Seat.N.rho is Seat.W
    assert Seat.E.partner is Seat.W
    assert Seat.S.next(-1) is Seat.E


@pytest.mark.parametrize("seat", list(Seat))
def test_lho_rho_partner_are_consistent(seat: Seat) -> None:
    """LHO of RHO is the seat itself; partner is two seats on (digest §0.2)."""
    assert seat.rho.lho is seat
    assert seat.lho.lho is seat.partner
    assert seat.partner.partner is seat
    assert seat.side is seat.partner.side
    assert seat.side is not seat.lho.side


def test_sides_hold_their_seats_and_oppose_each_other() -> None:
    """N-S play against E-W (Law 4)."""
    assert Side.NS.seats == (Seat.N, Seat.S)
    assert Side.EW.seats == (Seat.E, Seat.W)
    assert Side.NS.opponents is Side.EW
    assert Side.EW.opponents is Side.NS


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.N),
        ("north", Seat.N),
        ("East", Seat.E),
        (" s ", Seat.S),
        ("w", Seat.W),
    ],
)
def test_seat_parse_accepts_letters_and_names(text: str, seat: Seat) -> None:
    """Seat.parse accepts a letter or an English name, case-insensitive."""
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("text", ["", "X", "nw", "northeast", "1"])
def test_seat_parse_refuses_bad_input_naming_it(text: str) -> None:
    """A bad seat is refused with a message naming the input."""
    with pytest.raises(ValueError, match="is not a seat") as info:
        Seat.parse(text)
    assert repr(text) in str(info.value)
