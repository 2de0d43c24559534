"""Individual sessions: board matchpoints shared by partners (Law 4, 78A, 12C3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import LawRef
from scoring.bridge import Artificial, PenaltyUnit, ProceduralPenalty
from scoring.bridge.adjusted import NoFaultRule
from scoring.bridge.errors import ScoringError
from scoring.bridge.individual import SeatedResult, score_individual_session
from scoring.bridge.session import SessionMethod


def two_tables() -> dict[int, list[SeatedResult]]:
    """Eight players, two tables, two boards; partners change between boards."""
    return {
        1: [SeatedResult(1, 2, 3, 4, 420), SeatedResult(5, 6, 7, 8, 450)],
        2: [SeatedResult(1, 5, 2, 6, -100), SeatedResult(3, 7, 4, 8, -100)],
    }


def test_partners_share_their_sides_matchpoints() -> None:
    """Law 78A on each board; North and South take the North-South score."""
    session = score_individual_session(two_tables())
    by_player = {s.participant: s for s in session.standings}
    # Board 1: 450 beats 420 (top 2); board 2: equal scores, 1 each.
    assert by_player[5].matchpoints == 2 + 1
    assert by_player[7].matchpoints == 2 + 1  # 7 is 5's partner on board 1 only
    assert by_player[1].matchpoints == 0 + 1
    assert by_player[2].matchpoints == 2 + 1  # East on board 1, South on board 2
    assert by_player[5].percent == 75
    assert [s.rank for s in session.standings][:1] == [1]
    assert all(s.top == 4 and s.boards == 2 for s in session.standings)


def test_an_artificial_score_applies_to_both_members_of_the_side() -> None:
    """Law 12C3: the adjustment applies equally to both members of the side."""
    boards = two_tables()
    boards[1][0] = SeatedResult(
        1,
        2,
        3,
        4,
        Artificial.of(40, 60),
    )
    by_player = {s.participant: s for s in score_individual_session(boards).standings}
    assert by_player[1].matchpoints == by_player[3].matchpoints
    assert by_player[2].matchpoints == by_player[4].matchpoints
    assert by_player[2].matchpoints > by_player[1].matchpoints


def test_a_procedural_penalty_falls_on_the_offender_only() -> None:
    """Law 90 / 12C3: the partner is not penalised if blameless."""
    session = score_individual_session(
        two_tables(),
        penalties=[ProceduralPenalty(5, Fraction(25), PenaltyUnit.PERCENT_OF_TOP)],
    )
    by_player = {s.participant: s for s in session.standings}
    assert by_player[5].penalty == Fraction(1, 2)  # 25% of the top of 2
    assert by_player[5].percent == Fraction(100 * (3 - Fraction(1, 2)), 4)
    assert by_player[7].penalty == 0
    assert by_player[7].percent == 75


def test_a_player_seated_twice_on_a_board_is_refused() -> None:
    boards = two_tables()
    boards[1][1] = SeatedResult(1, 6, 7, 8, 450)
    with pytest.raises(ScoringError) as refused:
        score_individual_session(boards)
    assert refused.value.law == LawRef("78A")


def test_a_penalty_on_someone_who_did_not_play_is_refused() -> None:
    with pytest.raises(ScoringError) as refused:
        score_individual_session(
            two_tables(),
            penalties=[ProceduralPenalty(99, Fraction(1), PenaltyUnit.MATCHPOINTS)],
        )
    assert refused.value.law == LawRef("90")


@given(
    st.lists(
        st.sampled_from([-200, -100, 90, 110, 140, 420, 450, 620]),
        min_size=2,
        max_size=7,
    )
)
def test_each_board_gives_every_player_his_sides_points(scores: list[int]) -> None:
    """With n tables every player gets his side's points: the players' points on
    a board add up to twice the pairs' total, 2 x n x top."""
    rows = [
        SeatedResult(4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4, score)
        for i, score in enumerate(scores)
    ]
    session = score_individual_session({1: rows})
    n = len(rows)
    total = sum(Fraction(s.matchpoints) for s in session.standings)
    assert total == 2 * n * 2 * (n - 1)
    by_player = {s.participant: s.matchpoints for s in session.standings}
    for row in rows:
        assert by_player[row.north] == by_player[row.south]
        assert by_player[row.east] == by_player[row.west]
        assert by_player[row.north] + by_player[row.east] == 2 * (n - 1)


