"""Matchpointed pairs' and individuals' figures (Law 78A).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 4 (individual partnerships),
Law 78A (matchpoints), Law 90 (procedural penalties in matchpoints or percent
of the top).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence, Set
from fractions import Fraction

from scoring.bridge import ProceduralPenalty
from scoring.bridge.individual import SeatedResult, score_individual_session
from scoring.bridge.matchpoints import BoardScores
from tournaments.domain.session_scoring.conditions import (
    MP_UNITS,
    Conditions,
    Line,
    Penalty,
)
from tournaments.domain.session_scoring.figures import (
    EMPTY,
    LineFigures,
    SessionFigures,
    Standing,
    entry_of,
    exact,
)


def mp_penalties(
    penalties: Sequence[Penalty], played: Set[Hashable]
) -> list[ProceduralPenalty]:
    return [
        ProceduralPenalty(
            participant=p.entry_number,
            amount=Fraction(p.amount),
            unit=MP_UNITS[p.unit],
        )
        for p in penalties
        if p.unit in MP_UNITS and p.entry_number in played
    ]


def line_figures(board: BoardScores, index: int) -> LineFigures:
    top = board.top_at(index)
    # ``exact`` inlined: the results projection reads each line of a board
    # it re-scores, every batch (issue 13).
    ns, ew = board.ns[index], board.ew[index]
    if type(ns) is not Fraction:
        ns = Fraction(ns)
    if type(ew) is not Fraction:
        ew = Fraction(ew)
    return LineFigures(ns, ew, top, compared=board.compared)


def score_individual(conditions: Conditions, lines: Sequence[Line]) -> SessionFigures:
    """Law 4 and 78A: each player takes his side's matchpoints; the four
    players of a table come from the seating, North and East being the
    line's ``ns`` and ``ew``."""
    seats = {
        (board, a.table): tuple(a.players)
        for a in conditions.assignments
        if a.players
        for board in a.boards
    }
    boards: dict[int, list[SeatedResult]] = {}
    placed: list[tuple[Hashable, int, int]] = []
    for line in lines:
        result = line.result()
        if result is None:
            continue
        north, east, south, west = seats[(line.board_number, line.table)]
        table = boards.setdefault(line.board_number, [])
        placed.append((line.key, line.board_number, len(table)))
        table.append(SeatedResult(north, east, south, west, result, group=line.group))
    if not boards:
        return EMPTY
    played = {p for t in boards.values() for r in t for p in r[:4]}
    scored = score_individual_session(
        boards,
        penalties=mp_penalties(conditions.penalties, played),
    )
    return SessionFigures(
        lines={
            key: line_figures(scored.boards[number], index)
            for key, number, index in placed
        },
        standings=tuple(
            Standing(
                entry_number=entry_of(s.participant),
                direction="",
                boards=s.boards,
                matchpoints=exact(s.matchpoints),
                penalty=exact(s.penalty),
                top=s.top,
                percent=s.percent,
                rank=s.rank,
                tied=s.tied,
                revised={b: Fraction(v) for b, v in s.revised.items()},
            )
            for s in scored.standings
        ),
    )
