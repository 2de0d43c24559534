"""Complete Howell movements: every pair meets every other pair once (Law 8A)."""

from itertools import combinations

import pytest

from rules.errors import LawRef
from tournaments.domain.movements import (
    InvalidMovement,
    Meetings,
    MovementKind,
    check_movement,
    howell,
)
from tournaments.domain.movements.howell import (
    _ADDER_9,
    _STARTER_9,
    _STRONG_STARTERS,
)


def test_eight_pair_howell_shape() -> None:
    """Eight pairs: four tables, seven rounds, seven sets; pair 8 stays NS at table 1."""
    movement = howell(8, boards_per_round=3)

    assert movement.kind is MovementKind.HOWELL
    assert movement.meetings is Meetings.EVERY_PAIR
    assert (movement.tables, movement.rounds, len(movement.board_sets)) == (4, 7, 7)
    card = movement.guide_card(8)
    assert {line.table for line in card} == {1}
    assert {line.direction.value for line in card} == {"NS"}
    assert [line.opponent for line in card] == [1, 2, 3, 4, 5, 6, 7]
    check_movement(movement)


@pytest.mark.parametrize("pairs", [4, 6, 8, 10, 12, 14, 16])
def test_every_pair_meets_every_other_exactly_once(pairs: int) -> None:
    """Over the complete Howell each two pairs meet exactly once (Law 8A)."""
    movement = howell(pairs, boards_per_round=4)

    meetings = sorted(tuple(sorted((a.ns, a.ew))) for a in movement.assignments)

    assert meetings == list(combinations(range(1, pairs + 1), 2))


@pytest.mark.parametrize("pairs", [4, 6, 8, 10, 12, 14, 16])
def test_every_pair_plays_every_board_once(pairs: int) -> None:
    """Each pair plays each of the 2n - 1 sets exactly once (Law 15B)."""
    movement = howell(pairs, boards_per_round=3)

    for pair in movement.pairs:
        played = [b for line in movement.guide_card(pair) for b in line.boards]
        assert sorted(played) == list(movement.boards)


def test_ten_pair_howell_uses_no_relay() -> None:
    """Ten pairs (Z_9 has no strong starter): still five different sets a round."""
    movement = howell(10, boards_per_round=2)

    for r in range(1, movement.rounds + 1):
        sets = [a.board_set for a in movement.round_assignments(r)]
        assert len(set(sets)) == 5
    check_movement(movement)


def test_four_pair_howell_shares_every_set_between_both_tables() -> None:
    """Two tables: both play the round's set, relayed half and half."""
    movement = howell(4, boards_per_round=4)

    for r in range(1, 4):
        table_1, table_2 = movement.round_assignments(r)
        assert table_1.board_set == table_2.board_set == r
        assert (
            movement.boards_played(table_2)[:2] == movement.boards_played(table_1)[2:]
        )
    check_movement(movement)


def test_six_pair_howell_relays_one_set_between_three_tables() -> None:
    """No Room square of side 5: one round has all three tables on one set."""
    movement = howell(6, boards_per_round=3)

    shared = [
        r
        for r in range(1, 6)
        if len({a.board_set for a in movement.round_assignments(r)}) < 3
    ]

    assert len(shared) == 1
    offsets = sorted(a.relay_offset for a in movement.round_assignments(shared[0]))
    assert offsets == [0, 1, 2]
    check_movement(movement)


def test_six_pair_howell_needs_three_boards_per_round() -> None:
    """Three tables cannot relay a set of two boards."""
    with pytest.raises(InvalidMovement) as caught:
        howell(6, boards_per_round=2)

    assert caught.value.message == (
        "a Howell for 6 pairs relays a set between 3 tables: at least 3 boards per round"
    )


def test_odd_number_of_pairs_sits_out_at_table_one() -> None:
    """Nine pairs: pair 10 is the phantom; every pair sits out once, at table 1."""
    movement = howell(9, boards_per_round=3)

    assert movement.phantom == 10
    for pair in movement.real_pairs:
        sit_outs = [line for line in movement.guide_card(pair) if line.sits_out]
        assert len(sit_outs) == 1
        assert sit_outs[0].table == 1
    check_movement(movement)


def test_curtailed_howell_has_no_repeats() -> None:
    """Fewer rounds: no pair meets another twice, no board is played twice."""
    movement = howell(12, boards_per_round=2, rounds=7)

    assert movement.complete is False
    assert movement.rounds == 7
    check_movement(movement)


@pytest.mark.parametrize(
    ("pairs", "rounds", "message"),
    [
        (2, None, "a Howell here is for 3 to 40 pairs, not 2"),
        (41, None, "a Howell here is for 3 to 40 pairs, not 41"),
        (8, 8, "this Howell has between 1 and 7 rounds, not 8"),
    ],
)
def test_impossible_howell_is_refused(
    pairs: int, rounds: int | None, message: str
) -> None:
    """Parameters that describe no Howell are refused, naming why (Law 8A)."""
    with pytest.raises(InvalidMovement) as caught:
        howell(pairs, boards_per_round=2, rounds=rounds)

    assert caught.value.code == "invalid_movement"
    assert caught.value.law == LawRef("8A")
    assert caught.value.message == message


@pytest.mark.parametrize("m", sorted(_STRONG_STARTERS))
def test_frozen_starters_are_strong(m: int) -> None:
    """Each frozen starter partitions Z_m without 0; differences all, sums distinct."""
    starter = _STRONG_STARTERS[m]

    elements = sorted(x for pair in starter for x in pair)
    differences = sorted(d for x, y in starter for d in ((x - y) % m, (y - x) % m))
    sums = [(x + y) % m for x, y in starter]

    assert elements == list(range(1, m))
    assert differences == list(range(1, m))
    assert 0 not in sums
    assert len(set(sums)) == len(sums)


def test_starter_and_adder_of_z9_form_a_room_square() -> None:
    """For Z_9 the adder is distinct, non-zero, and x - a, y - a cover Z_9 \\ {0}."""
    covered = sorted(
        e
        for (x, y), a in zip(_STARTER_9, _ADDER_9, strict=True)
        for e in ((x - a) % 9, (y - a) % 9)
    )

    assert covered == list(range(1, 9))
    assert len(set(_ADDER_9)) == 4
    assert 0 not in _ADDER_9


def test_howell_is_the_same_every_time() -> None:
    """A movement never changes once used: the generator is deterministic."""
    assert howell(14, boards_per_round=2) == howell(14, boards_per_round=2)
