"""Rests at an incomplete table: an odd field (Art. 39: a pair rests once a
session, credited the article's list: 14 VP and 305 MP with two hands;
decision 0146)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from functools import reduce

import pytest

from burraco import domain as b
from burraco.domain.errors import InvalidLines
from burraco.domain.movement import calendar_with_rest, danese_with_rest

T0 = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def run(
    state: b.BurracoState, *commands: b.BurracoCommand, pairs: int = 5
) -> b.BurracoState:
    for command in commands:
        events = b.decide(state, command, T0, entries=range(1, pairs + 1))
        state = reduce(b.evolve, events, state)
    return state


def sheets(state: b.BurracoState, turn: int) -> list[b.EnterScoreSheet]:
    hand = b.SheetHand(fixed_base=0, fixed_points=50, mobile_base=0, mobile_points=0)
    return [
        b.EnterScoreSheet(turn=turn, table=p.table, hands=(hand,))
        for p in state.positions[turn]
        if b.REST not in (p.fixed, p.mobile)
    ]


def test_a_mitchell_of_five_pairs_rests_each_fixed_pair_once() -> None:
    state = run(
        b.INITIAL,
        b.OpenBurraco(tournament_id=uuid.uuid4(), hands_per_turn=2, turns=3),
        b.FormLines(),
    )
    assert (state.fixed, state.mobile) == ((1, 2, 3), (4, 5, b.REST))
    resting = []
    for turn in (1, 2, 3):
        state = run(state, b.PublishPositions(turn=turn))
        [rest] = [p for p in state.positions[turn] if b.REST in (p.fixed, p.mobile)]
        resting.append(rest.fixed)
        award = state.results[(turn, rest.table)]
        assert (award.fixed_vp, award.fixed_mp, award.award_article) == (
            14,
            305,
            "Codice di Gara Art. 39",
        )
        state = run(state, *sheets(state, turn))
        assert state.turn_complete(turn) is True
    assert resting == [3, 1, 2]
    standings = b.standings_after(state, 3)
    assert sorted(s.pair for s in standings) == [1, 2, 3, 4, 5]
    assert [s.turns for s in standings if s.pair in (1, 2, 3)] == [3, 3, 3]


def test_a_danese_rest_goes_to_the_lowest_pair_not_rested_this_session() -> None:
    assert danese_with_rest((5, 4, 3, 2, 1), lambda pair: pair != 1)[-1] == b.Position(
        table=3, fixed=2, mobile=b.REST
    )
    with pytest.raises(InvalidLines) as caught:
        danese_with_rest((3, 2, 1), lambda pair: False)
    assert str(caught.value.law) == "Codice di Gara Art. 39"


def test_a_danese_turn_after_a_mitchell_rests_another_pair() -> None:
    state = run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(), hands_per_turn=2, turns=2, mitchell_turns=1
        ),
        b.FormLines(),
        b.PublishPositions(turn=1),
    )
    state = run(state, *sheets(state, 1))
    state = run(state, b.PublishPositions(turn=2))
    rests = [p.fixed for t in (1, 2) for p in state.positions[t] if p.mobile == b.REST]
    assert len(set(rests)) == 2  # never the same pair twice in the session


def test_a_new_session_lets_a_pair_rest_again() -> None:
    state = run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(),
            hands_per_turn=2,
            turns=4,
            mitchell_turns=1,
            session_turns=2,
        ),
        b.FormLines(),
        b.PublishPositions(turn=1),
    )
    for turn in (1, 2, 3):
        state = run(state, *sheets(state, turn), b.PublishPositions(turn=turn + 1))
    assert [state.session_of(t) for t in (1, 2, 3, 4)] == [0, 0, 1, 1]
    for turn in (1, 2, 3, 4):
        [rest] = [p for p in state.positions[turn] if p.mobile == b.REST]
        assert state.rested(rest.fixed, turn) is False


def test_an_odd_calendar_rests_each_pair_once() -> None:
    pairs = (1, 2, 3, 4, 5)
    rests = []
    for round_ in range(1, 6):
        seats = calendar_with_rest(pairs, round_)
        assert seats[-1].mobile == b.REST
        rests.append(seats[-1].fixed)
    assert sorted(rests) == [1, 2, 3, 4, 5]


def test_a_pair_that_abandons_meets_no_one_and_its_opponents_win() -> None:
    """Art. 38: the Mitchell opponents it would have met win (14 VP +305
    with two hands, digest Q4); the Danese pairs it no more (an odd field:
    a rest)."""
    state = run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(), hands_per_turn=2, turns=3, mitchell_turns=2
        ),
        b.FormLines(),
        b.PublishPositions(turn=1),
        pairs=6,
    )
    state = run(
        state, *sheets(state, 1), b.RecordAbandonment(pair=4, reason="ill"), pairs=6
    )
    state = run(state, b.PublishPositions(turn=2), pairs=6)
    [gone] = [p for p in state.positions[2] if 4 in (p.fixed, p.mobile)]
    award = state.results[(2, gone.table)]
    assert (award.fixed, award.mobile) == (2, 4)
    assert (award.fixed_vp, award.fixed_mp, award.mobile_vp, award.mobile_mp) == (
        14,
        305,
        0,
        -305,
    )
    state = run(state, *[s for s in sheets(state, 2) if s.table != gone.table], pairs=6)
    state = run(state, b.PublishPositions(turn=3), pairs=6)
    seated = [x for p in state.positions[3] for x in (p.fixed, p.mobile)]
    assert sorted(seated) == [b.REST, 1, 2, 3, 5, 6]
