"""Mitchell movements: odd tables, relay and bye stand, skip, phantom, arrow switch.

Law 8A: the Director directs how pairs and boards move; North takes the boards
to the next table (Law 8A2).
"""

import pytest

from rules.bridge import Side
from rules.errors import LawRef
from tournaments.domain.movements import (
    ArrowSwitch,
    EvenTables,
    InvalidMovement,
    Meetings,
    MovementKind,
    check_movement,
    mitchell,
)


def test_odd_mitchell_moves_ew_up_and_boards_down() -> None:
    """Seven tables: EW pairs go up one table, boards down one (Law 8A)."""
    movement = mitchell(14, boards_per_round=2)

    assert movement.kind is MovementKind.MITCHELL
    assert (movement.tables, movement.rounds, len(movement.board_sets)) == (7, 7, 7)
    first = movement.at(1, 3)
    assert first is not None
    assert (first.ns, first.ew, first.board_set) == (3, 10, 3)
    # Round 2: EW 10 (from table 3) is at table 4; table 3 has the set of table 4.
    second = movement.at(2, 4)
    assert second is not None
    assert second.ew == 10
    third = movement.at(2, 3)
    assert third is not None
    assert third.board_set == 4
    assert movement.phantom is None
    assert movement.complete is True


def test_odd_mitchell_ew_pair_meets_every_ns_pair_and_plays_every_set() -> None:
    """An EW pair plays sets 1, 3, 5, 7, 2, 4, 6: all seven, once each (Law 8A)."""
    movement = mitchell(14, boards_per_round=2)

    card = movement.guide_card(8)

    assert [line.table for line in card] == [1, 2, 3, 4, 5, 6, 7]
    assert [line.opponent for line in card] == [1, 2, 3, 4, 5, 6, 7]
    assert [line.boards[0] for line in card] == [1, 5, 9, 13, 3, 7, 11]
    assert {line.direction for line in card} == {Side.EW}


def test_relay_and_bye_stand_for_even_tables_by_default() -> None:
    """Eight tables, all rounds: relay between tables 1 and 8, bye stand mid-room.

    Decision 0030: with all T rounds played the relay and bye stand is the
    default, since every pair then meets every opponent and plays every set.
    """
    movement = mitchell(16, boards_per_round=4)

    assert movement.name == "Mitchell 8 tables, relay and bye stand"
    assert movement.rounds == 8
    assert movement.tables_with_set(1, 1) == (1, 8)
    assert movement.resting_sets(1) == (8,)
    table_1, table_8 = movement.at(1, 1), movement.at(1, 8)
    assert table_1 is not None
    assert table_8 is not None
    # The two tables relay the set: one starts on its first half, one on its second.
    assert movement.boards_played(table_1) == (1, 2, 3, 4)
    assert movement.boards_played(table_8) == (3, 4, 1, 2)
    check_movement(movement)


def test_relay_bye_stand_sits_between_the_middle_tables() -> None:
    """Boards from table 5 rest on the bye stand, then go to table 4 (Law 8A2)."""
    movement = mitchell(16, boards_per_round=2)

    set_at_5 = movement.at(1, 5)
    assert set_at_5 is not None
    assert movement.resting_sets(2) == (set_at_5.board_set,)
    set_at_4 = movement.at(3, 4)
    assert set_at_4 is not None
    assert set_at_4.board_set == set_at_5.board_set
    # The shared set of tables 1 and 8 goes on to table 7.
    card = movement.table_card(1)
    assert card[0].boards_to == (7,)


def test_each_set_rests_on_the_bye_stand_exactly_once() -> None:
    """Over the complete relay Mitchell every set spends one round on the stand."""
    movement = mitchell(20, boards_per_round=2)

    resting = [movement.resting_sets(r) for r in range(1, movement.rounds + 1)]

    assert all(len(sets) == 1 for sets in resting)
    assert sorted(s for (s,) in resting) == list(range(1, 11))


def test_relay_needs_two_boards_per_round() -> None:
    """One board cannot be split between two tables (Law 8A)."""
    with pytest.raises(InvalidMovement) as caught:
        mitchell(16, boards_per_round=1, even_tables=EvenTables.RELAY)

    assert caught.value.code == "invalid_movement"
    assert caught.value.law == LawRef("8A")
    assert caught.value.message == "a relay needs at least two boards per round"


def test_even_mitchell_with_one_board_defaults_to_the_skip() -> None:
    """With single-board rounds the relay is impossible: the skip is chosen."""
    movement = mitchell(16, boards_per_round=1)

    assert movement.name == "Mitchell 8 tables, skip"
    check_movement(movement)


def test_skip_mitchell_skips_a_table_after_half_the_rounds() -> None:
    """EW pairs play tables 1-4, skip 5, play 6-8: seven rounds, no revenge round."""
    movement = mitchell(16, boards_per_round=3, even_tables=EvenTables.SKIP)

    card = movement.guide_card(9)

    assert movement.rounds == 7
    assert [line.table for line in card] == [1, 2, 3, 4, 6, 7, 8]
    assert 5 not in [line.opponent for line in card]
    assert movement.missed_opponents == 1
    check_movement(movement)


