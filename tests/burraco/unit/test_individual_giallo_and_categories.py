"""Individual and giallo events, the category's allowances, the 800-MP rule,
entries kept apart by origin (decisions 0173-0175).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (individual: a new
opponent every turn; giallo: a new partner every turn; the first turn formed
by the director's method), Art. 6 (the time reduction, club and federal
only), I poteri dell'arbitro (g) (the 800-MP monitoring of group A's tables
in the Danese merit-group turns of regional and national events).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from itertools import combinations
from uuid import uuid4

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco import domain as b
from burraco.domain.errors import InvalidLines, InvalidSheet
from burraco.domain.movement import (
    danese_new_opponents,
    giallo_lines,
    giallo_positions,
    separated_lines,
)
from rules.burraco.errors import InvalidSetting

T0 = datetime(2026, 3, 19, 21, 0, tzinfo=UTC)


def hand(fixed: int, mobile: int) -> b.SheetHand:
    return b.SheetHand(
        fixed_base=0, fixed_points=fixed, mobile_base=0, mobile_points=mobile
    )


def run(
    state: b.BurracoState,
    command: b.BurracoCommand,
    entries: Iterable[int] = (),
    now: datetime = T0,
) -> tuple[b.BurracoState, list[b.BurracoEvent]]:
    events = b.decide(state, command, now, entries=tuple(entries))
    for event in events:
        state = b.evolve(state, event)
    return state, events


def opened(**settings: object) -> b.BurracoState:
    command = b.OpenBurraco(
        tournament_id=uuid4(),
        hands_per_turn=2,
        turns=settings.pop("turns", 3),  # type: ignore[arg-type]
        **settings,  # type: ignore[arg-type]
    )
    return run(b.INITIAL, command)[0]


# -- individual: a new opponent every turn ---------------------------------


def test_the_individual_danese_avoids_the_last_opponent() -> None:
    """1 met 2 and 3 met 4: the Danese puro would seat 1-2 and 3-4 again."""
    last = {1: 2, 2: 1, 3: 4, 4: 3}
    seats = danese_new_opponents((1, 2, 3, 4), last)
    assert [(p.table, p.fixed, p.mobile) for p in seats] == [(1, 1, 3), (2, 2, 4)]


def test_the_last_two_who_met_swap_with_the_table_above() -> None:
    """1-2 is fine; 3 and 4 are left and met last turn: 4 swaps with 2."""
    last = {1: 5, 5: 1, 3: 4, 4: 3, 2: 6, 6: 2}
    seats = danese_new_opponents((1, 2, 3, 4), last)
    assert [(p.fixed, p.mobile) for p in seats] == [(1, 4), (3, 2)]


@given(st.permutations(list(range(1, 13))), st.permutations(list(range(1, 13))))
def test_no_player_meets_his_last_opponent(
    order: list[int], previous: list[int]
) -> None:
    last: dict[int, int] = {}
    for i in range(0, 12, 2):
        last[previous[i]], last[previous[i + 1]] = previous[i + 1], previous[i]
    seats = danese_new_opponents(tuple(order), last)
    assert sorted(n for p in seats for n in (p.fixed, p.mobile)) == list(range(1, 13))
    assert all(last[p.fixed] != p.mobile for p in seats)


def test_an_individual_tournament_seats_one_player_a_line() -> None:
    state = opened(form=b.EntryForm.INDIVIDUAL, mitchell_turns=1)
    state = run(state, b.FormLines(), entries=range(1, 5))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    assert [(p.fixed, p.mobile) for p in state.positions[1]] == [(1, 3), (2, 4)]
    state = run(state, b.EnterScoreSheet(turn=1, table=1, hands=(hand(300, 0),)))[0]
    state = run(state, b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 300),)))[0]
    state = run(state, b.PublishPositions(turn=2))[0]
    # 1 and 4 won 13-7, level on MP, never met: the place is shared, by
    # number. The Danese seats 1 against 4 and 2 against 3, none of whom met.
    order = [s.pair for s in b.standings_after(state, 1)]
    assert order == [1, 4, 2, 3]
    assert [(p.fixed, p.mobile) for p in state.positions[2]] == [(1, 4), (2, 3)]


# -- giallo: a new partner every turn ---------------------------------------


def test_giallo_lines_first_with_fourth_unless_they_were_partners() -> None:
    assert giallo_lines((1, 2, 3, 4), {}) == ((1, 4), (2, 3))
    assert giallo_lines((1, 2, 3, 4), {1: 4, 4: 1}) == ((1, 3), (2, 4))
    assert giallo_lines((1, 2, 3, 4), {1: 4, 4: 1, 2: 3, 3: 2}) == ((1, 3), (2, 4))
    # Last turn's partners are a matching: at most one option repeats one.
    assert giallo_lines((1, 2, 3, 4), {1: 2, 2: 1, 3: 4, 4: 3}) == ((1, 4), (2, 3))


@given(st.permutations(list(range(1, 17))), st.permutations(list(range(1, 17))))
def test_no_giallo_player_keeps_his_partner(
    order: list[int], previous: list[int]
) -> None:
    last: dict[int, int] = {}
    for i in range(0, 16, 2):
        last[previous[i]], last[previous[i + 1]] = previous[i + 1], previous[i]
    seats = giallo_positions(tuple(order), last)
    seated = [
        n for p in seats for n in (p.fixed, p.fixed_partner, p.mobile, p.mobile_partner)
    ]
    assert sorted(seated) == list(range(1, 17))
    for p in seats:
        assert last[p.fixed] != p.fixed_partner
        assert last[p.mobile] != p.mobile_partner


def test_a_giallo_field_is_four_players_a_table_and_one_pair() -> None:
    state = opened(form=b.EntryForm.GIALLO)
    for field in (3, 5, 7):
        with pytest.raises(InvalidLines) as refused:
            run(state, b.FormLines(), entries=range(1, field + 1))
        assert str(refused.value.law) == "Codice di Gara Art. 2"
        assert "four players a table" in refused.value.message


def test_six_giallo_players_rest_a_pair_once_a_session_never_last_partners() -> None:
    state = opened(form=b.EntryForm.GIALLO, turns=3)
    state = run(state, b.FormLines(), entries=range(1, 7))[0]
    assert (state.fixed, state.mobile) == ((1, 4, 5, 6), (2, 3, b.REST, b.REST))
    state, events = run(state, b.PublishPositions(turn=1))
    seats = [
        (p.fixed, p.fixed_partner, p.mobile, p.mobile_partner)
        for p in state.positions[1]
    ]
    assert seats == [(1, 4, 2, 3), (5, 6, b.REST, 0)]
    rest = events[-1]
    assert isinstance(rest, b.TurnAwarded)
    assert (rest.fixed, rest.fixed_vp, rest.fixed_mp) == (5, 14, 305)
    state = run(state, b.EnterScoreSheet(turn=1, table=1, hands=(hand(300, 0),)))[0]
    after = [(s.pair, s.vp, s.mp) for s in b.standings_after(state, 1)]
    assert after == [
        (5, 14, 305),
        (6, 14, 305),
        (1, 13, 300),
        (4, 13, 300),
        (2, 7, -300),
        (3, 7, -300),
    ]
    # 5 and 6 rested: 3 rests, not with 2 (his partner), with 4.
    state = run(state, b.PublishPositions(turn=2))[0]
    seats = [
        (p.fixed, p.fixed_partner, p.mobile, p.mobile_partner)
        for p in state.positions[2]
    ]
    assert seats == [(5, 2, 6, 1), (4, 3, b.REST, 0)]


def test_a_giallo_has_neither_calendar_nor_merit_groups() -> None:
    with pytest.raises(InvalidSetting) as refused:
        opened(form=b.EntryForm.GIALLO, movement=b.Movement.ITALIANA)
    assert (refused.value.field, str(refused.value.law)) == (
        "movement",
        "Codice di Gara Art. 2",
    )
    with pytest.raises(InvalidSetting) as refused:
        opened(form=b.EntryForm.GIALLO, mitchell_turns=2)
    assert refused.value.field == "mitchell_turns"


def test_a_giallo_scores_each_player_with_his_line_and_changes_partners() -> None:
    state = opened(form=b.EntryForm.GIALLO, turns=2)
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    # Registration order: 1 with 4 against 2 with 3; 5 with 8 against 6 with 7.
    assert (state.fixed, state.mobile) == ((1, 4, 5, 8), (2, 3, 6, 7))
    state = run(state, b.PublishPositions(turn=1))[0]
    seats = [
        (p.table, p.fixed, p.fixed_partner, p.mobile, p.mobile_partner)
        for p in state.positions[1]
    ]
    assert seats == [(1, 1, 4, 2, 3), (2, 5, 8, 6, 7)]
    state = run(state, b.EnterScoreSheet(turn=1, table=1, hands=(hand(300, 0),)))[0]
    state = run(state, b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 45),)))[0]
    after = {s.pair: (s.vp, s.mp) for s in b.standings_after(state, 1)}
    assert after == {
        1: (13, 300),
        4: (13, 300),
        2: (7, -300),
        3: (7, -300),
        6: (11, 45),
        7: (11, 45),
        5: (9, -45),
        8: (9, -45),
    }
    state = run(state, b.PublishPositions(turn=2))[0]
    # Standings 1, 4, 6, 7 | 5, 8, 2, 3 (level players by number): the 1st
    # with the 4th of each four, none of them partners in turn 1.
    seats = [
        (p.fixed, p.fixed_partner, p.mobile, p.mobile_partner)
        for p in state.positions[2]
    ]
    assert seats == [(1, 7, 4, 6), (5, 3, 8, 2)]
    # A late player makes his line late; the warning is his.
    state, events = run(state, b.RecordLateness(turn=2, table=1, pair=7, seconds=90))
    assert [(type(e).__name__, getattr(e, "pair", None)) for e in events] == [
        ("LatenessRecorded", 1),
        ("WarningIssued", 7),
    ]


def test_a_giallo_player_absent_or_gone_takes_the_score_not_his_partner() -> None:
    """Art. 38 in a giallo (decision 0187): the absent player's line is the
    absent pair (7 VP -205 with two hands), the opponents win as Art. 39 gives
    (14 VP +305); his partner of the turn, present, takes the present side's
    score. A player who abandons stays in the draw; the line he is drawn
    into loses 0 VP -305, his later partner and their opponents take 14 +305."""
    state = opened(form=b.EntryForm.GIALLO, turns=3)
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    # Table 1: 1 with 4 against 2 with 3; table 2: 5 with 8 against 6 with 7.
    state, events = run(state, b.RecordAbsence(turn=1, table=1, pair=3))
    assert events == [
        b.AbsenceRecorded(turn=1, table=1, pair=3, nth=1),
        b.TurnAwarded(
            turn=1,
            table=1,
            fixed=1,
            mobile=2,
            fixed_vp=14,
            mobile_vp=7,
            fixed_mp=305,
            mobile_mp=-205,
            article="Codice di Gara Art. 38",
        ),
    ]
    with pytest.raises(b.SheetAlreadyEntered) as refused:
        run(state, b.RecordAbsence(turn=1, table=1, pair=2))
    assert str(refused.value.law) == "Codice di Gara Art. 38"
    state = run(state, b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 45),)))[0]
    after = {s.pair: (s.vp, s.mp) for s in b.standings_after(state, 1)}
    assert after == {
        1: (14, 305),
        4: (14, 305),
        2: (14, 305),
        3: (7, -205),
        6: (11, 45),
        7: (11, 45),
        5: (9, -45),
        8: (9, -45),
    }
    state, events = run(state, b.RecordAbandonment(pair=5, reason="unwell"))
    assert events == [b.PairAbandoned(pair=5, after_turn=1, reason="unwell")]
    state, events = run(state, b.PublishPositions(turn=2))
    seats = [
        (p.fixed, p.fixed_partner, p.mobile, p.mobile_partner)
        for p in state.positions[2]
    ]
    # Standings 1, 2, 4, 6 | 7, 5, 8, 3: 5 and 8 were partners, so 7 with 8
    # against 5 with 3 (decision 0173).
    assert seats == [(1, 6, 2, 4), (7, 8, 5, 3)]
    assert events[1:] == [
        b.TurnAwarded(
            turn=2,
            table=2,
            fixed=7,
            mobile=5,
            fixed_vp=14,
            mobile_vp=0,
            fixed_mp=305,
            mobile_mp=-305,
            article="Codice di Gara Art. 38",
        )
    ]
    after = {s.pair: (s.vp, s.mp) for s in b.standings_after(state, 2)}
    assert after == {
        7: (25, 350),
        8: (23, 260),
        3: (21, 100),  # 5's partner: the present side's 14 +305
        1: (14, 305),
        2: (14, 305),
        4: (14, 305),
        6: (11, 45),
        5: (9, -350),
    }


# -- the category's allowances and the 800-MP rule ---------------------------


@pytest.mark.parametrize(
    ("category", "reduction", "allowed"),
    [
        (b.Category.CLUB, 2, True),
        (b.Category.FEDERAL, 2, True),
        (b.Category.REGIONAL, 1, False),
        (b.Category.NATIONAL, 2, False),
        (b.Category.CLUB, 3, False),
    ],
)
def test_the_time_reduction_by_category(
    category: b.Category, reduction: int, allowed: bool
) -> None:
    if allowed:
        state = opened(category=category, time_reduction_minutes=reduction)
        assert isinstance(state.opened, b.BurracoOpened)
        assert state.opened.time_reduction_minutes == reduction
        return
    with pytest.raises(InvalidSetting) as refused:
        opened(category=category, time_reduction_minutes=reduction)
    assert (refused.value.field, str(refused.value.law)) == (
        "time_reduction_minutes",
        "Codice di Gara Art. 6",
    )


@pytest.mark.parametrize(
    "category", [b.Category.CLUB, b.Category.FEDERAL, b.Category.CHAMPIONSHIP]
)
def test_the_800_mp_monitoring_only_at_regional_and_national_events(
    category: b.Category,
) -> None:
    with pytest.raises(InvalidSetting) as refused:
        opened(
            category=category,
            monitoring_800=True,
            turns=3,
            split_after=1,
            mitchell_turns=1,
        )
    assert (refused.value.field, str(refused.value.law)) == (
        "monitoring_800",
        "Codice di Gara, I poteri dell'arbitro (g)",
    )


def test_the_800_mp_monitoring_needs_danese_merit_groups() -> None:
    with pytest.raises(InvalidSetting) as refused:
        opened(category=b.Category.NATIONAL, monitoring_800=True)
    assert refused.value.field == "monitoring_800"


def _in_groups(monitoring: bool) -> b.BurracoState:
    """Eight pairs, one Mitchell turn, then groups A (1-4) and B (5-8)."""
    state = opened(
        category=b.Category.NATIONAL,
        monitoring_800=monitoring,
        turns=2,
        split_after=1,
        mitchell_turns=1,
        standings_check_minutes=1,
    )
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    for table, points in ((1, 1000), (2, 500), (3, 0), (4, 0)):
        sheet = b.EnterScoreSheet(turn=1, table=table, hands=(hand(points, 0),))
        state = run(state, sheet)[0]
    state = run(state, b.PublishProvisionalStandings())[0]
    later = T0 + timedelta(minutes=2)
    state = run(state, b.SplitIntoGroups(), now=later)[0]
    return run(state, b.PublishPositions(turn=2), now=later)[0]


def test_a_group_a_table_over_800_without_the_director_is_capped_at_seven() -> None:
    state = _in_groups(monitoring=True)
    assert state.groups == ((1, 2, 3, 4), (7, 8, 6, 5))
    table_a = state.positions[2][0]
    # 500 then 400: the running difference reaches 900 after the second hand.
    sheet = b.EnterScoreSheet(turn=2, table=1, hands=(hand(500, 0), hand(400, 0)))
    state, events = run(state, sheet, now=T0 + timedelta(minutes=3))
    entered, awarded = events
    assert isinstance(entered, b.ScoreSheetEntered)
    assert (entered.threshold_reached, entered.director_called) == (True, False)
    assert (entered.fixed_vp, entered.mobile_vp) == (19, 1)
    assert isinstance(awarded, b.TurnAwarded)
    assert (awarded.fixed_vp, awarded.mobile_vp) == (7, 1)
    assert (awarded.fixed_mp, awarded.mobile_mp) == (-205, -875)
    assert awarded.article == "Codice di Gara, I poteri dell'arbitro (g)"
    assert state.results[(2, 1)].for_pair(table_a.fixed, 2) == (7, -205)


def test_the_director_called_keeps_the_score_and_group_b_is_not_watched() -> None:
    state = _in_groups(monitoring=True)
    called = b.EnterScoreSheet(
        turn=2, table=1, hands=(hand(900, 0),), director_called=True
    )
    _, events = run(state, called, now=T0 + timedelta(minutes=3))
    [entered] = events
    assert isinstance(entered, b.ScoreSheetEntered)
    assert (entered.threshold_reached, entered.director_called) == (True, True)
    assert (entered.fixed_vp, entered.mobile_vp) == (19, 1)
    group_b = b.EnterScoreSheet(turn=2, table=3, hands=(hand(900, 0),))
    _, events = run(state, group_b, now=T0 + timedelta(minutes=3))
    assert [type(e).__name__ for e in events] == ["ScoreSheetEntered"]
    unwatched = _in_groups(monitoring=False)
    _, events = run(
        unwatched,
        b.EnterScoreSheet(turn=2, table=1, hands=(hand(900, 0),)),
        now=T0 + timedelta(minutes=3),
    )
    assert [type(e).__name__ for e in events] == ["ScoreSheetEntered"]


# -- entries kept apart by origin ---------------------------------------------


def test_entries_of_one_club_share_a_mitchell_line() -> None:
    clubs = {1: "A", 2: "A", 3: "A", 4: "B", 5: "B", 6: "", 7: "C", 8: "C"}
    fixed, mobile = separated_lines(tuple(clubs), clubs.__getitem__)
    assert (fixed, mobile) == ((1, 2, 3, 6), (4, 5, 7, 8))
    for a, b_ in combinations(clubs, 2):
        if clubs[a] and clubs[a] == clubs[b_]:
            assert (a in fixed) == (b_ in fixed)


@given(st.lists(st.sampled_from(["", "RM", "MI", "NA", "TO"]), min_size=2, max_size=60))
def test_separated_lines_hold_the_field_in_two_halves(labels: list[str]) -> None:
    numbers = tuple(range(1, len(labels) + 1))
    fixed, mobile = separated_lines(numbers, lambda n: labels[n - 1])
    assert sorted(fixed + mobile) == list(numbers)
    assert len(fixed) == (len(numbers) + 1) // 2


def test_the_director_keeps_clubs_apart_from_the_recorded_origins() -> None:
    state = opened(mitchell_turns=3)
    origins = tuple(
        b.Origin(entry=n, club=club)
        for n, club in ((1, "Roma"), (2, "Roma"), (3, "roma "), (4, "Milano"))
    )
    state = run(state, b.RecordOrigins(origins=origins), entries=range(1, 7))[0]
    state, [formed] = run(state, b.FormLines(separate_by="club"), entries=range(1, 7))
    assert isinstance(formed, b.LinesFormed)
    assert (formed.method, formed.separated_by) == (b.FormationMethod.SEPARATED, "club")
    assert (state.fixed, state.mobile) == ((1, 2, 3), (4, 5, 6))
    with pytest.raises(InvalidLines) as refused:
        run(state, b.RecordOrigins(origins=origins), entries=range(1, 7))
    assert str(refused.value.law) == "Codice di Gara Art. 2"


# -- the turn's clock (Art. 6) and lateness timed from it (Art. 39) -----------


def test_the_signal_starts_the_turn_and_times_a_lateness() -> None:
    state = opened(
        category=b.Category.FEDERAL, time_reduction_minutes=2, mitchell_turns=1
    )
    state = run(state, b.FormLines(), entries=range(1, 5))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    with pytest.raises(InvalidSheet) as refused:
        run(state, b.RecordLateness(turn=1, table=1, pair=3))
    assert (refused.value.field, str(refused.value.law)) == (
        "seconds",
        "Codice di Gara Art. 39",
    )
    state, [started] = run(state, b.StartTurn(turn=1))
    assert isinstance(started, b.TurnStarted)
    assert started.ends_at - started.started_at == timedelta(minutes=23)
    assert b.turn_minutes(state) == 23
    with pytest.raises(b.TurnNotCurrent):
        run(state, b.StartTurn(turn=1))
    with pytest.raises(b.TurnNotCurrent):
        run(state, b.StartTurn(turn=2))
    # Four minutes after the signal: 150 MP to the opponents.
    _, events = run(
        state,
        b.RecordLateness(turn=1, table=1, pair=3),
        now=T0 + timedelta(minutes=4),
    )
    [recorded] = events
    assert isinstance(recorded, b.LatenessRecorded)
    assert (recorded.seconds, recorded.bonus_to_opponents) == (240, 150)


def test_a_draw_by_lot_is_reproduced_by_its_seed() -> None:
    state = opened(mitchell_turns=3)
    _, [formed] = run(state, b.FormLines(draw_seed=19), entries=range(1, 7))
    assert isinstance(formed, b.LinesFormed)
    drawn = list(range(1, 7))
    random.Random(19).shuffle(drawn)
    assert (formed.method, formed.seed) == (b.FormationMethod.DRAW, 19)
    assert (formed.fixed, formed.mobile) == (tuple(drawn[:3]), tuple(drawn[3:]))
    with pytest.raises(InvalidLines):
        run(state, b.FormLines(draw_seed=19, fixed=(1,), mobile=(2,)), range(1, 3))


def test_a_pair_at_the_wrong_table_keeps_its_result_and_is_warned() -> None:
    """Art. 2: 6 sat at 7's place (table 3) and play began."""
    state = opened(mitchell_turns=2, turns=2)
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    state, events = run(state, b.RecordWrongTable(turn=1, pair=6, other=7))
    assert [type(e).__name__ for e in events] == ["WrongTableRecorded", "WarningIssued"]
    warning = events[1]
    assert isinstance(warning, b.WarningIssued)
    assert (warning.pair, warning.article) == (6, "Codice di Gara Art. 2")
    assert [(p.fixed, p.mobile) for p in state.positions[1]] == [
        (1, 5),
        (2, 7),
        (3, 6),
        (4, 8),
    ]
    state = run(state, b.EnterScoreSheet(turn=1, table=3, hands=(hand(0, 300),)))[0]
    assert state.results[(1, 3)].for_pair(6, 1) == (13, 300)
    with pytest.raises(b.SheetAlreadyEntered):
        run(state, b.RecordWrongTable(turn=1, pair=7, other=6))
    for table in (1, 2, 4):
        sheet = b.EnterScoreSheet(turn=1, table=table, hands=(hand(0, 0),))
        state = run(state, sheet)[0]
    state = run(state, b.PublishPositions(turn=2))[0]
    # The next turn is the movement's, as if nothing had happened.
    assert [(p.fixed, p.mobile) for p in state.positions[2]] == [
        (1, 8),
        (2, 5),
        (3, 6),
        (4, 7),
    ]


