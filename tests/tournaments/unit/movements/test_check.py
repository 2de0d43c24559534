"""The movement checker refuses broken movements, naming each breach.

Law 8A (the Director directs the movement) and Law 15B (a board played twice
by a contestant is cancelled): a movement is checked before it is used.
"""

from dataclasses import replace
from typing import Any

import pytest

from rules.bridge import Side
from tournaments.domain.movements import (
    Assignment,
    EvenTables,
    InconsistentMovement,
    Meetings,
    Movement,
    MovementKind,
    Rule,
    check_movement,
    find_problems,
    mitchell,
)


def _replace_at(
    movement: Movement, at_round: int, at_table: int, **changes: Any
) -> Movement:
    """Return the movement with one table's assignment changed."""
    return replace(
        movement,
        assignments=tuple(
            replace(a, **changes) if (a.round, a.table) == (at_round, at_table) else a
            for a in movement.assignments
        ),
    )


def _rules(movement: Movement) -> set[Rule]:
    return {p.rule for p in find_problems(movement)}


def _messages(movement: Movement) -> list[str]:
    return [p.message for p in find_problems(movement)]


@pytest.fixture
def odd() -> Movement:
    """A complete five-table Mitchell: NS 1-5, EW 6-10, sets of two boards."""
    return mitchell(10, boards_per_round=2)


def test_a_generated_movement_passes(odd: Movement) -> None:
    """A correct movement has no problems and is returned unchanged."""
    assert find_problems(odd) == ()
    assert check_movement(odd) is odd


def test_refusal_names_the_first_breach_and_counts_the_rest(odd: Movement) -> None:
    """The error carries code, Law 8A, the first message and every problem."""
    broken = _replace_at(odd, 1, 1, ew=1)

    with pytest.raises(InconsistentMovement) as caught:
        check_movement(broken)

    error = caught.value
    assert error.code == "inconsistent_movement"
    assert str(error.law) == "Law 8A"
    assert error.message == "round 1 table 1: pair 1 faces itself"
    assert len(error.problems) == 1


def test_unknown_board_set_is_a_shape_problem(odd: Movement) -> None:
    """Every table plays a set that exists."""
    broken = _replace_at(odd, 2, 3, board_set=9)

    assert _messages(broken) == ["round 2 table 3: board set 9 does not exist"]


def test_unknown_pair_and_table_are_shape_problems(odd: Movement) -> None:
    """Pairs and tables come from the movement's own lists."""
    broken = _replace_at(odd, 1, 2, ew=42)
    broken = _replace_at(broken, 1, 3, table=6)

    assert _messages(broken) == [
        "round 1 table 2: unknown pair 42",
        "round 1 table 6: no such table",
    ]


def test_table_with_two_ns_ew_assignments_in_a_round(odd: Movement) -> None:
    """A table has exactly one NS and one EW pair in a round."""
    extra = Assignment(round=1, table=1, ns=2, ew=7, board_set=1)
    broken = replace(odd, assignments=(*odd.assignments, extra))

    assert Rule.TABLE_SEATED_TWICE in _rules(broken)
    assert "table 1 is given 2 NS and EW pairs in round 1" in _messages(broken)


def test_pair_seated_nowhere_in_a_round(odd: Movement) -> None:
    """Every pair sits somewhere in every round."""
    broken = replace(
        odd,
        assignments=tuple(a for a in odd.assignments if (a.round, a.table) != (3, 2)),
    )

    messages = _messages(broken)
    assert "pair 2 sits nowhere in round 3" in messages
    assert Rule.PAIR_SEATED in _rules(broken)


def test_pair_seated_at_two_tables(odd: Movement) -> None:
    """A pair cannot be at two tables in one round."""
    broken = _replace_at(odd, 1, 2, ew=6)

    assert "pair 6 sits at 2 places in round 1" in _messages(broken)
    assert "pair 7 sits nowhere in round 1" in _messages(broken)


def test_board_in_two_sets_and_short_set(odd: Movement) -> None:
    """Each set holds the declared number of boards; a board is in one set."""
    sets = list(odd.board_sets)
    sets[1] = (2, 4)
    sets[2] = (5,)
    broken = replace(odd, board_sets=tuple(sets))

    messages = _messages(broken)
    assert "board 2 is in set 1 and set 2" in messages
    assert "board set 3 holds 1 boards, not 2" in messages


def test_board_played_twice_by_a_pair(odd: Movement) -> None:
    """A pair meeting a set again is refused (Law 15B)."""
    # EW 6 plays set 1 in round 1 at table 1; give table 2 set 1 in round 2.
    broken = _replace_at(odd, 2, 2, board_set=1)

    messages = _messages(broken)
    assert "pair 6 plays board 1 twice (rounds 1 and 2)" in messages
    assert "pair 6 plays board 2 twice (rounds 1 and 2)" in messages
    assert Rule.BOARD_PLAYED_TWICE in _rules(broken)


def test_shared_set_without_relay_offsets_is_refused() -> None:
    """Two tables on one set must start at different boards (a relay)."""
    relay = mitchell(16, boards_per_round=4, even_tables=EvenTables.RELAY)
    broken = _replace_at(relay, 1, 8, relay_offset=0)

    messages = _messages(broken)
    assert "board 1 of set 1 is wanted at tables 1 and 8 at once in round 1" in messages
    assert {p.rule for p in find_problems(broken)} == {Rule.BOARD_AT_TWO_TABLES}


