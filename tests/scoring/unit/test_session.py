"""Scoring a pairs session end to end (Law 78A, Law 12C, Law 87B, Law 90)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LawRef
from scoring.bridge import (
    Artificial,
    Assigned,
    FieldMethod,
    NoFaultRule,
    PenaltyUnit,
    ProceduralPenalty,
    RankBy,
    ScoringError,
    SessionMethod,
    TableResult,
    Winners,
    score_pairs_session,
)


def mitchell(tables: int, rounds: int, seed: int) -> dict[int, list[TableResult]]:
    """A Mitchell with one board a round: NS pair t stays, EW pair t + r moves."""
    rng = random.Random(seed)
    boards: dict[int, list[TableResult]] = {}
    for r in range(rounds):
        lines = []
        for t in range(tables):
            score = rng.choice([-200, -100, 110, 140, 420, 450, 620])
            lines.append(TableResult(f"N{t + 1}", f"E{(t + r) % tables + 1}", score))
        boards[r + 1] = lines
    return boards


def test_small_mitchell_totals_percentages_and_ranks() -> None:
    """Each pair's matchpoints add up; each direction is ranked apart (Law 78A)."""
    boards = {
        1: [
            TableResult("N1", "E1", 420),
            TableResult("N2", "E2", 170),
            TableResult("N3", "E3", 420),
        ],
        2: [
            TableResult("N1", "E2", -100),
            TableResult("N2", "E3", 110),
            TableResult("N3", "E1", 140),
        ],
    }
    result = score_pairs_session(boards)
    assert result.boards[1].ns == (3, 0, 3)
    assert result.boards[2].ew == (4, 2, 0)
    n1 = result.standing("N1")
    assert (n1.matchpoints, n1.top, n1.boards) == (3, 8, 2)
    assert n1.percent == Fraction(75, 2)
    directions = {s.direction for s in result.standings}
    assert directions == {"NS", "EW"}
    ns_ranks = [
        (s.participant, s.rank, s.tied) for s in result.standings if s.direction == "NS"
    ]
    assert ns_ranks == [("N3", 1, False), ("N1", 2, False), ("N2", 3, False)]
    tied = score_pairs_session(
        {1: [TableResult("N1", "E1", 420), TableResult("N2", "E2", 420)]}
    )
    assert [(s.rank, s.tied) for s in tied.standings if s.direction == "NS"] == [
        (1, True),
        (1, True),
    ]


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=2, max_value=9),
    st.integers(min_value=1, max_value=6),
    st.integers(),
)
def test_session_totals_match_the_boards(tables: int, rounds: int, seed: int) -> None:
    """Pair totals equal the sum of their board matchpoints; NS + EW = top per table."""
    boards = mitchell(tables, rounds, seed)
    result = score_pairs_session(boards)
    totals: dict[str, Fraction] = {}
    for number, lines in boards.items():
        scored = result.boards[number]
        for i, line in enumerate(lines):
            assert scored.ns[i] + scored.ew[i] == scored.top
            totals[str(line.ns)] = totals.get(str(line.ns), Fraction(0)) + scored.ns[i]
            totals[str(line.ew)] = totals.get(str(line.ew), Fraction(0)) + scored.ew[i]
    for standing in result.standings:
        assert standing.matchpoints == totals[str(standing.participant)]
    ranks = [s.rank for s in result.standings if s.direction == "NS"]
    assert ranks == sorted(ranks)


def test_howell_has_one_ranking() -> None:
    """Pairs that sit both ways are ranked together (Winners.AUTO)."""
    boards = {
        1: [TableResult(1, 2, 420), TableResult(3, 4, 170)],
        2: [TableResult(2, 3, 420), TableResult(4, 1, -50)],
    }
    result = score_pairs_session(boards)
    assert {s.direction for s in result.standings} == {""}
    placed = [(s.participant, s.rank, s.tied) for s in result.standings]
    assert placed[0] == (1, 1, False)
    assert sorted(placed[1:3]) == [(2, 2, True), (4, 2, True)]
    assert placed[3] == (3, 4, False)
    with pytest.raises(ScoringError):
        score_pairs_session(boards, SessionMethod(winners=Winners.BY_DIRECTION))


def test_artificial_score_and_law_12c2c() -> None:
    """A side not at fault gets its session percentage when above 60% (Law 12C2(c))."""
    boards = mitchell(5, 4, seed=7)
    boards[5] = [
        TableResult(f"N{t + 1}", f"E{(t + 4) % 5 + 1}", 620 - 100 * t) for t in range(5)
    ]
    boards[5][0] = TableResult("N1", boards[5][0].ew, Artificial.of(60, 40))
    plain = score_pairs_session(boards, SessionMethod(no_fault_rule=NoFaultRule.NONE))
    revised = score_pairs_session(boards)
    top = plain.boards[5].top
    assert plain.boards[5].ns[0] == Fraction(60 * top, 100)
    n1 = revised.standing("N1")
    other = Fraction(plain.standing("N1").matchpoints - plain.boards[5].ns[0]) / (
        plain.standing("N1").top - top
    )
    expected = max(Fraction(60, 100), other) * top
    assert revised.boards[5].ns[0] == expected
    assert (
        n1.matchpoints
        == plain.standing("N1").matchpoints - plain.boards[5].ns[0] + expected
    )
    # The offending side's 40% is never revised; other pairs are untouched.
    assert revised.boards[5].ew[0] == plain.boards[5].ew[0]
    assert revised.standing("N2").matchpoints == plain.standing("N2").matchpoints


