"""Guide cards read back from a session's assignments are the movement's own
(Law 8A1: the Director tells each entry where to sit, against whom, with which
boards)."""

import pytest

from rules.bridge import Side
from rules.bridge.seat import Seat
from tournaments.domain.movements import GuideLine, howell, mitchell
from tournaments.domain.movements.individual import IndividualGuideLine, individual
from tournaments.domain.movements.seating import (
    guide_card,
    howell_assignments,
    individual_assignments,
    individual_guide_card,
    mitchell_assignments,
)
from tournaments.domain.tournament import TableAssignment


@pytest.mark.parametrize(
    ("build", "assign"),
    [(mitchell, mitchell_assignments), (howell, howell_assignments)],
)
def test_a_pairs_guide_card_from_assignments_is_the_movements(build, assign) -> None:
    """Without a phantom, every pair's card is the generator's, line for line."""
    movement = build(10, boards_per_round=3)
    assignments = assign(10, 3, None)

    for pair in range(1, 11):
        expected = [
            GuideLine(
                round=line.round,
                table=line.table,
                direction=line.direction,
                opponent=line.opponent,
                boards=line.boards,
            )
            for line in movement.guide_card(pair)
        ]
        assert guide_card(assignments, pair) == expected


def test_a_round_against_the_phantom_has_no_opponent_and_keeps_its_boards() -> None:
    """The phantom (0) is a bye: no opponent; the table's boards stay listed."""
    assignments = (
        TableAssignment(round=1, table=1, ns=1, ew=0, boards=(1, 2)),
        TableAssignment(round=2, table=1, ns=2, ew=1, boards=(3, 4)),
    )

    assert guide_card(assignments, 1) == [
        GuideLine(round=1, table=1, direction=Side.NS, opponent=None, boards=(1, 2)),
        GuideLine(round=2, table=1, direction=Side.EW, opponent=2, boards=(3, 4)),
    ]


def test_an_individual_guide_card_from_assignments_is_the_movements() -> None:
    """Seat, partner, opponents (left-hand, then right-hand) and boards (Law 4)."""
    movement = individual(8, boards_per_round=2, duplicated=True)
    assignments = individual_assignments(8, 2, None)

    for player in range(1, 9):
        assert individual_guide_card(assignments, player) == movement.guide_card(player)


def test_a_player_without_a_table_in_a_round_sits_out() -> None:
    """A round the player rests is a line with no table and no boards."""
    assignments = (
        TableAssignment(
            round=1, table=1, ns=1, ew=2, boards=(1,), players=(1, 2, 3, 4)
        ),
        TableAssignment(
            round=2, table=1, ns=5, ew=2, boards=(2,), players=(5, 2, 3, 4)
        ),
    )

    assert individual_guide_card(assignments, 1) == [
        IndividualGuideLine(1, 1, Seat.N, 3, (2, 4), (1,)),
        IndividualGuideLine(2, None, None, None, (), ()),
    ]
