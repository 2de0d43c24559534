"""Guide cards and table cards (Law 5B: players move as directed; Law 8A2)."""

import pytest

from rules.bridge import Side
from tournaments.domain.movements import Assignment, GuideLine, howell, mitchell


def test_guide_card_lists_table_direction_opponent_and_boards() -> None:
    """Each line says where to sit, against whom, and which boards (Law 5B)."""
    movement = mitchell(10, boards_per_round=3)

    card = movement.guide_card(7)

    assert card[0] == GuideLine(
        round=1, table=2, direction=Side.EW, opponent=2, boards=(4, 5, 6)
    )
    assert card[1] == GuideLine(
        round=2, table=3, direction=Side.EW, opponent=3, boards=(10, 11, 12)
    )


def test_sit_out_line_has_no_opponent_and_no_boards() -> None:
    """Meeting the phantom is a bye: no opponent, no boards."""
    movement = mitchell(9, boards_per_round=2)

    line = next(line for line in movement.guide_card(6) if line.sits_out)

    assert line.table == 5
    assert line.opponent is None
    assert line.boards == ()


def test_table_card_says_where_the_boards_go_next() -> None:
    """North takes the boards to the table that plays them next (Law 8A2)."""
    movement = mitchell(10, boards_per_round=2)

    card = movement.table_card(3)

    assert [line.boards_to for line in card] == [(2,), (2,), (2,), (2,), ()]
    assert (card[0].ns, card[0].ew) == (3, 8)


def test_table_card_of_the_table_before_the_bye_stand() -> None:
    """Boards going onto the bye stand have no next table that round."""
    movement = mitchell(12, boards_per_round=2)  # six tables: stand after table 3

    before = movement.table_card(4)[0]
    after = movement.table_card(3)[0]

    assert before.boards_to == ()
    assert after.boards_to == (2,)


def test_relay_table_card_plays_the_shared_set_from_its_second_half() -> None:
    """The relay table starts on the second half of the shared set."""
    movement = mitchell(12, boards_per_round=4)

    assert movement.table_card(6)[0].boards == (3, 4, 1, 2)
    assert movement.table_card(1)[0].boards == (1, 2, 3, 4)


def test_howell_opponents_round_by_round() -> None:
    """A Howell pair faces every other pair in turn."""
    movement = howell(8, boards_per_round=2)

    assert sorted(movement.opponents(3)) == [1, 2, 4, 5, 6, 7, 8]


def test_cards_for_unknown_pairs_and_tables_are_refused() -> None:
    """There is no card for a pair or table not in the movement."""
    movement = mitchell(9, boards_per_round=2)

    with pytest.raises(ValueError, match="pair 5 is not in this movement"):
        movement.guide_card(5)  # the phantom
    with pytest.raises(ValueError, match="table 6 is not in this movement"):
        movement.table_card(6)
    with pytest.raises(ValueError, match="board set 7 does not exist"):
        movement.boards_of(7)


def test_assignment_helpers() -> None:
    """An assignment knows who faces whom and in which direction."""
    table = Assignment(round=1, table=1, ns=3, ew=8, board_set=1)

    assert table.opponent_of(8) == 3
    assert table.direction_of(3) is Side.NS
    with pytest.raises(ValueError, match="pair 4 is not at table 1"):
        table.opponent_of(4)