def test_figb_no_fault_average_becomes_the_session_percentage() -> None:
    """FIGB N-L12: an average given through no fault becomes the pair's own percentage."""
    boards = {
        1: [
            TableResult("N1", "E1", 620),
            TableResult("N2", "E2", 170),
            TableResult("N3", "E3", -100),
        ],
        2: [
            TableResult(
                "N1", "E2", Artificial.of(50, 50, ns_no_fault=True, ew_no_fault=True)
            ),
            TableResult("N2", "E3", 110),
            TableResult("N3", "E1", 140),
        ],
    }
    method = SessionMethod(
        field=FieldMethod.FIGB_AVERAGES, no_fault_rule=NoFaultRule.FIGB_SESSION_PERCENT
    )
    result = score_pairs_session(boards, method)
    # N1 scored a top (100%) on board 1, so its average becomes 100% of 4.
    assert result.boards[2].ns[0] == 4
    # E2 scored 2 of 4 (50%) on board 1: its average stays 2.
    assert result.boards[2].ew[0] == 2
    floor = SessionMethod(
        field=FieldMethod.FIGB_AVERAGES,
        no_fault_rule=NoFaultRule.FIGB_SESSION_PERCENT_MIN_60,
    )
    assert score_pairs_session(boards, floor).boards[2].ew[0] == Fraction(12, 5)


def test_procedural_penalty_in_percent_of_top() -> None:
    """FIGB §2.1: a 10% of top penalty comes off the offender only (Law 90)."""
    boards = mitchell(4, 3, seed=3)
    plain = score_pairs_session(boards)
    penalties = [
        ProceduralPenalty("N2", Fraction(10), PenaltyUnit.PERCENT_OF_TOP, board=2),
        ProceduralPenalty("E1", Fraction(1), PenaltyUnit.MATCHPOINTS),
    ]
    result = score_pairs_session(boards, penalties=penalties)
    assert result.standing("N2").penalty == Fraction(6, 10)
    assert result.standing("N2").net == plain.standing("N2").matchpoints - Fraction(
        6, 10
    )
    assert result.standing("E1").net == plain.standing("E1").matchpoints - 1
    assert result.standing("N1").percent == plain.standing("N1").percent
    with pytest.raises(ScoringError):
        score_pairs_session(
            boards,
            penalties=[
                ProceduralPenalty("N1", Fraction(1), PenaltyUnit.VICTORY_POINTS)
            ],
        )


def test_weighted_and_split_scores_in_a_session() -> None:
    """Weighted (Law 12C1(c)) and split (12C1(e)) scores flow into the totals."""
    boards = mitchell(6, 2, seed=11)
    boards[1][2] = TableResult(
        boards[1][2].ns,
        boards[1][2].ew,
        Assigned.weighted([(620, "0.6"), (-100, "0.4")]),
    )
    boards[2][3] = TableResult(
        boards[2][3].ns, boards[2][3].ew, Assigned.split([(420, 1)], [(-50, 1)])
    )
    result = score_pairs_session(boards)
    assert sum(result.boards[1].ns) == 30
    assert sum(result.boards[2].ns) == 30
    assert sum(result.boards[2].ew) == 30


def test_sections_scored_apart() -> None:
    """Each section is matchpointed and ranked on its own when the event says so."""
    boards = {
        1: [
            TableResult("A1", "A2", 420, section="A"),
            TableResult("A3", "A4", 170, section="A"),
            TableResult("B1", "B2", -100, section="B"),
            TableResult("B3", "B4", -200, section="B"),
        ]
    }
    result = score_pairs_session(boards, SessionMethod(across_field=False))
    assert result.boards[1].ns == (2, 0, 2, 0)
    assert result.boards[1].top_at(0) == 2
    across = score_pairs_session(boards)
    assert across.boards[1].ns == (6, 4, 2, 0)
    assert {s.section for s in result.standings} == {"A", "B"}


def test_boards_played_fewer_times_are_factored() -> None:
    """A board with a missing result is Neuberg-factored to the full field."""
    boards = mitchell(4, 2, seed=5)
    boards[2] = boards[2][:3]
    result = score_pairs_session(boards)
    assert result.boards[2].top == 6
    assert sum(result.boards[2].ns) == Fraction(3 * 6, 2)


def test_rank_by_total() -> None:
    """Ranking by total matchpoints instead of percentage is a choice of the event."""
    boards = mitchell(4, 3, seed=9)
    result = score_pairs_session(boards, SessionMethod(rank_by=RankBy.TOTAL))
    ns = [s for s in result.standings if s.direction == "NS"]
    assert [s.matchpoints for s in ns] == sorted(
        (s.matchpoints for s in ns), reverse=True
    )


def test_bad_input_is_refused() -> None:
    """Impossible scores and a pair listed twice on a board are refused."""
    with pytest.raises(ScoringError) as raised:
        score_pairs_session({1: [TableResult("N1", "E1", 425)]})
    assert raised.value.code == "invalid_score"
    assert raised.value.law == LawRef("77")
    with pytest.raises(ScoringError):
        score_pairs_session(
            {1: [TableResult("N1", "E1", 420), TableResult("N1", "E2", 170)]}
        )
    with pytest.raises(ScoringError):
        score_pairs_session(
            {1: [TableResult("N1", "E1", 420), TableResult("E1", "N2", 170)]}
        )
