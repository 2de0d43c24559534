"""Individual sessions: each board matchpointed as in pairs, each player scored.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 4 (in an individual event
partnerships change during the session), Law 78A (matchpoints on a board),
Law 12C3 (rectifications and adjusted scores apply equally to both members of
the side), Law 12C2(c) (in an individual event the contestant is the player:
Definitions) and Law 90 (procedural penalties, to the offending player only).
FIGB N-L78 §4(a)(3) ranks "la coppia o il concorrente" alike, so the pairs
tie-breaks rank players too (``individual_standings``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial
from typing import NamedTuple

from rules.errors import LawRef
from scoring.bridge.adjusted import (
    Adjustment,
    Artificial,
    NoFaultRule,
    ProceduralPenalty,
    no_fault_percent,
)
from scoring.bridge.errors import ScoringError
from scoring.bridge.matchpoints import BoardScores
from scoring.bridge.pairs_session import score_pairs_session
from scoring.bridge.rounding import Exact
from scoring.bridge.session import (
    ParticipantId,
    SessionMethod,
    TableResult,
    Winners,
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
    """A player's session total: matchpoints, deductions, tops, percentage, place.

    ``revised`` holds the boards where Law 12C2(c) gave this player his own
    percentage instead of his side's artificial score: board -> matchpoints.
    """

    participant: ParticipantId
    boards: int
    matchpoints: Exact
    penalty: Exact
    top: int
    percent: Fraction
    rank: int
    tied: bool
    revised: Mapping[int, Exact] = field(default_factory=dict)

    @property
    def net(self) -> Exact:
        """Return the total after penalties (Law 90), as ``PairStanding.net``."""
        return _exact(Fraction(self.matchpoints) - Fraction(self.penalty))


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

    Law 12C2(c) is applied per player after the session (the event's
    ``no_fault_rule``): in an individual event the contestant is the player,
    so a player in no way at fault whose percentage on his other boards is
    higher takes it on the artificially scored board, while his partner, with
    his own percentage, may not (decision 0056).
    """
    method = method or SessionMethod()
    rule = method.no_fault_rule
    # Boards are scored side by side with no revision; revisions are per player.
    method = replace(method, winners=Winners.ONE, no_fault_rule=NoFaultRule.NONE)
    travellers = {
        number: [TableResult(r.north, r.east, r.result, group=r.group) for r in rows]
        for number, rows in boards.items()
    }
    scored = score_pairs_session(travellers, method)
    marks: dict[ParticipantId, dict[int, BoardMark]] = {}
    awards: dict[ParticipantId, dict[int, tuple[Fraction, bool]]] = {}
    for number, rows in boards.items():
        scores = scored.boards[number]
        for index, row in enumerate(rows):
            top = scores.top_at(index)
            artificial = row.result if isinstance(row.result, Artificial) else None
            for player, points, ns in (
                (row.north, scores.ns[index], True),
                (row.south, scores.ns[index], True),
                (row.east, scores.ew[index], False),
                (row.west, scores.ew[index], False),
            ):
                board_marks = marks.setdefault(player, {})
                if number in board_marks:
                    raise ScoringError(
                        f"{player!r} is seated twice on board {number}",
                        law=LawRef("78A"),
                    )
                board_marks[number] = BoardMark(points, top)
                if artificial is not None:
                    awards.setdefault(player, {})[number] = (
                        (artificial.ns_percent, artificial.ns_no_fault)
                        if ns
                        else (artificial.ew_percent, artificial.ew_no_fault)
                    )
    revised = _revise_no_fault(marks, awards, rule)
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
            revised=revised.get(s.participant, {}),
        )
        for s in ranked
    )
    return IndividualSession(boards=scored.boards, standings=standings)


def _revise_no_fault(
    marks: dict[ParticipantId, dict[int, BoardMark]],
    awards: Mapping[ParticipantId, Mapping[int, tuple[Fraction, bool]]],
    rule: NoFaultRule,
) -> dict[ParticipantId, dict[int, Exact]]:
    """Law 12C2(c) player by player; returns each player's revised boards.

    A player's percentage on his other boards counts only the boards where
    he has a compared result (no artificial score), as in pairs.
    """
    revised: dict[ParticipantId, dict[int, Exact]] = {}
    if rule is NoFaultRule.NONE:
        return revised
    for player, given in awards.items():
        if not any(no_fault for _, no_fault in given.values()):
            continue
        others = [m for n, m in marks[player].items() if n not in given]
        top = sum(m.top for m in others)
        other = (
            100 * sum((Fraction(m.matchpoints) for m in others), Fraction(0)) / top
            if top
            else None
        )
        for number, (awarded, no_fault) in given.items():
            percent = no_fault_percent(awarded, other, rule) if no_fault else awarded
            if percent != awarded:
                mark = marks[player][number]
                points = _exact(percent * mark.top / 100)
                marks[player][number] = BoardMark(points, mark.top)
                revised.setdefault(player, {})[number] = points
    return revised


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
