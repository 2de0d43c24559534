"""A pairs session kept board by board between updates (decision 0098, 0132).

Law 78A compares the results of one board, so a new or corrected result
changes its own board's matchpoints; the session's totals change by that
board's difference. ``PairsBoards`` keeps each board's scored figures and
each pair's exact total, sum of tops and boards played, and moves them by the
boards an update re-scores: the work of an update is proportional to the
boards it changes, not to the results the session already holds. The figures
are the ones ``score_pairs_session`` gives for the same travellers (a
hypothesis test checks it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import lcm

from rules.errors import LawRef
from scoring.bridge.adjusted import ProceduralPenalty
from scoring.bridge.errors import ScoringError
from scoring.bridge.matchpoints import BoardScores
from scoring.bridge.pairs_session import finish, frozen_scores
from scoring.bridge.session import (
    ParticipantId,
    SessionMethod,
    SessionResult,
    TableResult,
)
from scoring.bridge.session_boards import (
    ScoredBoard,
    expected_counts,
    field_counts,
    score_session_board,
)

__all__ = ["PairsBoards"]


class _Sums:
    """Each pair's total (integers over ``scale``), sum of tops, boards
    played, and how many times it sits NS and EW, over the kept boards."""

    def __init__(self) -> None:
        self.scale = 1
        self.totals: dict[ParticipantId, int] = {}
        self.tops: dict[ParticipantId, int] = {}
        self.played: dict[ParticipantId, int] = {}
        self.seats: tuple[dict[ParticipantId, int], dict[ParticipantId, int]] = ({}, {})

    def add(self, board: ScoredBoard, sign: int) -> None:
        """Add a board's figures (``sign`` 1) or take them away (-1)."""
        if self.scale % board.denominator:
            scale = lcm(self.scale, board.denominator)
            factor = scale // self.scale
            self.totals = {pid: t * factor for pid, t in self.totals.items()}
            self.scale = scale
        factor = self.scale // board.denominator
        totals, tops, played = self.totals, self.tops, self.played
        for side, values in ((0, board.ns), (1, board.ew)):
            seats = self.seats[side]
            for i, pid in enumerate(board.columns[side]):
                totals[pid] = totals.get(pid, 0) + sign * values[i] * factor
                tops[pid] = tops.get(pid, 0) + sign * board.top_at(i)
                count = played.get(pid, 0) + sign
                seated = seats.get(pid, 0) + sign
                if seated:
                    seats[pid] = seated
                else:
                    del seats[pid]
                if count:
                    played[pid] = count
                else:
                    del played[pid], totals[pid], tops[pid]

    def at(
        self, scale: int
    ) -> tuple[
        dict[ParticipantId, int],
        dict[ParticipantId, int],
        dict[ParticipantId, int],
        set[ParticipantId],
        set[ParticipantId],
    ]:
        """Fresh copies in the order ``add_up`` gives, totals over ``scale``
        (which divides the kept scale: the boards' denominators' lcm)."""
        if scale != self.scale:
            factor = self.scale // scale
            self.totals = {pid: t // factor for pid, t in self.totals.items()}
            self.scale = scale
        ns_ids, ew_ids = set(self.seats[0]), set(self.seats[1])
        everyone = ns_ids | ew_ids
        return (
            {pid: self.totals[pid] for pid in everyone},
            {pid: self.tops[pid] for pid in everyone},
            {pid: self.played[pid] for pid in everyone},
            ns_ids,
            ew_ids,
        )


def _check_seats(lines: Sequence[TableResult]) -> None:
    """A pair sits at most once on a board, in one direction (Law 78A)."""
    ns = [line[0] for line in lines]
    ew = [line[1] for line in lines]
    if len(set(ns)) != len(ns) or len(set(ew)) != len(ew):
        raise ScoringError("a pair is listed twice on one board", law=LawRef("78A"))
    if not set(ns).isdisjoint(ew):
        raise ScoringError("a pair sits both NS and EW on one board", law=LawRef("78A"))


class PairsBoards:
    """A pairs session scored board by board and kept between updates.

    ``update`` re-scores only the boards given (all of them when a board's
    count changes a field's full-board count, which Neuberg factors every
    board to) and moves each pair's totals by those boards; ``result`` adds
    the Law 12C2(c) revision, the penalties and the ranks exactly as
    ``score_pairs_session`` does, so both give the same figures (decisions
    0098, 0132).
    """

    def __init__(self, method: SessionMethod | None = None) -> None:
        self.method = method or SessionMethod()
        self.travellers: dict[int, tuple[TableResult, ...]] = {}
        self.counts: dict[int, dict[str, int]] = {}
        self.expected: dict[str, int] = {}
        self.scored: dict[int, ScoredBoard] = {}
        self._sums = _Sums()
        self._frozen: dict[int, tuple[ScoredBoard, BoardScores]] = {}

    def update(self, travellers: Mapping[int, Sequence[TableResult]]) -> set[int]:
        """Replace the given boards' travellers (empty: none scored); return
        the boards re-scored."""
        for number, lines in travellers.items():
            if lines:
                if len(lines[0]) != 5:
                    raise ScoringError(f"board {number} has a malformed traveller line")
                _check_seats(lines)
        for number, lines in travellers.items():
            if lines:
                self.travellers[number] = tuple(lines)
                self.counts[number] = field_counts(lines, self.method)
            else:
                self.travellers.pop(number, None)
                self.counts.pop(number, None)
                old = self.scored.pop(number, None)
                if old is not None:
                    self._sums.add(old, -1)
        expected = expected_counts(self.counts.values(), self.method)
        fresh = expected != self.expected
        if fresh:
            self.expected = expected
            todo = set(self.travellers)
            self._sums = _Sums()
        else:
            todo = {n for n in travellers if n in self.travellers}
        sums = self._sums
        for number in todo:
            board = score_session_board(self.travellers[number], self.method, expected)
            old = self.scored.get(number)
            if old is not None and not fresh:
                sums.add(old, -1)
            self.scored[number] = board
            sums.add(board, 1)
        return todo

    def _freeze(self, number: int, board: ScoredBoard) -> BoardScores:
        kept = self._frozen.get(number)
        if kept is not None and kept[0] is board:
            return kept[1]
        frozen = frozen_scores(number, board)
        self._frozen[number] = (board, frozen)
        return frozen

    def result(self, penalties: Sequence[ProceduralPenalty] = ()) -> SessionResult:
        """Every kept board and the standings, as ``score_pairs_session``."""
        boards = self.scored
        scale = lcm(*(board.denominator for board in boards.values())) if boards else 1
        for number in set(self._frozen) - set(boards):
            del self._frozen[number]
        return finish(
            boards,
            self._sums.at(scale),
            scale,
            self.method,
            penalties,
            self._freeze,
        )