def test_skip_mitchell_refuses_the_revenge_round() -> None:
    """An eighth round would meet the starting opponent again (Law 8A)."""
    with pytest.raises(InvalidMovement) as caught:
        mitchell(16, boards_per_round=3, even_tables=EvenTables.SKIP, rounds=8)

    assert caught.value.message == "this Mitchell has between 1 and 7 rounds, not 8"


def test_curtailed_even_mitchell_uses_the_skip() -> None:
    """A curtailed even Mitchell skips, so boards are played equally often.

    Decision 0030: a curtailed relay would play the shared set twice and the
    resting set not at all in some rounds.
    """
    movement = mitchell(20, boards_per_round=3, rounds=6)

    assert movement.name == "Mitchell 10 tables, skip"
    assert movement.complete is False
    check_movement(movement)


def test_skip_round_can_come_earlier_when_curtailed() -> None:
    """With R rounds the skip may come after round R - T/2 at the earliest."""
    movement = mitchell(28, boards_per_round=2, rounds=10, skip_after=3)
    check_movement(movement)

    with pytest.raises(InvalidMovement) as caught:
        mitchell(28, boards_per_round=2, rounds=10, skip_after=2)

    assert caught.value.message == "with 10 rounds the skip comes after round 3 to 7"


def test_half_table_phantom_is_the_last_ns_pair_by_default() -> None:
    """Thirteen pairs: NS 7 is the phantom; each EW pair sits out once at table 7."""
    movement = mitchell(13, boards_per_round=2)

    assert movement.phantom == 7
    assert movement.real_pairs == (1, 2, 3, 4, 5, 6, *range(8, 15))
    for pair in range(8, 15):
        card = movement.guide_card(pair)
        sit_outs = [line for line in card if line.sits_out]
        assert len(sit_outs) == 1
        assert sit_outs[0].table == 7
        assert sit_outs[0].boards == ()
    assert all(not line.sits_out for line in movement.guide_card(1))
    check_movement(movement)


def test_phantom_can_be_a_moving_ew_pair() -> None:
    """With the phantom EW, each NS pair sits out once instead."""
    movement = mitchell(13, boards_per_round=2, phantom_line=Side.EW)

    assert movement.phantom == 14
    for pair in range(1, 8):
        assert sum(line.sits_out for line in movement.guide_card(pair)) == 1
    check_movement(movement)


def test_phantom_at_a_relay_table_removes_the_relay() -> None:
    """Fifteen pairs on eight tables: table 8 is the sit-out, table 1 plays alone."""
    movement = mitchell(15, boards_per_round=2)

    assert movement.phantom == 8
    line = movement.table_card(8)[0]
    assert line.sit_out is True
    assert line.boards == ()
    check_movement(movement)


def test_arrow_switch_on_the_last_round_swaps_the_lines() -> None:
    """In an arrow-switched round the NS-line pair sits EW (one winner)."""
    movement = mitchell(14, boards_per_round=2, arrow_switch=ArrowSwitch(last=1))

    last = movement.at(7, 1)
    assert last is not None
    assert last.arrow_switched is True
    assert last.ew == 1
    assert movement.line_of(1) is Side.NS
    card = movement.guide_card(1)
    assert [line.direction for line in card][-2:] == [Side.NS, Side.EW]
    assert card[-1].arrow_switched is True
    assert movement.name.endswith("arrow switch")
    check_movement(movement)


def test_arrow_switch_every_third_round() -> None:
    """``every=3`` switches rounds 3 and 6 of seven."""
    movement = mitchell(14, boards_per_round=2, arrow_switch=ArrowSwitch(every=3))

    switched = sorted({a.round for a in movement.assignments if a.arrow_switched})

    assert switched == [3, 6]
    check_movement(movement)


def test_arrow_switch_rounds_helper() -> None:
    """Last, every-nth and explicit rounds combine, within the movement."""
    assert ArrowSwitch(last=2).rounds(9) == {8, 9}
    assert ArrowSwitch(every=4).rounds(9) == {4, 8}
    assert ArrowSwitch(explicit=(1, 12)).rounds(9) == {1}
    assert ArrowSwitch(last=20).rounds(3) == {1, 2, 3}


def test_mitchell_boards_are_numbered_in_sets_from_the_first_board() -> None:
    """Set 1 holds boards 1..k unless a later first board is asked for."""
    movement = mitchell(10, boards_per_round=3, first_board=16)

    assert movement.boards_of(1) == (16, 17, 18)
    assert movement.boards[-1] == 30
    assert movement.meetings is Meetings.OTHER_LINE


@pytest.mark.parametrize(
    ("pairs", "boards", "message"),
    [
        (4, 2, "a Mitchell needs at least five pairs (three tables)"),
        (10, 0, "a round needs at least one board"),
    ],
)
def test_impossible_mitchell_is_refused(pairs: int, boards: int, message: str) -> None:
    """Parameters that describe no Mitchell are refused, naming why (Law 8A)."""
    with pytest.raises(InvalidMovement) as caught:
        mitchell(pairs, boards_per_round=boards)

    assert caught.value.message == message
    assert str(caught.value.law) == "Law 8A"


def test_more_rounds_than_the_movement_has_are_refused() -> None:
    """Seven tables give at most seven rounds."""
    with pytest.raises(InvalidMovement) as caught:
        mitchell(14, boards_per_round=2, rounds=8)

    assert caught.value.message == "this Mitchell has between 1 and 7 rounds, not 8"
