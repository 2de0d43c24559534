"""Incremental session scoring (decision 0098): a ``SessionScorer`` fed lines
in any order and corrected any number of times gives the figures a fresh
``score_session`` gives for the lines as they stand.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.session_scoring import (
    Conditions,
    Line,
    Penalty,
    SessionFigures,
    SessionScorer,
    Table,
    score_session,
)

TABLES = 4
BOARDS = 3
# A Mitchell: NS pair t at table t, EW pair 10 + t; every board at every table.
SLOTS = [(board, table) for board in range(1, BOARDS + 1) for table in range(1, 5)]
SCORES = st.sampled_from([-200, -100, -50, 0, 90, 110, 140, 420, 450, 620])
ADJUSTED = st.sampled_from(["A60/40", "A40/60", "A50/50", "assigned:420@0.5,-50@0.5"])


def line(board: int, table: int, score: int | None, adjusted: str | None) -> Line:
    return Line(
        key=(board, table),
        board_number=board,
        table=table,
        ns=table,
        ew=10 + table,
        score_ns=score,
        adjusted=adjusted,
    )


entries = st.lists(
    st.tuples(
        st.sampled_from(SLOTS),
        st.one_of(SCORES, st.none()),
        st.one_of(st.none(), ADJUSTED),
    ),
    min_size=1,
    max_size=30,
)
batches = st.integers(min_value=1, max_value=6)


def as_dict(figures: SessionFigures) -> tuple[object, object]:
    return dict(figures.lines), {s.entry_number: s for s in figures.standings}


def check(conditions: Conditions, sequence: list[tuple], size: int) -> None:
    """Apply ``sequence`` in batches of ``size``: after each, the kept figures
    are the fresh ones, and a line left out of what ``apply`` says it touched
    kept its figures."""
    scorer = SessionScorer(conditions)
    current: dict[object, Line] = {}
    before: dict[object, object] = {}
    for start in range(0, len(sequence), size):
        batch = [
            line(b, t, score, adj)
            for (b, t), score, adj in sequence[start : start + size]
        ]
        touched = scorer.apply(batch)
        for item in batch:
            current[item.key] = item
        fresh = score_session(conditions, list(current.values()))
        assert as_dict(scorer.figures) == as_dict(fresh)
        for key, figures in fresh.lines.items():
            if key not in touched:
                assert before[key] == figures
        before = dict(fresh.lines)


@settings(max_examples=60, deadline=None)
@given(entries, batches, st.sampled_from(["auto", "one"]))
def test_matchpoints_incremental_equals_full(sequence, size, winners) -> None:
    check(Conditions(winners=winners), sequence, size)


# The schedule of that Mitchell: board b in round b at every table.
SCHEDULE = tuple(
    Table(round=b, table=t, ns=t, ew=10 + t, boards=(b,))
    for b in range(1, BOARDS + 1)
    for t in range(1, TABLES + 1)
)


@settings(max_examples=60, deadline=None)
@given(entries, batches, st.sampled_from(["figb_n_l12", "neuberg"]))
def test_matchpoints_on_a_schedule_incremental_equals_full(
    sequence, size, averaged
) -> None:
    """With the schedule's full-board count (decision 0164) as without it."""
    check(Conditions(assignments=SCHEDULE, averaged_boards=averaged), sequence, size)


@settings(max_examples=40, deadline=None)
@given(entries, batches)
def test_matchpoints_with_a_penalty_incremental_equals_full(sequence, size) -> None:
    penalty = Penalty(1, "procedural", "percent_of_top", 10)
    check(Conditions(penalties=(penalty,)), sequence, size)


@settings(max_examples=40, deadline=None)
@given(entries, batches, st.sampled_from(["imps_butler", "cross_imps"]))
def test_imp_pairs_incremental_equals_full(sequence, size, scoring) -> None:
    penalty = Penalty(11, "procedural", "imps", 3)
    check(Conditions(scoring=scoring, penalties=(penalty,)), sequence, size)


def test_a_correction_rescores_its_board_only() -> None:
    """Boards 1 and 2 played at every table: a correction on board 2 touches
    board 2's lines only, and each pair's total moves by its board-2 change."""
    lines = [
        line(b, t, 420 if t % 2 else 450, None) for b in (1, 2) for t in range(1, 5)
    ]
    scorer = SessionScorer(Conditions(), lines)
    lines_before = dict(scorer.figures.lines)
    totals_before = {s.entry_number: s.matchpoints for s in scorer.figures.standings}
    touched = scorer.apply([line(2, 1, 450, None)])
    assert touched == {(2, 1), (2, 2), (2, 3), (2, 4)}
    after = scorer.figures
    assert {k: after.lines[k] for k in lines_before if k[0] == 1} == {
        k: v for k, v in lines_before.items() if k[0] == 1
    }
    for table in range(1, 5):
        gained = after.lines[(2, table)].ns - lines_before[(2, table)].ns
        assert after.standing(table).matchpoints == totals_before[table] + gained
    # 450 at three tables of four (top 6): 4 each; 420 at table 3 scores 0.
    assert [after.lines[(2, t)].ns for t in range(1, 5)] == [4, 4, 0, 4]


def test_a_new_rounds_first_result_rescores_its_board_only() -> None:
    """Decision 0164: the full-board count is the schedule's (4 tables), so
    the first result on board 2 re-scores board 2 only; board 1's figures,
    factored to 4 results from the start, do not move. Without the schedule
    the count grows to 2 and every line of the session is re-scored."""
    round_1 = [line(1, t, 420 if t % 2 else 450, None) for t in (1, 2)]
    scheduled = SessionScorer(Conditions(assignments=SCHEDULE), round_1)
    before = dict(scheduled.figures.lines)
    assert scheduled.apply([line(2, 1, 420, None)]) == {(2, 1)}
    assert {k: scheduled.figures.lines[k] for k in before} == before
    unscheduled = SessionScorer(Conditions(), round_1[:1])
    assert unscheduled.apply([round_1[1]]) == {(1, 1), (1, 2)}
    # Board 1 holds 2 of its 4 results: 450 beats 420, Neuberg on the 2/1/0
    # scale to a top of 6, (M + 1) * 4 / 2 - 1: 5 and 1 (against 2 and 0).
    assert [scheduled.figures.lines[(1, t)].ns for t in (1, 2)] == [1, 5]
    assert [unscheduled.figures.lines[(1, t)].ns for t in (1, 2)] == [0, 2]


def test_the_schedules_count_leaves_a_complete_sessions_figures() -> None:
    """Once a board has every scheduled result the count is the largest
    played, as without the schedule: the final figures are the same, a board
    played fewer times (Law 78A, factored) included."""
    lines = [
        line(b, t, (420, 450, -50, 620)[(b + t) % 4], None)
        for b in range(1, BOARDS + 1)
        for t in range(1, TABLES + 1)
        if (b, t) != (3, 4)
    ]
    with_schedule = score_session(Conditions(assignments=SCHEDULE), lines)
    assert as_dict(with_schedule) == as_dict(score_session(Conditions(), lines))
