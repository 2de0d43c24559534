"""Round robin from the Berger tables, home and away balanced (FIGB N-L4 §1)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LawRef
from tournaments.domain.movements import (
    InvalidMovement,
    check_round_robin,
    round_robin,
    round_robin_problems,
)


def _table(participants: int) -> list[list[tuple[int, int]]]:
    schedule = round_robin(participants)
    return [
        [(m.home, m.away) for m in schedule.round_matches(r)]
        for r in range(1, schedule.rounds + 1)
    ]


def test_six_teams_follow_the_published_berger_table() -> None:
    """Berger table for 6: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / ..."""
    assert _table(6) == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_four_and_eight_teams_follow_the_berger_tables() -> None:
    """Berger tables for 4 and the first rounds for 8."""
    assert _table(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    eight = _table(8)
    assert eight[0] == [(1, 8), (2, 7), (3, 6), (4, 5)]
    assert eight[1] == [(8, 5), (6, 4), (7, 3), (1, 2)]
    assert eight[6] == [(4, 8), (5, 3), (6, 2), (7, 1)]


def test_odd_field_gives_the_dummy_opponent_a_bye() -> None:
    """Five teams: the Berger table for six, team 6 a dummy; one bye a round."""
    schedule = round_robin(5)

    assert schedule.rounds == 5
    assert [schedule.bye(r) for r in range(1, 6)] == [1, 4, 2, 5, 3]
    assert all(len(schedule.round_matches(r)) == 2 for r in range(1, 6))
    check_round_robin(schedule)


def test_home_team_sits_ns_in_the_open_room() -> None:
    """N-L4 §1: home NS in the open room, EW in the closed room; home listed first."""
    match = round_robin(4).round_matches(1)[0]

    assert (match.home, match.away) == (1, 4)
    assert match.open_room_ns == 1
    assert match.closed_room_ns == 4
    assert (match.ns, match.ew) == (1, 4)


def test_second_leg_reverses_home_and_away() -> None:
    """A double round robin plays every match again with roles swapped."""
    schedule = round_robin(4, legs=2)

    assert schedule.rounds == 6
    first = [(m.home, m.away) for m in schedule.round_matches(1)]
    fourth = [(m.away, m.home) for m in schedule.round_matches(4)]
    assert first == fourth
    assert all(schedule.home_count(p) == 3 for p in schedule.participants)
    check_round_robin(schedule)


@pytest.mark.parametrize(("participants", "legs"), [(1, 1), (4, 3)])
def test_impossible_round_robin_is_refused(participants: int, legs: int) -> None:
    """Fewer than two participants, or more than two legs, is no round robin."""
    with pytest.raises(InvalidMovement) as caught:
        round_robin(participants, legs=legs)

    assert caught.value.code == "invalid_movement"
    assert caught.value.law == LawRef("8A")


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 20), st.integers(1, 2))
def test_round_robin_of_3_to_20_is_consistent(participants: int, legs: int) -> None:
    """Everyone meets everyone ``legs`` times; home and away within one (N-L4 §1)."""
    schedule = round_robin(participants, legs=legs)

    assert round_robin_problems(schedule) == ()
    for p in schedule.participants:
        assert abs(schedule.home_count(p) - schedule.away_count(p)) <= 1
        assert len(schedule.fixtures(p)) == legs * (participants - 1)
