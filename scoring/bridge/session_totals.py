"""Add up a pairs session's scored boards: each pair's total, tops and boards played."""

from __future__ import annotations

from collections.abc import Mapping

from rules.errors import LawRef
from scoring.bridge.errors import ScoringError
from scoring.bridge.session import ParticipantId
from scoring.bridge.session_boards import ScoredBoard

__all__ = ["Sums", "add_up"]

Sums = tuple[
    dict[ParticipantId, int],
    dict[ParticipantId, int],
    dict[ParticipantId, int],
    set[ParticipantId],
    set[ParticipantId],
]
"""Each pair's total over the scale, sum of tops and boards played, and the
pairs seen NS and EW (``add_up``)."""


def add_up(scored: Mapping[int, ScoredBoard], scale: int) -> Sums:
    """Return each pair's total (over ``scale``), sum of tops and boards played.

    Travellers usually list the same pairs in the same order on many boards
    (every NS pair of a Mitchell; the EW pairs of one round), so boards that
    share a column are summed column-wise first and each pair is visited once
    per distinct column. A pair listed twice on one board is refused.
    """
    by_column: list[dict[tuple[object, ...], list[ScoredBoard]]] = [{}, {}]
    sides: list[set[ParticipantId]] = [set(), set()]
    for side in (0, 1):
        columns = by_column[side]
        for board in scored.values():
            columns.setdefault(board.columns[side], []).append(board)
        for column in columns:
            ids = set(column)
            if len(ids) != len(column):
                raise ScoringError(
                    "a pair is listed twice on one board", law=LawRef("78A")
                )
            sides[side].update(ids)
    for board in scored.values():
        if not sides[0].isdisjoint(board.columns[1]) and not set(
            board.columns[0]
        ).isdisjoint(board.columns[1]):
            raise ScoringError(
                "a pair sits both NS and EW on one board", law=LawRef("78A")
            )
    everyone = sides[0] | sides[1]
    totals: dict[ParticipantId, int] = dict.fromkeys(everyone, 0)
    played: dict[ParticipantId, int] = dict.fromkeys(everyone, 0)
    tops: dict[ParticipantId, int] = dict.fromkeys(everyone, 0)
    uniform_tops = {
        board.uniform_top for board in scored.values() if board.tops is None
    }
    one_top = len(uniform_tops) == 1 and all(b.tops is None for b in scored.values())
    for side in (0, 1):
        for column, group in by_column[side].items():
            if any(board.tops is not None for board in group):
                _add_board_by_board(column, group, side, scale, totals, tops, played)
                continue
            values = _column_sum(group, side, scale)
            count = len(group)
            for pid, value in zip(column, values, strict=True):
                totals[pid] += value
                played[pid] += count
            if not one_top:
                top_sum = sum(board.uniform_top for board in group)
                for pid in column:
                    tops[pid] += top_sum
    if one_top:
        (top,) = uniform_tops
        tops = {pid: top * count for pid, count in played.items()}
    return totals, tops, played, sides[0], sides[1]


def _column_sum(group: list[ScoredBoard], side: int, scale: int) -> list[int]:
    """Return the column-wise sum over ``scale`` of boards sharing one column.

    Boards are added on their own denominator first and scaled once per
    denominator, so plain boards are never multiplied.
    """
    by_denominator: dict[int, list[list[int]]] = {}
    for board in group:
        by_denominator.setdefault(board.denominator, []).append(
            board.ns if side == 0 else board.ew
        )
    parts = []
    for denominator, vectors in by_denominator.items():
        summed = (
            vectors[0]
            if len(vectors) == 1
            else list(map(sum, zip(*vectors, strict=True)))
        )
        parts.append(_scaled(summed, scale // denominator))
    return parts[0] if len(parts) == 1 else list(map(sum, zip(*parts, strict=True)))


def _add_board_by_board(
    column: tuple[object, ...],
    group: list[ScoredBoard],
    side: int,
    scale: int,
    totals: dict[ParticipantId, int],
    tops: dict[ParticipantId, int],
    played: dict[ParticipantId, int],
) -> None:
    for board in group:
        values = _scaled(
            board.ns if side == 0 else board.ew, scale // board.denominator
        )
        for i, pid in enumerate(column):
            totals[pid] += values[i]
            tops[pid] += board.top_at(i)
            played[pid] += 1


def _scaled(values: list[int], factor: int) -> list[int]:
    return values if factor == 1 else [v * factor for v in values]
