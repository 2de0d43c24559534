"""Danese turns from the standings, the Art. 20 seat swap, and Art. 39's
lateness: the warning, the bonus before the VP lookup, the forfeit.

F.I.Bur. Codice di Gara, April 2024 edition, Arts. 2, 20, 39.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from functools import reduce

import pytest

from burraco import domain as b
from rules.errors import DomainError

T0 = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
SIX = (1, 2, 3, 4, 5, 6)


def run(state: b.BurracoState, *commands: b.BurracoCommand) -> b.BurracoState:
    for command in commands:
        events = b.decide(state, command, T0, entries=SIX)
        state = reduce(b.evolve, events, state)
    return state


def hand(fb: int, fp: int, mb: int, mp: int) -> b.SheetHand:
    return b.SheetHand(fixed_base=fb, fixed_points=fp, mobile_base=mb, mobile_points=mp)


def seats(state: b.BurracoState, turn: int) -> list[tuple[int, int]]:
    return [(p.fixed, p.mobile) for p in state.positions[turn]]


def turn_one(hands_per_turn: int = 2) -> b.BurracoState:
    """Turn 1 (Mitchell) of a 1 Mitchell + 2 Danese event: 1 beats 4 by 305,
    5 beats 2 by 100, 3 and 6 draw."""
    return run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(),
            hands_per_turn=hands_per_turn,
            turns=3,
            mitchell_turns=1,
        ),
        b.FormLines(),
        b.PublishPositions(turn=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(305, 0, 0, 0),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0, 100, 0),)),
        b.EnterScoreSheet(turn=1, table=3, hands=(hand(0, 0, 0, 0),)),
    )


def test_a_danese_turn_pairs_first_with_second_from_the_standings() -> None:
    """Art. 2, Danese puro: 1st v 2nd, 3rd v 4th, ..."""
    state = run(turn_one(), b.PublishPositions(turn=2))
    order = [s.pair for s in b.standings_after(state, 1)]
    assert order == [1, 5, 3, 6, 2, 4]
    assert seats(state, 2) == [(1, 5), (3, 6), (2, 4)]


def test_an_inversion_swaps_the_two_pairs_seats_in_the_danese_turn() -> None:
    """Art. 20: after the new positions, only the two pairs' seats swap; the
    standings shown are not reworked."""
    state = run(
        turn_one(),
        b.PublishPositions(turn=2),
        b.InvertScore(turn=1, table=1, pairs_confirmed=True),
    )
    assert seats(state, 2) == [(4, 5), (3, 6), (2, 1)]
    assert b.standings_after(state, 1)[0].pair == 1
    assert b.standings_after(state, 2)[0].pair == 4


def test_no_swap_once_a_table_of_the_pair_has_its_result() -> None:
    state = run(
        turn_one(),
        b.PublishPositions(turn=2),
        b.EnterScoreSheet(turn=2, table=1, hands=(hand(0, 0, 0, 0),)),
        b.InvertScore(turn=1, table=1, pairs_confirmed=True),
    )
    assert seats(state, 2) == [(1, 5), (3, 6), (2, 4)]


def test_a_warning_within_two_minutes_and_the_second_costs_a_vp() -> None:
    """Art. 39 and Definizioni."""
    state = run(
        turn_one(),
        b.IssueWarning(pair=3, turn=1, article=19, reason="sheet left on the table"),
        b.PublishPositions(turn=2),
        b.RecordLateness(turn=2, table=2, pair=3, seconds=90),
    )
    assert [w.article for w in state.warnings] == [
        "Codice di Gara Art. 19",
        "Codice di Gara Art. 39",
    ]
    three = next(s for s in b.standings_after(state, 2) if s.pair == 3)
    assert (three.turn_vp, three.deduction, three.vp) == (10, 1, 9)


def test_the_bonus_goes_to_the_opponents_before_the_vp_lookup() -> None:
    """Art. 39: 3 minutes late, +150 MP to the side present."""
    state = run(
        turn_one(),
        b.PublishPositions(turn=2),
        b.RecordLateness(turn=2, table=1, pair=1, seconds=180),
        b.EnterScoreSheet(turn=2, table=1, hands=(hand(0, 0, 0, 0),)),
    )
    result = state.results[(2, 1)]
    assert (result.fixed_mp, result.mobile_mp) == (0, 150)
    assert (result.fixed_vp, result.mobile_vp) == (8, 12)  # 125-200: 12-8


def test_beyond_ten_minutes_the_side_present_wins_the_forfeit() -> None:
    """Art. 39: 14-6 and 305 MP with two hands; the sheet is refused."""
    state = run(
        turn_one(),
        b.PublishPositions(turn=2),
        b.RecordLateness(turn=2, table=2, pair=6, seconds=601),
    )
    result = state.results[(2, 2)]
    assert result.awarded is True
    assert (result.for_pair(3, 2), result.for_pair(6, 2)) == ((14, 305), (6, -305))
    with pytest.raises(DomainError) as refused:
        b.decide(state, b.EnterScoreSheet(turn=2, table=2, hands=()), T0)
    assert (refused.value.code, str(refused.value.law)) == (
        "sheet_already_entered",
        "Codice di Gara Art. 39",
    )
    both = run(state, b.RecordLateness(turn=2, table=2, pair=3, seconds=700))
    assert both.results[(2, 2)].for_pair(3, 2) == (6, -305)
    assert both.results[(2, 2)].for_pair(6, 2) == (6, -305)


def test_a_lost_sheet_is_7_7_and_a_sheet_found_in_play_restores_it() -> None:
    """Art. 19: 7-7 with the equivalent MP (-205 with two hands), then the
    real score once the sheet is found."""
    state = run(turn_one(), b.PublishPositions(turn=2))
    state = run(state, b.RecordLostSheet(turn=2, table=3))
    lost = state.results[(2, 3)]
    assert (lost.awarded, lost.award_article) == (True, "Codice di Gara Art. 19")
    assert lost.for_pair(lost.fixed, 2) == (7, -205)
    found = run(state, b.EnterScoreSheet(turn=2, table=3, hands=(hand(305, 0, 0, 0),)))
    assert found.results[(2, 3)].for_pair(lost.fixed, 2) == (14, 305)


def test_a_sheet_found_after_the_next_positions_counts_from_the_next_turn() -> None:
    """Art. 19 with Art. 20's timing (decision 0123): the 7-7 stays in the
    standings already shown."""
    state = run(
        turn_one(),
        b.PublishPositions(turn=2),
        b.RecordLostSheet(turn=2, table=3),
        b.EnterScoreSheet(turn=2, table=1, hands=(hand(0, 0, 0, 0),)),
        b.EnterScoreSheet(turn=2, table=2, hands=(hand(0, 0, 0, 0),)),
        b.PublishPositions(turn=3),
    )
    pair = state.results[(2, 3)].fixed
    state = run(state, b.EnterScoreSheet(turn=2, table=3, hands=(hand(305, 0, 0, 0),)))
    assert state.results[(2, 3)].for_pair(pair, 2) == (7, -205)
    assert state.results[(2, 3)].for_pair(pair, 3) == (14, 305)
    with pytest.raises(DomainError) as refused:
        run(state, b.EnterScoreSheet(turn=2, table=3, hands=(hand(0, 0, 0, 0),)))
    assert refused.value.code == "turn_not_current"  # found once, entered once