def test_a_sheet_left_on_the_table_warns_the_winners_of_a_giallo_line() -> None:
    """Art. 19: the winning side delivers; a 10-10 names nobody (Q29)."""
    state = opened(form=b.EntryForm.GIALLO, turns=2)
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    unsigned = b.EnterScoreSheet(
        turn=1, table=1, hands=(hand(300, 0),), countersigned=False
    )
    with pytest.raises(InvalidSheet) as refused:
        run(state, unsigned)
    assert (refused.value.field, str(refused.value.law)) == (
        "countersigned",
        "Codice di Gara Art. 19",
    )
    left = b.EnterScoreSheet(turn=1, table=1, hands=(hand(0, 300),), delivered=False)
    _, events = run(state, left)
    assert [(type(e).__name__, getattr(e, "pair", None)) for e in events] == [
        ("ScoreSheetEntered", None),
        ("WarningIssued", 2),
        ("WarningIssued", 3),
    ]
    draw = b.EnterScoreSheet(turn=1, table=2, hands=(hand(0, 0),), delivered=False)
    _, events = run(state, draw)
    assert [type(e).__name__ for e in events] == ["ScoreSheetEntered"]


def test_a_giallo_table_with_a_player_away_on_each_line() -> None:
    """Both lines absent (decision 0187): each line its absence score, each
    present partner the Art. 39 win (14 VP +305 with two hands)."""
    state = opened(form=b.EntryForm.GIALLO, turns=3)
    state = run(state, b.FormLines(), entries=range(1, 9))[0]
    state = run(state, b.PublishPositions(turn=1))[0]  # 1+4 against 2+3
    state = run(state, b.RecordAbsence(turn=1, table=1, pair=3))[0]
    state, events = run(state, b.RecordAbsence(turn=1, table=1, pair=4))
    award = events[-1]
    assert isinstance(award, b.TurnAwarded)
    assert (award.fixed_vp, award.fixed_mp, award.mobile_vp, award.mobile_mp) == (
        7,
        -205,
        7,
        -205,
    )
    after = {s.pair: (s.vp, s.mp) for s in b.standings_after(state, 1)}
    assert {p: after[p] for p in (1, 2, 3, 4)} == {
        1: (14, 305),
        2: (14, 305),
        3: (7, -205),
        4: (7, -205),
    }


