"""Pairs in IMPs (Law 78D, decision 0053): standings from each board's IMPs.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78D (Butler and
cross-IMPs), Law 90 (IMP penalties); FIGB N-L78 §4 (ties).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction

from scoring.bridge.session import Winners
from scoring.standings import PairEntry, pair_standings
from tournaments.domain.session_scoring.conditions import Conditions, Line
from tournaments.domain.session_scoring.figures import (
    EMPTY,
    LineFigures,
    SessionFigures,
    Standing,
    entry_of,
)


def score_imp_pairs(
    conditions: Conditions,
    boards: Iterable[Sequence[tuple[Line, LineFigures]]],
) -> SessionFigures:
    """Pairs in IMPs from each board's line figures (``imp_board``): standings
    rank by total IMPs less IMP penalties (Law 90), one field or one per
    direction as the session says (by direction when no pair sat both ways
    unless it asks for one field), ties shared (FIGB N-L78 §4)."""
    figures: dict[Hashable, LineFigures] = {}
    totals: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    ns_ids: set[int] = set()
    ew_ids: set[int] = set()
    for board in boards:
        for line, gained in board:
            figures[line.key] = gained
            for pid, points in ((line.ns, gained.ns), (line.ew, gained.ew)):
                totals[pid] = totals.get(pid, Fraction(0)) + points
                played[pid] = played.get(pid, 0) + 1
            ns_ids.add(line.ns)
            ew_ids.add(line.ew)
    if not totals:
        return EMPTY
    penalty: dict[int, Fraction] = {}
    for p in conditions.penalties:
        if p.unit == "imps":
            penalty[p.entry_number] = (
                penalty.get(p.entry_number, Fraction(0)) + p.amount
            )
    by_direction = conditions.winners != Winners.ONE.value and not ns_ids & ew_ids
    fields: dict[str, list[int]] = {}
    for pid in sorted(totals):
        direction = ("NS" if pid in ns_ids else "EW") if by_direction else ""
        fields.setdefault(direction, []).append(pid)
    standings = []
    for direction, pids in sorted(fields.items()):
        net = {pid: totals[pid] - penalty.get(pid, Fraction(0)) for pid in pids}
        for s in pair_standings([PairEntry(pid, net[pid]) for pid in pids]):
            pid = entry_of(s.participant)
            standings.append(
                Standing(
                    entry_number=pid,
                    direction=direction,
                    boards=played[pid],
                    matchpoints=totals[pid],
                    penalty=penalty.get(pid, Fraction(0)),
                    top=0,
                    percent=Fraction(0),
                    rank=s.rank,
                    tied=s.tied,
                    imps=net[pid],
                )
            )
    return SessionFigures(figures, tuple(standings))
