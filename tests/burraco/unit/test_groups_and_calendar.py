"""Merit groups and the all'italiana calendar (Art. 2, Art. 20; decision 0145)."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco import domain as b
from burraco.domain.errors import InvalidLines
from burraco.domain.movement import round_robin_positions


@given(st.integers(min_value=2, max_value=300), st.integers(min_value=2, max_value=26))
def test_even_sizes_share_the_tables_and_hold_the_field(
    pairs: int, groups: int
) -> None:
    if pairs // 2 < groups:
        return
    sizes = b.even_sizes(pairs, groups)
    assert sum(sizes) == pairs
    assert len(sizes) == groups
    tables = [size // 2 for size in sizes]
    assert max(tables) - min(tables) <= 1
    assert tables == sorted(tables, reverse=True)  # the upper groups take the extra
    assert all(size % 2 == 0 for size in sizes[:-1])


def test_fifty_tables_in_two_groups_and_in_three() -> None:
    assert b.even_sizes(100, 2) == (50, 50)
    assert b.even_sizes(100, 3) == (34, 34, 32)


@given(st.lists(st.integers(1, 400), min_size=4, max_size=60, unique=True))
def test_groups_cut_the_order_and_danese_seats_each_group_apart(
    order: list[int],
) -> None:
    if len(order) % 4:
        return
    half = len(order) // 2
    groups = b.form_groups(tuple(order), (half, half))
    assert groups == (tuple(order[:half]), tuple(order[half:]))
    positions = b.group_positions(tuple(order), groups)
    assert [p.table for p in positions] == list(range(1, len(order) // 2 + 1))
    for p in positions:
        same = [g for g in groups if p.fixed in g and p.mobile in g]
        assert len(same) == 1
        assert order.index(p.fixed) < order.index(p.mobile)


def test_groups_must_hold_the_field() -> None:
    with pytest.raises(InvalidLines) as caught:
        b.form_groups((1, 2, 3, 4, 5, 6), (4, 4))
    assert (caught.value.code, str(caught.value.law)) == (
        "invalid_lines",
        "Codice di Gara Art. 20",
    )


@settings(max_examples=40)
@given(st.integers(min_value=1, max_value=15))
def test_a_round_robin_meets_every_pair_once(half: int) -> None:
    pairs = tuple(range(101, 101 + 2 * half))
    met: list[frozenset[int]] = []
    for round_ in range(1, len(pairs)):
        positions = round_robin_positions(pairs, round_)
        seated = [p.fixed for p in positions] + [p.mobile for p in positions]
        assert sorted(seated) == list(pairs)
        met.extend(frozenset((p.fixed, p.mobile)) for p in positions)
    assert sorted(met, key=sorted) == sorted(
        (frozenset(c) for c in combinations(pairs, 2)), key=sorted
    )


def test_a_four_pair_calendar() -> None:
    rounds = [
        [(p.table, p.fixed, p.mobile) for p in round_robin_positions((1, 2, 3, 4), r)]
        for r in (1, 2, 3)
    ]
    assert rounds == [
        [(1, 1, 4), (2, 2, 3)],
        [(1, 3, 1), (2, 4, 2)],
        [(1, 1, 2), (2, 3, 4)],
    ]


def _run(
    state: b.BurracoState, *commands: b.BurracoCommand, now: object = None
) -> b.BurracoState:
    from datetime import UTC, datetime, timedelta
    from functools import reduce

    at = datetime(2026, 11, 26, 20, 0, tzinfo=UTC) + timedelta(hours=1 if now else 0)
    for command in commands:
        events = b.decide(state, command, at, entries=range(1, 9))
        state = reduce(b.evolve, events, state)
    return state


def _draws(turn: int, tables: int) -> tuple[b.EnterScoreSheet, ...]:
    """Table t's fixed line wins by 5 t (all 10-10 or 11-9 on two hands)."""
    return tuple(
        b.EnterScoreSheet(
            turn=turn,
            table=t,
            hands=(
                b.SheetHand(
                    fixed_base=0, fixed_points=50 * t, mobile_base=0, mobile_points=0
                ),
            ),
        )
        for t in range(1, tables + 1)
    )


def test_a_single_group_all_italiana_meets_every_pair_once() -> None:
    import uuid

    state = _run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(),
            hands_per_turn=2,
            turns=7,
            movement=b.Movement.ITALIANA,
        ),
        b.FormLines(),
    )
    met: set[frozenset[int]] = set()
    for turn in range(1, 8):
        state = _run(state, b.PublishPositions(turn=turn), *_draws(turn, 4))
        met |= {frozenset((p.fixed, p.mobile)) for p in state.positions[turn]}
    assert len(met) == 28


def test_merit_groups_play_their_own_calendar() -> None:
    import uuid

    state = _run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(),
            hands_per_turn=2,
            turns=4,
            mitchell_turns=1,
            split_after=1,
            group_movement=b.GroupMovement.ITALIANA,
        ),
        b.FormLines(),
        b.PublishPositions(turn=1),
        *_draws(1, 4),
        b.PublishProvisionalStandings(),
    )
    state = _run(state, b.SplitIntoGroups(), now=True)
    # Turn 1: 1-5 (+50), 2-6 (+100), 3-7 (+150), 4-8 (+200): 11-9 at every
    # table (12-8 for 4); MP order the rest.
    assert state.groups == ((4, 3, 2, 1), (5, 6, 7, 8))
    met: set[frozenset[int]] = set()
    for turn in (2, 3, 4):
        state = _run(state, b.PublishPositions(turn=turn), *_draws(turn, 4), now=True)
        for p in state.positions[turn]:
            assert state.group_of(p.fixed) == state.group_of(p.mobile)
            met.add(frozenset((p.fixed, p.mobile)))
    assert len(met) == 12
    assert [s.group for s in b.standings_after(state, 4)] == ["A"] * 4 + ["B"] * 4


def test_a_sheet_lost_in_the_single_group_is_not_restored_in_the_groups() -> None:
    """Art. 19: lost in the single group, found in the merit groups: the 7-7
    stands."""
    import uuid

    state = _run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(),
            hands_per_turn=2,
            turns=2,
            mitchell_turns=1,
            split_after=1,
        ),
        b.FormLines(),
        b.PublishPositions(turn=1),
        b.RecordLostSheet(turn=1, table=1),
        *_draws(1, 4)[1:],
        b.PublishProvisionalStandings(),
    )
    state = _run(state, b.SplitIntoGroups(), b.PublishPositions(turn=2), now=True)
    found = b.EnterScoreSheet(turn=1, table=1, hands=_draws(1, 1)[0].hands)
    with pytest.raises(b.CorrectionWindowClosed) as caught:
        b.decide(state, found, datetime(2026, 11, 26, 21, 0, tzinfo=UTC))
    assert str(caught.value.law) == "Codice di Gara Art. 19"
    award = state.results[(1, 1)]
    assert (award.fixed_vp, award.mobile_vp) == (7, 7)