def test_a_penalty_in_imps_is_refused_in_a_matchpointed_session() -> None:
    """Law 90: the penalty is in the session's own unit (matchpoints or % of top)."""
    with pytest.raises(ScoringError) as refused:
        score_individual_session(
            two_tables(),
            penalties=[ProceduralPenalty(5, Fraction(3), PenaltyUnit.IMPS)],
        )
    assert refused.value.law == LawRef("90")


def test_a_penalty_on_a_board_takes_that_boards_top() -> None:
    session = score_individual_session(
        two_tables(),
        penalties=[
            ProceduralPenalty(5, Fraction(50), PenaltyUnit.PERCENT_OF_TOP, board=2)
        ],
    )
    assert {s.participant: s for s in session.standings}[5].penalty == 1
    with pytest.raises(ScoringError):
        score_individual_session(
            two_tables(),
            penalties=[
                ProceduralPenalty(5, Fraction(50), PenaltyUnit.PERCENT_OF_TOP, board=9)
            ],
        )


def three_boards(board_one: Artificial) -> dict[int, list[SeatedResult]]:
    """Board 1 at table 1 gets an artificial score; on boards 2 and 3 players
    1 and 2 win every comparison, 4 loses every one, 3 wins half."""
    return {
        1: [SeatedResult(1, 2, 3, 4, board_one), SeatedResult(5, 6, 7, 8, 420)],
        2: [SeatedResult(1, 5, 2, 6, 450), SeatedResult(3, 7, 4, 8, 420)],
        3: [SeatedResult(1, 7, 6, 4, 620), SeatedResult(5, 3, 8, 2, 170)],
    }


def test_law_12c2c_gives_each_player_his_own_session_percentage() -> None:
    """Law 12C2(c): the contestant in an individual event is the player
    (Definitions): partners in no way at fault are revised each on his own
    percentage on the other boards."""
    session = score_individual_session(three_boards(Artificial.of(60, 60)))
    by_player = {s.participant: s for s in session.standings}
    # 1 and 2 made 100% elsewhere: they take it on board 1 (top 2).
    assert by_player[1].revised == {1: 2}
    assert by_player[2].revised == {1: 2}
    assert by_player[1].matchpoints == 2 + 2 + 2
    # 3 made 50% and 4 made 0% elsewhere: their 60% stands.
    assert by_player[3].revised == {}
    assert by_player[4].revised == {}
    assert by_player[3].matchpoints == Fraction(6, 5) + 0 + 2
    assert by_player[4].matchpoints == Fraction(6, 5)


def test_a_player_at_fault_keeps_the_award() -> None:
    """Only a contestant in no way at fault is revised (Law 12C2(c))."""
    session = score_individual_session(three_boards(Artificial.of(60, 40)))
    by_player = {s.participant: s for s in session.standings}
    assert by_player[2].revised == {}  # East-West at fault: 40% although 100% else
    assert by_player[2].matchpoints == Fraction(4, 5) + 2 + 2
    assert by_player[1].revised == {1: 2}


def test_without_the_rule_every_award_stands() -> None:
    method = SessionMethod(no_fault_rule=NoFaultRule.NONE)
    session = score_individual_session(three_boards(Artificial.of(60, 60)), method)
    assert all(s.revised == {} for s in session.standings)
    by_player = {s.participant: s for s in session.standings}
    assert by_player[1].matchpoints == Fraction(6, 5) + 2 + 2
