"""A matchpointed pairs session's conditions, traveller lines and standings.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78A (matchpoints), Law 12
(adjusted scores, with the session-percentage rule of 12C2(c)), Law 87B
(fouled boards in groups), Law 90 (procedural penalties); FIGB N-L12 (mani
medie and their end-of-session revision) and N-L78 §4 (ties share places).

``scoring.bridge.pairs_session.score_pairs_session`` scores the session:
``session_boards`` scores each board, ``session_totals`` adds them up and
``session_standings`` revises, penalises and ranks.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from scoring.bridge.adjusted import Adjustment, NoFaultRule
from scoring.bridge.matchpoints import BoardScores, FieldMethod
from scoring.bridge.rounding import Exact

__all__ = [
    "PairStanding",
    "ParticipantId",
    "RankBy",
    "SessionMethod",
    "SessionResult",
    "TableResult",
    "Winners",
]

ParticipantId = Hashable
"""A pair (or player) id as the caller numbers it: unique across the session."""


class TableResult(NamedTuple):
    """One line of a traveller: who sat NS and EW and what they scored.

    ``result`` is the raw NS score (Law 77) or an adjusted score (Law 12).
    ``section`` names the section; ``group`` the fouled-board form the table
    played (Law 87B; 0 = the board as dealt). An immutable named tuple, so a
    whole traveller transposes into columns at C speed.
    """

    ns: ParticipantId
    ew: ParticipantId
    result: int | Adjustment
    section: str = ""
    group: int = 0


class Winners(StrEnum):
    """Whether a session has one ranking or one per direction (Mitchell)."""

    AUTO = "auto"
    ONE = "one"
    BY_DIRECTION = "by_direction"


class RankBy(StrEnum):
    """What the ranking compares: percentage (default) or total matchpoints."""

    PERCENT = "percent"
    TOTAL = "total"


@dataclass(frozen=True, slots=True)
class SessionMethod:
    """The conditions of contest that shape the scoring (Law 78D).

    - ``field``: how results that cannot be compared are handled (decision 0023).
    - ``groups``: how a fouled board's other groups count (Law 87B; FIGB N-L87
      §7: +1 per result of the other group); default ``field``.
    - ``across_field``: compare each board across every section (True) or
      within each section (False; each section is then ranked apart).
    - ``no_fault_rule``: the end-of-session revision of artificial scores of
      sides not at fault (Law 12C2(c), FIGB N-L12).
    - ``winners``: one ranking, or one per direction (Mitchell); ``AUTO``
      ranks by direction when no pair sat in both directions.
    - ``expected``: the number of results of a full board; default the largest
      count on any board of the field.
    - ``scheduled``: the most times the session's schedule plays any board
      (decision 0164): the full-board count of a field compared across the
      whole session is at least this, so a board's figures are on the
      session's final scale from its first result and do not move when
      another board's count grows. ``expected`` overrides it.
    """

    field: FieldMethod = FieldMethod.NEUBERG
    groups: FieldMethod | None = None
    across_field: bool = True
    no_fault_rule: NoFaultRule = NoFaultRule.LAW_12C2C
    winners: Winners = Winners.AUTO
    rank_by: RankBy = RankBy.PERCENT
    expected: int | None = None
    scheduled: int | None = None


class PairStanding(NamedTuple):
    """A pair's session score and place (an immutable named tuple).

    Totals are exact integers over ``scale``: ``matchpoints_scaled`` is the
    board total before penalties, ``penalty_scaled`` the matchpoints deducted
    (Law 90). ``top`` is the sum of the tops of the boards the pair played.
    ``direction`` is "NS"/"EW" when each direction has its own ranking, else "".
    """

    participant: ParticipantId
    section: str
    direction: str
    boards: int
    top: int
    rank: int
    tied: bool
    scale: int
    matchpoints_scaled: int
    penalty_scaled: int = 0

    @property
    def matchpoints(self) -> Exact:
        """Return the board total before penalties, exactly."""
        return _exact(self.matchpoints_scaled, self.scale)

    @property
    def penalty(self) -> Exact:
        """Return the matchpoints deducted by procedural penalties (Law 90)."""
        return _exact(self.penalty_scaled, self.scale)

    @property
    def net(self) -> Exact:
        """Return the total after penalties."""
        return _exact(self.matchpoints_scaled - self.penalty_scaled, self.scale)

    @property
    def percent(self) -> Fraction:
        """Return the exact percentage after penalties (50 with no top)."""
        if self.top == 0:
            return Fraction(50)
        return Fraction(
            100 * (self.matchpoints_scaled - self.penalty_scaled), self.scale * self.top
        )


@dataclass(frozen=True, slots=True)
class SessionResult:
    """Every board's matchpoints (aligned with the input travellers) and the standings."""

    boards: Mapping[int, BoardScores]
    standings: tuple[PairStanding, ...]

    def standing(self, participant: ParticipantId) -> PairStanding:
        """Return one pair's standing."""
        for standing in self.standings:
            if standing.participant == participant:
                return standing
        raise KeyError(participant)


def _exact(numerator: int, denominator: int) -> Exact:
    if numerator % denominator == 0:
        return numerator // denominator
    return Fraction(numerator, denominator)
