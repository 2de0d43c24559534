"""The burraco stream's decide and evolve, and the standings (pure).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (Mitchell), Art. 18
(multiples of 5), Art. 20 (the windows), Le tabelle (2-hand VP).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from functools import reduce

import pytest

from burraco import domain as b
from rules.errors import DomainError

T0 = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def run(
    state: b.BurracoState,
    *commands: b.BurracoCommand,
    now: datetime = T0,
    entries: tuple[int, ...] = (1, 2, 3, 4),
) -> b.BurracoState:
    for command in commands:
        events = b.decide(state, command, now, entries=entries)
        state = reduce(b.evolve, events, state)
    return state


def hand(fb: int, fp: int, mb: int, mp: int) -> b.SheetHand:
    return b.SheetHand(fixed_base=fb, fixed_points=fp, mobile_base=mb, mobile_points=mp)


def opened(turns: int = 2) -> b.BurracoState:
    return run(
        b.INITIAL,
        b.OpenBurraco(tournament_id=uuid.uuid4(), hands_per_turn=2, turns=turns),
        b.FormLines(),
        b.PublishPositions(turn=1),
    )


def refused(
    state: b.BurracoState, command: b.BurracoCommand, now: datetime = T0
) -> DomainError:
    with pytest.raises(DomainError) as caught:
        b.decide(state, command, now)
    return caught.value


def test_the_mobile_lines_move_one_table_up_each_turn() -> None:
    """Art. 2: on three tables, three turns meet no pair twice."""
    seen = {
        (p.fixed, p.mobile)
        for turn in (1, 2, 3)
        for p in b.mitchell_positions((1, 2, 3), (4, 5, 6), turn)
    }
    assert len(seen) == 9
    assert [
        (p.table, p.mobile) for p in b.mitchell_positions((1, 2, 3), (4, 5, 6), 2)
    ] == [
        (1, 6),
        (2, 4),
        (3, 5),
    ]


def test_a_sheet_gets_its_mp_and_vp_from_the_two_hand_table() -> None:
    state = run(
        opened(),
        b.EnterScoreSheet(
            turn=1, table=1, hands=(hand(300, 150, 0, 40), hand(100, 55, 200, 60))
        ),
    )
    result = state.results[(1, 1)]
    assert (result.fixed, result.mobile, result.fixed_mp, result.mobile_mp) == (
        1,
        3,
        605,
        300,
    )
    assert (result.fixed_vp, result.mobile_vp) == (14, 6)


def test_a_score_not_a_multiple_of_five_is_refused_naming_art_18() -> None:
    error = refused(
        opened(), b.EnterScoreSheet(turn=1, table=1, hands=(hand(0, 0, 0, 42),))
    )
    assert (error.code, str(error.law), error.field) == (
        "not_a_multiple_of_five",
        "Codice di Gara Art. 18",
        "hands.0.mobile_points",
    )


def test_more_hands_than_the_turn_holds_are_refused_naming_art_6() -> None:
    error = refused(
        opened(), b.EnterScoreSheet(turn=1, table=1, hands=(hand(0, 0, 0, 0),) * 3)
    )
    assert (error.code, str(error.law)) == ("invalid_sheet", "Codice di Gara Art. 6")


def test_a_correction_closes_when_the_next_positions_are_published() -> None:
    state = run(
        opened(),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(100, 0, 0, 0),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0, 0, 0),)),
    )
    fix = b.CorrectScoreSheet(
        turn=1, table=1, hands=(hand(0, 0, 100, 0),), opponents_confirmed=True
    )
    corrected = run(state, fix)
    assert corrected.results[(1, 1)].mobile_vp == 11
    later = run(state, b.PublishPositions(turn=2))
    error = refused(later, fix)
    assert (error.code, str(error.law)) == (
        "correction_window_closed",
        "Codice di Gara Art. 20",
    )


def test_an_inversion_counts_in_the_standings_from_the_next_turn() -> None:
    """Art. 20: the standings are not recomputed at once."""
    state = run(
        opened(),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(100, 0, 0, 0),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0, 0, 0),)),
        b.PublishPositions(turn=2),
        b.InvertScore(turn=1, table=1, pairs_confirmed=True),
    )
    assert state.results[(1, 1)].inverted_after == 2
    first = b.standings_after(state, 1)[0]
    assert (first.pair, first.vp) == (1, 11)
    assert b.standings_after(state, 2)[0].pair == 3


def test_pairs_level_on_vp_and_mp_share_the_place() -> None:
    state = run(
        opened(),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(0, 0, 0, 0),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0, 0, 0),)),
    )
    assert [(s.rank, s.tied, s.pair) for s in b.standings_after(state, 1)] == [
        (1, True, 1),
        (1, True, 2),
        (1, True, 3),
        (1, True, 4),
    ]


def test_the_final_standings_close_at_their_check_deadline() -> None:
    """Art. 20: against ``now`` (database time), before any sweep; the
    deadline's instant is still in the check (decision 0218)."""
    state = run(
        opened(turns=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(hand(100, 0, 0, 0),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0, 0, 0),)),
        b.PublishFinalStandings(),
    )
    assert state.check_deadline == T0 + timedelta(minutes=10)
    invert = b.InvertScore(turn=1, table=1, pairs_confirmed=True)
    assert b.decide(state, invert, T0 + timedelta(minutes=10))
    error = refused(state, invert, now=T0 + timedelta(minutes=10, seconds=1))
    assert (error.code, str(error.law)) == ("standings_final", "Codice di Gara Art. 20")
    final = b.evolve(state, b.StandingsFinal(check_deadline=T0 + timedelta(minutes=10)))
    assert refused(final, invert, now=T0).code == "standings_final"


def test_one_pair_makes_no_table() -> None:
    state = run(
        b.INITIAL, b.OpenBurraco(tournament_id=uuid.uuid4(), hands_per_turn=3, turns=1)
    )
    with pytest.raises(DomainError) as caught:
        b.decide(state, b.FormLines(), T0, entries=(1,))
    assert (caught.value.code, str(caught.value.law)) == (
        "invalid_lines",
        "Codice di Gara Art. 2",
    )
