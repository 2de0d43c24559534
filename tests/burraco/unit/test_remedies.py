"""The director's remedies on the burraco stream: decide, evolve, merge (pure).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 20 (a sheet altered in a
protected turn annulled 7-7, reported to Sports Justice), Art. 38 (a pair
leaving after a quarrel, a hand suspended for both pairs' misconduct, both
pairs abandoning), I poteri dell'arbitro (b) (a report); decision 0217.
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


def opened(turns: int = 2, **settings: object) -> b.BurracoState:
    """Four pairs, four hands a turn: table 1 is 1-3, table 2 is 2-4."""
    return run(
        b.INITIAL,
        b.OpenBurraco(
            tournament_id=uuid.uuid4(),
            hands_per_turn=4,
            turns=turns,
            table_streams=False,
            **settings,  # type: ignore[arg-type]
        ),
        b.FormLines(),
        b.PublishPositions(turn=1),
    )


def refused(state: b.BurracoState, command: b.BurracoCommand) -> DomainError:
    with pytest.raises(DomainError) as caught:
        b.decide(state, command, T0)
    return caught.value


WIN = (hand(300, 400, 0, 100),)  # the fixed line +600 MP in one hand
EVEN = (hand(100, 100, 100, 100),)


def sheets(state: b.BurracoState, turn: int) -> b.BurracoState:
    return run(
        state,
        b.EnterScoreSheet(turn=turn, table=1, hands=WIN),
        b.EnterScoreSheet(turn=turn, table=2, hands=EVEN),
    )


def test_art_20_an_altered_last_turn_sheet_is_annulled_seven_all_and_reported() -> None:
    """Art. 20: the last turn's sheet altered without the director, to a prize:
    the director annuls it, 7-7 with -505 MP each, and the report is recorded."""
    state = sheets(opened(turns=1), 1)
    assert state.results[(1, 1)].fixed_vp == 13
    refusal = refused(
        state,
        b.CorrectScoreSheet(turn=1, table=1, hands=EVEN, opponents_confirmed=True),
    )
    assert refusal.code == "correction_not_confirmed"
    events = b.decide(
        state,
        b.AnnulAlteredSheet(
            turn=1, table=1, advantage="prize", report="  Sheet altered after play. "
        ),
        T0,
    )
    assert events == [
        b.AlteredSheetAnnulled(
            turn=1,
            table=1,
            fixed=1,
            mobile=3,
            fixed_vp=7,
            mobile_vp=7,
            fixed_mp=-505,
            mobile_mp=-505,
            advantage="prize",
        ),
        b.SportsJusticeReported(
            number=1,
            article="Codice di Gara Art. 20",
            turn=1,
            table=1,
            pairs=(1, 3),
            text="Sheet altered after play.",
            reported_at=T0,
        ),
    ]
    after = reduce(b.evolve, events, state)
    result = after.results[(1, 1)]
    assert (result.awarded, result.remedy, result.award_article) == (
        True,
        "annulled",
        "Codice di Gara Art. 20",
    )
    assert [(s.pair, s.vp, s.mp) for s in b.standings_after(after, 1)] == [
        (2, 10, 0),
        (4, 10, 0),
        (1, 7, -505),
        (3, 7, -505),
    ]


def test_art_20_the_annulment_is_only_for_a_protected_turn() -> None:
    """Art. 20: an unprotected turn's sheet is corrected with the opponents:
    no annulment there (turn 1 of 2, no split)."""
    state = sheets(opened(turns=2), 1)
    refusal = refused(
        state, b.AnnulAlteredSheet(turn=1, table=1, advantage="prize", report="x")
    )
    assert (refusal.code, refusal.field, str(refusal.law)) == (
        "remedy_not_allowed",
        "turn",
        "Codice di Gara Art. 20",
    )


def test_art_20_a_higher_group_is_at_stake_only_at_the_split() -> None:
    """Art. 20: "ammissione ad un girone superiore" only in the single
    group's last turn; there the annulment stands."""
    state = sheets(opened(turns=2, split_after=1, merit_groups=2, mitchell_turns=1), 1)
    command = b.AnnulAlteredSheet(
        turn=1, table=1, advantage="higher_group", report="Altered to reach A."
    )
    after = run(state, command)
    assert after.results[(1, 1)].remedy == "annulled"
    last = sheets(opened(turns=1), 1)
    refusal = refused(last, command)
    assert (refusal.code, refusal.field) == ("remedy_not_allowed", "advantage")


def test_art_20_the_report_is_not_optional() -> None:
    """Art. 20: "l'arbitro dovrà segnalare l'accaduto"."""
    state = sheets(opened(turns=1), 1)
    refusal = refused(
        state, b.AnnulAlteredSheet(turn=1, table=1, advantage="prize", report=" ")
    )
    assert (refusal.code, refusal.field, str(refusal.law)) == (
        "report_required",
        "report",
        "Codice di Gara Art. 20",
    )


def test_art_38_a_quarrel_the_guilty_pair_zero_and_out_the_innocent_13_505() -> None:
    """Art. 38: pair 3 leaves table 1 after a quarrel: 0 VP and -505 MP; pair
    1 13 VP and 505 MP; pair 3 is referred and plays no later turn, so pair
    4, its turn-2 opponent, wins that table too."""
    state = run(
        opened(turns=2),
        b.RecordQuarrel(turn=1, table=1, guilty=3, report="Left after a dispute."),
    )
    result = state.results[(1, 1)]
    assert (result.fixed_vp, result.fixed_mp, result.mobile_vp, result.mobile_mp) == (
        13,
        505,
        0,
        -505,
    )
    assert result.remedy == "quarrel"
    assert state.abandoned == {3}
    [report] = state.reports
    assert (report.article, report.pairs, report.text) == (
        "Codice di Gara Art. 38",
        (3,),
        "Left after a dispute.",
    )
    refusal = refused(state, b.EnterScoreSheet(turn=1, table=1, hands=EVEN))
    assert refusal.code == "sheet_already_entered"
    state = run(state, b.EnterScoreSheet(turn=1, table=2, hands=EVEN))
    state = run(state, b.PublishPositions(turn=2))
    [away] = [r for (t, _), r in state.results.items() if t == 2]
    assert {away.fixed, away.mobile} == {2, 3}
    assert away.for_pair(2, 2) == (13, 505)
    assert away.for_pair(3, 2) == (0, -505)


