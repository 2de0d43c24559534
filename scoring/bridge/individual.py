"""Individual sessions: each board matchpointed as in pairs, each player scored.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 4 (in an individual event
partnerships change during the session), Law 78A (matchpoints on a board),
Law 12C3 (rectifications and adjusted scores apply equally to both members of
the side) and Law 90 (procedural penalties, to the offending player only).
FIGB N-L78 §4(a)(3) ranks "la coppia o il concorrente" alike, so the pairs
tie-breaks rank players too (``individual_standings``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import NamedTuple

from rules.errors import LawRef
from scoring.bridge.adjusted import (
    Adjustment,
    NoFaultRule,
    ProceduralPenalty,
)
from scoring.bridge.errors import ScoringError
from scoring.bridge.matchpoints import BoardScores
from scoring.bridge.rounding import Exact
from scoring.bridge.session import (
    ParticipantId,
    SessionMethod,
    TableResult,
    Winners,
    score_pairs_session,
)
from scoring.standings import BoardMark, PairEntry, individual_standings

__all__ = [
    "IndividualSession",
    "PlayerStanding",
    "SeatedResult",
    "score_individual_session",
]


class SeatedResult(NamedTuple):
    """One table's result on a board with the four players who sat there."""

    north: ParticipantId
    east: ParticipantId
    south: ParticipantId
    west: ParticipantId
    result: int | Adjustment
    group: int = 0


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """A player's session total: matchpoints, deductions, tops, percentage, place."""

    participant: ParticipantId
    boards: int
    matchpoints: Exact
    penalty: Exact
    top: int
    percent: Fraction
    rank: int
    tied: bool


@dataclass(frozen=True, slots=True)
class IndividualSession:
    """Every board's matchpoints (aligned with the input) and the players' ranking."""

    boards: Mapping[int, BoardScores]
    standings: tuple[PlayerStanding, ...]


def score_individual_session(
    boards: Mapping[int, Sequence[SeatedResult]],
    method: SessionMethod | None = None,
    *,
    penalties: Sequence[ProceduralPenalty] = (),
) -> IndividualSession:
    """Score an individual session (Law 78A per board; Law 4, 12C3, 90).

    A board is matchpointed across the field as in pairs (Neuberg or the
    event's method for boards with fewer results); North and South each take
    the North-South matchpoints of their table, East and West the East-West
    ones. A penalty in % of top is taken on the session's largest board top.

    The end-of-session revision of Law 12C2(c) looks at a side's session
    percentage; in an individual event the two members of a side have two
    different ones, and the Laws do not say whose counts, so awards stand as
    given (``NoFaultRule.NONE``; decision 0056).
    """
    method = replace(
        method or SessionMethod(), winners=Winners.ONE, no_fault_rule=NoFaultRule.NONE
    )
    travellers = {
        number: [TableResult(r.north, r.east, r.result, group=r.group) for r in rows]
        for number, rows in boards.items()
    }
    scored = score_pairs_session(travellers, method)
    marks: dict[ParticipantId, dict[int, BoardMark]] = {}
    for number, rows in boards.items():
        scores = scored.boards[number]
        for index, row in enumerate(rows):
            top = scores.top_at(index)
            for player, points in (
                (row.north, scores.ns[index]),
                (row.south, scores.ns[index]),
                (row.east, scores.ew[index]),
                (row.west, scores.ew[index]),
            ):
                board_marks = marks.setdefault(player, {})
                if number in board_marks:
                    raise ScoringError(
                        f"{player!r} is seated twice on board {number}",
                        law=LawRef("78A"),
                    )
                board_marks[number] = BoardMark(points, top)
    nominal_top = max(
        (m.top for player_marks in marks.values() for m in player_marks.values()),
        default=0,
    )
    deducted = _deductions(penalties, marks, nominal_top)
    totals = {
        player: (
            sum((Fraction(m.matchpoints) for m in board_marks.values()), Fraction(0)),
            sum(m.top for m in board_marks.values()),
        )
        for player, board_marks in marks.items()
    }

    def percent(player: ParticipantId) -> Fraction:
        points, top = totals[player]
        if top == 0:
            return Fraction(50)
        return 100 * (points - deducted.get(player, Fraction(0))) / top

    ranked = individual_standings(
        [
            PairEntry(participant=p, score=percent(p), boards=marks[p])
            for p in sorted(marks, key=repr)
        ]
    )
    standings = tuple(
        PlayerStanding(
            participant=s.participant,
            boards=len(marks[s.participant]),
            matchpoints=_exact(totals[s.participant][0]),
            penalty=_exact(deducted.get(s.participant, Fraction(0))),
            top=totals[s.participant][1],
            percent=percent(s.participant),
            rank=s.rank,
            tied=s.tied,
        )
        for s in ranked
    )
    return IndividualSession(boards=scored.boards, standings=standings)


def _deductions(
    penalties: Sequence[ProceduralPenalty],
    marks: Mapping[ParticipantId, Mapping[int, BoardMark]],
    nominal_top: int,
) -> dict[ParticipantId, Fraction]:
    """Law 90: each player's deducted matchpoints (Law 12C3 spares the partner)."""
    out: dict[ParticipantId, Fraction] = {}
    for penalty in penalties:
        if penalty.participant not in marks:
            raise ScoringError(
                f"{penalty.participant!r} did not play in this session",
                law=LawRef("90"),
            )
        amount = penalty.matchpoints(
            partial(_top_for, penalty, marks[penalty.participant], nominal_top)
        )
        out[penalty.participant] = out.get(penalty.participant, Fraction(0)) + amount
    return out


def _top_for(
    penalty: ProceduralPenalty, marks: Mapping[int, BoardMark], nominal_top: int
) -> int:
    """The top a % of top penalty is taken on: its board's, else the session's."""
    if penalty.board is None:
        return nominal_top
    mark = marks.get(penalty.board)
    if mark is None:
        raise ScoringError(
            f"{penalty.participant!r} did not play board {penalty.board}",
            law=LawRef("90"),
        )
    return mark.top


def _exact(value: Fraction) -> Exact:
    return value.numerator if value.denominator == 1 else value
