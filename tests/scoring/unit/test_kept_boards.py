"""``PairsBoards`` keeps each pair's totals between updates and moves them by
the boards an update re-scores (decision 0132): after any sequence of
updates its result is the one ``score_pairs_session`` gives for the
travellers as they stand, exactly, the common scale included.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.bridge import (
    Artificial,
    PairsBoards,
    SessionMethod,
    TableResult,
    score_pairs_session,
)

TABLES = 4
BOARDS = 4
RESULTS = st.one_of(
    st.sampled_from([-200, -100, 0, 110, 140, 420, 450, 620]),
    st.sampled_from(
        [
            Artificial.of(60, 40),
            Artificial.of(40, 60),
            Artificial.of(50, 50),
            Artificial(Fraction(60), Fraction(60), True, True),
        ]
    ),
    st.none(),  # the table's line taken off the board (not played)
)
updates = st.lists(
    st.lists(
        st.tuples(st.integers(1, BOARDS), st.integers(1, TABLES), RESULTS),
        min_size=1,
        max_size=6,
    ),
    min_size=1,
    max_size=8,
)


def traveller(board: dict[int, object], sections: bool) -> list[TableResult]:
    """Table t: NS pair t, EW pair 10 + t; in two sections when asked."""
    return [
        TableResult(t, 10 + t, result, section="AB"[t % 2] if sections else "")
        for t, result in sorted(board.items())
    ]


@settings(max_examples=80, deadline=None)
@given(updates, st.booleans(), st.booleans())
def test_kept_boards_equal_a_fresh_score(batches, sections, twelve) -> None:
    method = SessionMethod(across_field=not sections, expected=12 if twelve else None)
    kept = PairsBoards(method)
    boards: dict[int, dict[int, object]] = {}
    for batch in batches:
        for number, table, result in batch:
            board = boards.setdefault(number, {})
            if result is None:
                board.pop(table, None)
            else:
                board[table] = result
        changed = {number for number, _, _ in batch}
        kept.update({n: traveller(boards.get(n, {}), sections) for n in changed})
        travellers = {
            n: traveller(board, sections) for n, board in boards.items() if board
        }
        fresh = score_pairs_session(travellers, method)
        result = kept.result()
        assert result.standings == fresh.standings
        assert dict(result.boards) == dict(fresh.boards)
