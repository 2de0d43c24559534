"""``score_session``, the one place where result lines become figures, and
``SessionScorer``, which re-scores only the boards whose lines change
(decisions 0075 and 0098); ``check_schedule``, the write side's check that a
schedule scores.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints), Law 78D
(IMPs), Law 87 (fouled boards); FIGB N-L87 §7a (swapped cards).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import lru_cache

from scoring.bridge import Adjustment, Artificial, TableResult
from scoring.bridge.adjusted import SwapKind, swapped_cards_artificial
from scoring.bridge.imp_pairs import board_datum, imp_board
from scoring.bridge.kept_boards import PairsBoards
from tournaments.domain.session_scoring.conditions import (
    CROSS_IMPS,
    FIGB_FOULED,
    IMP_PAIRS,
    INDIVIDUAL,
    TEAMS,
    Conditions,
    Line,
    Seating,
)
from tournaments.domain.session_scoring.figures import (
    EMPTY,
    LineFigures,
    SessionFigures,
    Standing,
    entry_of,
    exact,
)
from tournaments.domain.session_scoring.imp_pairs import score_imp_pairs
from tournaments.domain.session_scoring.matchpoints import (
    line_figures,
    mp_penalties,
    score_individual,
)
from tournaments.domain.session_scoring.teams import score_teams


def score_session(conditions: Conditions, lines: Sequence[Line]) -> SessionFigures:
    """Score one session from its result lines; raise ``ScoringError`` (a
    ``DomainError`` naming the Law) when the lines cannot be scored.

    Lines neither played nor adjusted are left out. A penalty on an entry that
    has no scored board yet waits until it has one (Law 90 deducts from a
    score).
    """
    if conditions.form == TEAMS:
        return score_teams(conditions, lines)
    if conditions.form == INDIVIDUAL:
        return score_individual(conditions, lines)
    return SessionScorer(conditions, lines).figures


class SessionScorer:
    """One session's lines and exact figures, re-scored where lines change.

    Pairs re-score only the boards whose lines ``apply`` receives (Law 78A:
    a board's matchpoints depend on that board's results; Law 78D: a Butler
    datum or the cross-IMP comparisons on that board's), then add up the
    standings from every board's kept figures, so the figures are the ones a
    fresh ``score_session`` gives (decision 0098). Individuals and teams are
    scored whole from the kept lines. ``figures`` is the last result;
    ``apply`` returns the keys whose line figures may have changed.
    """

    def __init__(self, conditions: Conditions, lines: Sequence[Line] = ()) -> None:
        self.conditions = conditions
        self.lines: dict[Hashable, Line] = {}
        self.boards: dict[int, dict[Hashable, Line]] = {}
        self.figures = EMPTY
        self._line_figures: dict[Hashable, LineFigures] = {}
        self._pairs = PairsBoards(conditions.method)
        self._rounds = _rounds_of(conditions.assignments)
        self._total_rounds = len({a.round for a in conditions.assignments})
        self._placed: dict[int, tuple[Hashable, ...]] = {}
        self._imps: dict[int, list[tuple[Line, LineFigures]]] = {}
        self.apply(lines)

    def apply(self, lines: Sequence[Line]) -> set[Hashable]:
        """Take new or changed lines (by key); re-score; return the keys of
        the lines whose figures may have changed."""
        changed: set[int] = set()
        for line in lines:
            old = self.lines.get(line.key)
            if old is not None and old.board_number != line.board_number:
                del self.boards[old.board_number][line.key]
                changed.add(old.board_number)
            self.lines[line.key] = line
            self.boards.setdefault(line.board_number, {})[line.key] = line
            changed.add(line.board_number)
        form, scoring = self.conditions.form, self.conditions.scoring
        if form in (TEAMS, INDIVIDUAL):
            self.figures = (score_teams if form == TEAMS else score_individual)(
                self.conditions, list(self.lines.values())
            )
            return set(self.lines)
        if scoring in IMP_PAIRS:
            return self._apply_imps(changed)
        return self._apply_matchpoints(changed)

    def _scored(self, number: int) -> list[tuple[Line, int | Adjustment]]:
        return [
            (line, result)
            for line in self.boards.get(number, {}).values()
            if (result := line.result()) is not None
        ]

    def _apply_matchpoints(self, changed: set[int]) -> set[Hashable]:
        travellers: dict[int, list[TableResult]] = {}
        for number in changed:
            scored = self._fouled(self._scored(number))
            self._placed[number] = tuple(line.key for line, _ in scored)
            travellers[number] = [
                TableResult(line.ns, line.ew, result, group=line.group)
                for line, result in scored
            ]
        rescored = self._pairs.update(travellers)
        boards = self._pairs.scored
        touched = {key for number in changed for key in self.boards.get(number, {})}
        for key in touched:
            self._line_figures.pop(key, None)
        if not boards:
            self.figures = EMPTY
            return touched
        penalties = self.conditions.penalties
        played = (
            {
                p
                for t in self._pairs.travellers.values()
                for r in t
                for p in (r.ns, r.ew)
            }
            if penalties
            else set()
        )
        result = self._pairs.result(mp_penalties(penalties, played))
        # A board with an artificial score moves with the session (Law 12C2(c)).
        redo = rescored | {n for n, b in boards.items() if not b.plain}
        for number in redo:
            for index, key in enumerate(self._placed[number]):
                self._line_figures[key] = line_figures(result.boards[number], index)
                touched.add(key)
        self.figures = SessionFigures(
            lines=dict(self._line_figures),
            standings=tuple(
                Standing(
                    entry_number=entry_of(s.participant),
                    direction=s.direction,
                    boards=s.boards,
                    matchpoints=exact(s.matchpoints),
                    penalty=exact(s.penalty),
                    top=s.top,
                    percent=s.percent,
                    rank=s.rank,
                    tied=s.tied,
                )
                for s in result.standings
            ),
        )
        return touched

    def _fouled(
        self, scored: list[tuple[Line, int | Adjustment]]
    ) -> list[tuple[Line, int | Adjustment]]:
        """FIGB N-L87 §7a: a board played with swapped cards in fewer rounds
        than the split share of the session's gets an artificial score at
        each such table, by which hands were swapped (N/S 40/50, E/W 50/40,
        across 40/40), and 60% of the top to both pairs of the table that
        found it; those tables leave the groups. From the share on, the
        groups stand (+1 per result of the other group). A table whose swap
        was not recorded keeps the groups (Law 87B)."""
        fouled = [line for line, _ in scored if line.group]
        if (
            not fouled
            or self.conditions.fouled_boards != FIGB_FOULED
            or not all(line.swap or line.found_here for line in fouled)
        ):
            return scored
        rounds = {self._rounds.get((line.table, line.board_number)) for line in fouled}
        total = self._total_rounds
        top, bottom = self.conditions.fouled_split
        if None in rounds or not total or len(rounds) * bottom >= top * total:
            return scored
        return [
            (line, _swapped(line) if line.group else result) for line, result in scored
        ]

    def _apply_imps(self, changed: set[int]) -> set[Hashable]:
        cross = self.conditions.scoring == CROSS_IMPS
        touched: set[Hashable] = set()
        for number in changed:
            touched.update(self.boards.get(number, {}))
            scored = self._scored(number)
            if not scored:
                self._imps.pop(number, None)
                continue
            results = [r for _, r in scored]
            datum = None if cross else board_datum(results)
            self._imps[number] = [
                (line, LineFigures(ns, ew, datum=datum))
                for (line, _), (ns, ew) in zip(
                    scored, imp_board(results, cross=cross), strict=True
                )
            ]
        self.figures = score_imp_pairs(self.conditions, self._imps.values())
        return touched


def _rounds_of(assignments: Iterable[Seating]) -> dict[tuple[int, int], int]:
    """(table, board) -> the round the board was played at that table."""
    return {(a.table, board): a.round for a in assignments for board in a.boards}


def _swapped(line: Line) -> Artificial:
    """The artificial score of a table that played swapped cards (N-L87 §7a).

    The table that found the error: 60% of the top to both pairs, a fixed
    score the norm sets, not an average N-L12 revises."""
    if line.found_here:
        return Artificial.of(60, 60, ns_no_fault=False, ew_no_fault=False)
    return swapped_cards_artificial(SwapKind(line.swap))


def check_schedule(
    form: str, scoring: str, winners: str, assignments: tuple[Seating, ...]
) -> None:
    """Score the schedule with every table's boards played (all passed out).

    Raises what ``score_session`` would raise on the session's results: a pair
    ranked by direction that changes direction (Law 78A), a pair that meets a
    board twice. Whatever subset of the results arrives later scores too.
    """
    _check_schedule(form, scoring, winners, tuple(assignments))


@lru_cache(maxsize=64)
def _check_schedule(
    form: str, scoring: str, winners: str, assignments: tuple[Seating, ...]
) -> None:
    lines = [
        Line((a.round, a.table, board), board, a.table, a.ns, a.ew, 0)
        for a in assignments
        if a.ns and a.ew and (form != INDIVIDUAL or len(a.players) == 4)
        for board in a.boards
    ]
    score_session(
        Conditions(
            form=form, scoring=scoring, winners=winners, assignments=assignments
        ),
        lines,
    )