def test_relay_offset_outside_the_set_is_refused() -> None:
    """A relay cannot start beyond the set's last board."""
    relay = mitchell(16, boards_per_round=4, even_tables=EvenTables.RELAY)
    broken = _replace_at(relay, 1, 8, relay_offset=4)

    assert _messages(broken) == ["round 1 table 8: relay offset outside the board set"]


def test_two_pairs_meeting_twice(odd: Movement) -> None:
    """Two pairs meet at most once (Law 8A)."""
    # In round 2 EW 6 is at table 2 and EW 10 at table 1: swap them.
    swapped = _replace_at(odd, 2, 1, ew=6)
    swapped = _replace_at(swapped, 2, 2, ew=10)

    assert "pair 1 meets pair 6 2 times" in _messages(swapped)
    assert Rule.REPEATED_MEETING in _rules(swapped)


def test_pairs_of_the_same_line_meeting(odd: Movement) -> None:
    """In a Mitchell, pairs meet only the other line."""
    broken = _replace_at(odd, 1, 1, ew=2)
    broken = _replace_at(broken, 1, 2, ns=6)

    messages = _messages(broken)
    assert "pair 1 and pair 2 both belong to line NS" in messages
    assert Rule.SAME_LINE_MEETING in _rules(broken)


def test_pair_in_the_wrong_direction_without_arrow_switch(odd: Movement) -> None:
    """The NS-line pair sits NS unless the round is arrow-switched."""
    seated = odd.at(4, 2)
    assert seated is not None
    broken = _replace_at(odd, 4, 2, ns=seated.ew, ew=seated.ns)

    assert _rules(broken) == {Rule.LINE_DIRECTION}
    assert "pair 9 of line EW sits NS at table 2 in round 4" in _messages(broken)


def test_complete_movement_missing_meetings(odd: Movement) -> None:
    """A complete Mitchell meets all of the other line; four rounds are not enough."""
    short = replace(
        odd,
        rounds=4,
        assignments=tuple(a for a in odd.assignments if a.round <= 4),
    )

    assert find_problems(replace(short, complete=False)) == ()
    assert Rule.MISSING_MEETING in _rules(short)
    assert "pair 1 never meets pair 7" in _messages(short)


def test_pair_sitting_out_twice() -> None:
    """A pair meets the phantom at most once."""
    movement = mitchell(9, boards_per_round=2)  # phantom NS 5
    # EW 7 meets the phantom at table 5 in round 4: move it there in round 5 too.
    at_5 = movement.at(5, 5)
    assert at_5 is not None
    other = next(a for a in movement.round_assignments(5) if a.ew == 7)
    broken = _replace_at(movement, 5, 5, ew=7)
    broken = _replace_at(broken, 5, other.table, ew=at_5.ew)

    messages = _messages(broken)
    assert "pair 7 sits out 2 rounds" in messages
    assert "pair 7 meets the phantom 2 times" in messages


def test_boards_scheduled_unequally_in_a_complete_movement(odd: Movement) -> None:
    """Every board of a complete movement is scheduled equally often (Law 78A)."""
    broken = replace(odd, board_sets=(*odd.board_sets, (11, 12)))

    assert _messages(broken) == [
        "board 11 is scheduled 0 times, most boards 5 times",
        "board 12 is scheduled 0 times, most boards 5 times",
    ]


def test_pair_playing_a_short_set_has_the_wrong_board_count(odd: Movement) -> None:
    """Every pair plays ``boards_per_round`` boards in every round it plays."""
    sets = list(odd.board_sets)
    sets[0] = (1, 2, 11)
    broken = replace(odd, board_sets=tuple(sets))

    assert "pair 1 plays 11 different boards, not 10" in _messages(broken)
    assert Rule.PAIR_BOARD_COUNT in _rules(broken)


def test_hand_made_two_table_howell_with_relays_passes() -> None:
    """A custom four-pair movement sharing every set is consistent (Law 8A)."""
    rows = [(1, 4, 1, 2, 3), (2, 4, 2, 3, 1), (3, 4, 3, 1, 2)]
    assignments = []
    for r, stationary, moving, ns2, ew2 in rows:
        assignments.append(Assignment(r, 1, stationary, moving, r))
        assignments.append(Assignment(r, 2, ns2, ew2, r, relay_offset=1))
    movement = Movement(
        kind=MovementKind.CUSTOM,
        name="two-table Howell",
        tables=2,
        rounds=3,
        boards_per_round=2,
        board_sets=((1, 2), (3, 4), (5, 6)),
        pairs=(1, 2, 3, 4),
        assignments=tuple(assignments),
        meetings=Meetings.EVERY_PAIR,
        complete=True,
    )

    assert check_movement(movement) is movement
    assert movement.line_of(1) is None
    assert [line.boards for line in movement.guide_card(2)] == [(2, 1), (3, 4), (6, 5)]


def test_howell_style_movement_must_meet_everyone() -> None:
    """A complete every-pair movement where two pairs never meet is refused."""
    movement = Movement(
        kind=MovementKind.CUSTOM,
        name="broken",
        tables=1,
        rounds=1,
        boards_per_round=1,
        board_sets=((1,),),
        pairs=(1, 2),
        assignments=(Assignment(1, 1, 1, 2, 1),),
        meetings=Meetings.EVERY_PAIR,
        complete=True,
        lines=((1, Side.NS), (2, Side.EW)),
    )
    assert find_problems(movement) == ()

    bigger = replace(movement, pairs=(1, 2, 3))

    assert "pair 1 never meets pair 3" in _messages(bigger)
    assert "pair 3 sits nowhere in round 1" in _messages(bigger)