def test_art_38_a_quarrel_the_innocent_keeps_the_more_it_had_scored() -> None:
    """Art. 38: pair 3 innocent, +1800 MP up after the hands played (19 VP
    on the four-hand table): it keeps 19 and +1800; pair 1 0 and -1800."""
    so_far = (hand(0, 0, 300, 1500),)
    state = run(
        opened(turns=2),
        b.RecordQuarrel(turn=1, table=1, guilty=1, report="Insults.", hands=so_far),
    )
    result = state.results[(1, 1)]
    assert (result.fixed_vp, result.fixed_mp, result.mobile_vp, result.mobile_mp) == (
        0,
        -1800,
        19,
        1800,
    )


def test_art_38_the_guilty_pair_sits_at_the_table() -> None:
    refusal = refused(opened(), b.RecordQuarrel(turn=1, table=1, guilty=2, report="x"))
    assert (refusal.code, refusal.field, refusal.value) == (
        "remedy_not_allowed",
        "guilty",
        "2",
    )


def test_art_38_misconduct_of_both_pairs_7_and_minus_505_each() -> None:
    """Art. 38: the director suspends table 2 for both pairs' misconduct."""
    events = b.decide(opened(), b.SuspendForMisconduct(turn=1, table=2), T0)
    assert events == [
        b.MisconductSuspended(
            turn=1,
            table=2,
            fixed=2,
            mobile=4,
            fixed_vp=7,
            mobile_vp=7,
            fixed_mp=-505,
            mobile_mp=-505,
        )
    ]
    state = reduce(b.evolve, events, opened())
    assert state.results[(1, 2)].for_pair(4, 1) == (7, -505)


def test_art_38_both_pairs_abandon_zero_each_and_both_leave() -> None:
    """Art. 38: "se entrambe le coppie al tavolo abbandonano ... 0"; in turn 2
    their opponents win."""
    state = run(
        opened(turns=2),
        b.RecordBothAbandoned(turn=1, table=1, report="Both left."),
        b.EnterScoreSheet(turn=1, table=2, hands=EVEN),
    )
    result = state.results[(1, 1)]
    assert (result.fixed_vp, result.fixed_mp, result.mobile_vp, result.mobile_mp) == (
        0,
        0,
        0,
        0,
    )
    assert state.abandoned == {1, 3}
    assert [r.pairs for r in state.reports] == [(1, 3)]
    state = run(state, b.PublishPositions(turn=2))
    # Turn 2: table 1 is 1-4, table 2 is 2-3; pairs 1 and 3 are gone.
    assert [
        (r.fixed, r.fixed_vp, r.mobile, r.mobile_vp)
        for (turn, _table), r in sorted(state.results.items())
        if turn == 2
    ] == [(1, 0, 4, 13), (2, 13, 3, 0)]


def test_a_remedy_is_for_the_table_in_play_without_its_sheet() -> None:
    """Art. 38: a match played to its sheet was not abandoned."""
    state = sheets(opened(), 1)
    refusal = refused(state, b.SuspendForMisconduct(turn=1, table=1))
    assert (refusal.code, str(refusal.law)) == (
        "sheet_already_entered",
        "Codice di Gara Art. 38",
    )


def test_a_remedy_on_the_burraco_stream_stands_over_the_tables_sheet() -> None:
    """Decision 0217: merged with a table stream holding the sheet, the
    tournament stream's annulment is the table's result."""
    state = opened(turns=1)
    table = reduce(
        b.evolve,
        b.decide(state, b.EnterScoreSheet(turn=1, table=1, hands=WIN), T0),
        b.INITIAL,
    )
    merged = b.merge(state, table)
    events = b.decide(
        merged,
        b.AnnulAlteredSheet(turn=1, table=1, advantage="prize", report="Altered."),
        T0,
    )
    tournament = reduce(b.evolve, events, state)
    assert b.merge(tournament, table).results[(1, 1)].remedy == "annulled"
    assert b.merge(tournament, table).results[(1, 1)].for_pair(1, 1) == (7, -505)


def test_a_report_is_taken_after_the_final_standings() -> None:
    """I poteri dell'arbitro (b): a report changes no result; numbered."""
    state = sheets(opened(turns=1), 1)
    state = run(state, b.PublishFinalStandings())
    late = T0 + timedelta(hours=1)
    state = run(state, b.ReportToSportsJustice(turn=1, text="Conduct.", pairs=(2,)))
    state = reduce(b.evolve, [b.StandingsFinal(check_deadline=late)], state)
    events = b.decide(
        state, b.ReportToSportsJustice(turn=1, table=2, text="More.", article=38), late
    )
    assert [(e.number, e.article, e.table) for e in events] == [  # type: ignore[union-attr]
        (2, "Codice di Gara Art. 38", 2)
    ]
    assert state.reports[0].article == "Codice di Gara, I poteri dell'arbitro (b)"
    refusal = refused(state, b.ReportToSportsJustice(turn=1, text="x", pairs=(9,)))
    assert (refusal.code, refusal.field, refusal.value) == (
        "invalid_lines",
        "pairs",
        "9",
    )
