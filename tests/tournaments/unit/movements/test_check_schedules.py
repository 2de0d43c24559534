"""Broken round robin schedules and Swiss rounds are refused (Law 8A; N-L4 §1)."""

from dataclasses import replace

import pytest

from rules.errors import LawRef
from tournaments.domain.movements import (
    InconsistentMovement,
    Match,
    Rule,
    SwissMatch,
    SwissRound,
    check_round_robin,
    check_swiss_round,
    round_robin,
    round_robin_problems,
    swiss_round_problems,
)


def test_round_robin_with_a_team_playing_twice_in_a_round() -> None:
    """A team plays at most once a round."""
    schedule = round_robin(4)
    broken = replace(schedule, matches=(*schedule.matches, Match(1, 3, 1, 3)))

    problems = round_robin_problems(broken)

    messages = [p.message for p in problems]
    assert "participant 1 plays 2 times in round 1" in messages
    assert "participant 1 meets participant 3 2 times" in messages


def test_round_robin_missing_a_match() -> None:
    """Every two participants meet once a leg; the dropped match is named."""
    schedule = round_robin(4)
    broken = replace(schedule, matches=schedule.matches[1:])

    with pytest.raises(InconsistentMovement) as caught:
        check_round_robin(broken)

    assert caught.value.message == "participant 1 meets participant 4 0 times, not 1"
    assert caught.value.code == "inconsistent_movement"
    assert caught.value.law == LawRef("8A")


def test_round_robin_home_and_away_out_of_balance() -> None:
    """Home and away roles about equally often (N-L4 §1)."""
    schedule = round_robin(4)
    all_home = tuple(
        Match(m.round, m.table, min(m.home, m.away), max(m.home, m.away))
        for m in schedule.matches
    )

    problems = round_robin_problems(replace(schedule, matches=all_home))

    assert {p.rule for p in problems} == {Rule.HOME_AWAY_BALANCE}
    assert problems[0].message == "participant 1 is home 3 times and away 0 times"


def test_round_robin_byes_counted_for_odd_fields() -> None:
    """In an odd field each participant has one bye a leg."""
    schedule = round_robin(5)
    extra_round = replace(
        schedule,
        rounds=6,
        matches=(*schedule.matches, Match(6, 1, 1, 2)),
    )

    messages = [p.message for p in round_robin_problems(extra_round)]

    assert "participant 3 has 2 byes, not 1" in messages


def _round(*pairs: tuple[int, int], bye: int | None = None) -> SwissRound:
    return SwissRound(
        matches=tuple(SwissMatch(t, h, a) for t, (h, a) in enumerate(pairs, 1)), bye=bye
    )


def test_swiss_round_with_a_repeat_meeting() -> None:
    """A Swiss round repeats no meeting; a Danish one may."""
    pairing = _round((1, 2), (3, 4))

    problems = swiss_round_problems(pairing, {1, 2, 3, 4}, played=[(2, 1)])

    assert [p.message for p in problems] == ["participant 1 meets participant 2 again"]
    assert (
        swiss_round_problems(
            pairing, {1, 2, 3, 4}, played=[(2, 1)], repeats_allowed=True
        )
        == ()
    )


def test_swiss_round_leaving_someone_out() -> None:
    """Everyone is paired once, or has the bye."""
    with pytest.raises(InconsistentMovement) as caught:
        check_swiss_round(_round((1, 2)), {1, 2, 3, 4})

    assert caught.value.message == "participant 3 is paired nowhere (and 1 more)"


def test_swiss_bye_only_in_odd_fields_and_not_twice() -> None:
    """A bye exactly when the field is odd; no second bye while others lack one."""
    even = swiss_round_problems(_round((1, 2), bye=3), {1, 2, 3, 4})
    assert "a bye is given exactly when the field is odd" in [p.message for p in even]

    second = swiss_round_problems(_round((1, 2), bye=3), {1, 2, 3}, had_bye={3})
    assert [p.message for p in second] == [
        "participant 3 has a second bye before others"
    ]

    fine = swiss_round_problems(_round((1, 2), bye=3), {1, 2, 3}, had_bye={1, 2, 3})
    assert fine == ()


def test_swiss_round_with_a_stranger() -> None:
    """Only the participants of the field are paired."""
    problems = swiss_round_problems(_round((1, 9)), {1, 2})

    assert [p.rule for p in problems] == [Rule.PAIR_SEATED, Rule.SHAPE]