def test_a_giallo_player_who_abandoned_never_rests() -> None:
    """Six players: a table of four and a pair at rest. The player who left
    is drawn at the full table, never at the rest (decision 0187)."""
    state = opened(form=b.EntryForm.GIALLO, turns=3)
    state = run(state, b.FormLines(), entries=range(1, 7))[0]
    state = run(state, b.PublishPositions(turn=1))[0]
    # Turn 1: 1+4 against 2+3, 5+6 rest (14 VP +305).
    state = run(state, b.EnterScoreSheet(turn=1, table=1, hands=(hand(0, 300),)))[0]
    state = run(state, b.RecordAbandonment(pair=3, reason="unwell"))[0]
    state, events = run(state, b.PublishPositions(turn=2))
    # Standings 5, 6, 2, 3, 1, 4: without the rule 3 and 4 would rest; 3 is
    # drawn with 6 against 5 and 1, and 2 rests with 4.
    seats = [
        (p.table, p.fixed, p.fixed_partner, p.mobile, p.mobile_partner)
        for p in state.positions[2]
    ]
    assert seats == [(1, 5, 1, 6, 3), (2, 2, 4, b.REST, 0)]
    assert [
        (e.table, e.fixed_vp, e.fixed_mp, e.mobile_vp, e.mobile_mp)
        for e in events[1:]
        if isinstance(e, b.TurnAwarded)
    ] == [
        (2, 14, 305, 0, 0),
        (1, 14, 305, 0, -305),
    ]
    after = [(s.pair, s.vp, s.mp) for s in b.standings_after(state, 2)]
    assert after == [
        (5, 28, 610),
        (6, 28, 610),  # 3's partner: the present side's 14 +305
        (2, 27, 605),
        (1, 21, 5),
        (4, 21, 5),
        (3, 13, -5),
    ]
