"""Score a matchpointed pairs session end to end.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78A (matchpoints), Law 12
(adjusted scores, with the session-percentage rule of 12C2(c)), Law 87B
(fouled boards in groups), Law 90 (procedural penalties); FIGB N-L12 (mani
medie and their end-of-session revision) and N-L78 §4 (ties share places).

``score_pairs_session`` takes the travellers (per board, each table's pair ids
and raw NS score or adjustment) and returns every result's matchpoints, each
pair's total, percentage and rank. Exact throughout (decision 0020).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from math import lcm
from typing import cast

from scoring.bridge.adjusted import ProceduralPenalty
from scoring.bridge.matchpoints import BoardScores
from scoring.bridge.session import (
    ParticipantId,
    SessionMethod,
    SessionResult,
    TableResult,
)
from scoring.bridge.session_boards import ScoredBoard, score_boards
from scoring.bridge.session_standings import (
    penalty_deductions,
    rank_standings,
    revise_no_fault,
)
from scoring.bridge.session_totals import Sums, add_up

__all__ = ["finish", "frozen_scores", "score_pairs_session"]


def score_pairs_session(
    boards: Mapping[int, Sequence[TableResult]],
    method: SessionMethod | None = None,
    *,
    penalties: Sequence[ProceduralPenalty] = (),
) -> SessionResult:
    """Score a pairs session: matchpoints, factoring, percentages and ranks.

    Law 78A on each board (per section or across the field), with artificial,
    assigned, weighted and split scores (Law 12C), fouled-board groups
    (Law 87B), the 12C2(c)/FIGB N-L12 revision for sides not at fault, and
    procedural penalties in matchpoints or % of the top (Law 90). Totals are
    added in integers over one common denominator (decision 0020).
    """
    method = method or SessionMethod()
    return _session_result(score_boards(boards, method), method, penalties)


def _session_result(
    boards: Mapping[int, ScoredBoard],
    method: SessionMethod,
    penalties: Sequence[ProceduralPenalty],
) -> SessionResult:
    """Add up scored boards: totals, the 12C2(c) revision, penalties, ranks."""
    scale = lcm(*(board.denominator for board in boards.values())) if boards else 1
    return finish(boards, add_up(boards, scale), scale, method, penalties)


def finish(
    boards: Mapping[int, ScoredBoard],
    sums: Sums,
    scale: int,
    method: SessionMethod,
    penalties: Sequence[ProceduralPenalty],
    frozen: Callable[[int, ScoredBoard], BoardScores] | None = None,
) -> SessionResult:
    """The standings from the boards and their sums: the 12C2(c) revision,
    Law 90 penalties, ranks. ``sums`` is the caller's to give up (the
    revision and the penalties rewrite it).

    The revision rewrites the boards it touches, so those (never plain) are
    copied first and the caller's boards stay as they were. ``frozen`` gives a
    plain board's ``BoardScores`` (a caller that keeps them between updates).
    """
    scored = {
        number: board if board.plain else board.copy()
        for number, board in boards.items()
    }
    totals, tops, played, ns_ids, ew_ids = sums
    section_of: dict[ParticipantId, str] = {}
    for board in scored.values():
        sections = board.columns[3]
        if any(sections):
            section_of.update(
                zip(board.columns[0], cast("tuple[str, ...]", sections), strict=True)
            )
            section_of.update(
                zip(board.columns[1], cast("tuple[str, ...]", sections), strict=True)
            )

    scale = revise_no_fault(scored, totals, tops, scale, method.no_fault_rule)
    scale, deductions = penalty_deductions(penalties, scored, totals, scale)
    standings = rank_standings(
        totals, tops, played, deductions, scale, ns_ids, ew_ids, section_of, method
    )
    freeze = frozen or frozen_scores
    return SessionResult(
        boards={
            number: freeze(number, board)
            if board.plain
            else frozen_scores(number, board)
            for number, board in scored.items()
        },
        standings=standings,
    )


def frozen_scores(number: int, board: ScoredBoard) -> BoardScores:
    """A scored board as the result gives it."""
    return BoardScores(
        board.uniform_top,
        board.denominator,
        tuple(board.ns),
        tuple(board.ew),
        board.compared,
        () if board.tops is None else tuple(board.tops),
    )
