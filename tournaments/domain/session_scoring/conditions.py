"""What the scoring of one session reads: the tournament's conditions (form,
method, schedule, penalties) and the result lines (decision 0075).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 8 (table assignments),
Law 12C (adjusted scores), Law 77 (table scores), Law 78D (the scoring
method), Law 87 (fouled boards), Laws 90-91 (penalties); FIGB N-L12, N-L87 §7.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from scoring.bridge import Adjustment, PenaltyUnit
from scoring.bridge.adjusted import NoFaultRule
from scoring.bridge.matchpoints import FieldMethod
from scoring.bridge.session import SessionMethod, Winners
from scoring.bridge.vp_scales import WBF_20, VpScale
from tournaments.domain.board_result import parse_adjusted

# Form and scoring method values of the tournament stream (tournament.Form,
# tournament.ScoringMethod); plain strings so that the tournament module can
# call ``check_schedule`` without an import cycle.
TEAMS = "teams"
INDIVIDUAL = "individual"
# ScoringRules values (tournament.AveragedBoards, tournament.FouledBoards).
FIGB_AVERAGES = "figb_n_l12"
FIGB_FOULED = "figb_n_l87_7"
IMP_PAIRS = ("imps_butler", "cross_imps")
CROSS_IMPS = "cross_imps"
MP_UNITS = {
    "percent_of_top": PenaltyUnit.PERCENT_OF_TOP,
    "matchpoints": PenaltyUnit.MATCHPOINTS,
}


class Seating(Protocol):
    """One table of one round (``tournament.TableAssignment`` or ``Table``)."""

    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def ns(self) -> int: ...
    @property
    def ew(self) -> int: ...
    @property
    def boards(self) -> tuple[int, ...]: ...
    @property
    def players(self) -> tuple[int, ...]: ...


class Table(NamedTuple):
    """A table assignment as the read model stores it (Law 8)."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]
    players: tuple[int, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        """The table as a ``tournament.session_scheduled`` payload spells it."""
        return cls(
            round=int(data["round"]),
            table=int(data["table"]),
            ns=int(data["ns"]),
            ew=int(data["ew"]),
            boards=tuple(int(b) for b in data["boards"]),
            players=tuple(int(p) for p in data.get("players") or ()),
        )


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty as the tournament stream records it (Laws 90-91, FIGB N-L8)."""

    entry_number: int
    kind: str  # "procedural" | "disciplinary" | "warning"
    unit: str  # "percent_of_top" | "matchpoints" | "imps" | "vp" | "none"
    amount: int
    round: int | None = None  # teams IMPs: the match's round


@dataclass(frozen=True, slots=True)
class Conditions:
    """What of the tournament's state the scoring of one session depends on.

    The methods are the tournament's ``ScoringRules`` as plain strings (FIGB's
    by default): ``averaged_boards`` (N-L12 or Neuberg), ``fouled_boards``
    (N-L87 §7 or Law 87B with Neuberg), ``fouled_split`` (the share of the
    session's rounds from which a fouled board is scored in groups, N-L87
    §7a's fifth) and ``average_revision`` (N-L12, with or without the 1997
    Law 88 floor, or Law 12C2(c)).
    """

    form: str = "pairs"
    scoring: str = "matchpoints"
    winners: str = "auto"
    movement: str = ""
    assignments: tuple[Seating, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    averaged_boards: str = FIGB_AVERAGES
    fouled_boards: str = FIGB_FOULED
    fouled_split: tuple[int, int] = (1, 5)
    average_revision: str = NoFaultRule.FIGB_SESSION_PERCENT.value
    vp_scale: VpScale = WBF_20  # every IMP-to-VP conversion (Law 78D; N-L78 §1)

    @property
    def method(self) -> SessionMethod:
        """The pairs engine's method for these conditions (Law 78D)."""
        return SessionMethod(
            winners=Winners(self.winners),
            field=FieldMethod.FIGB_AVERAGES
            if self.averaged_boards == FIGB_AVERAGES
            else FieldMethod.NEUBERG,
            groups=FieldMethod.FIGB_AVERAGES
            if self.fouled_boards == FIGB_FOULED
            else FieldMethod.NEUBERG,
            no_fault_rule=NoFaultRule(self.average_revision),
            scheduled=self.scheduled_plays or None,
        )

    @property
    def scheduled_plays(self) -> int:
        """The most times the schedule plays any board: the tables where both
        sides are seated (a sit-out's table plays nothing). 0 without a
        schedule (decision 0164)."""
        plays: dict[int, int] = {}
        for a in self.assignments:
            if a.ns and a.ew:
                for board in a.boards:
                    plays[board] = plays.get(board, 0) + 1
        return max(plays.values(), default=0)


@dataclass(frozen=True, slots=True)
class Line:
    """One traveller line as its board-result stream records it.

    ``key`` is the caller's name for the line (the stream id); ``score_ns``
    the table score (Law 77), None when the board was not played; ``adjusted``
    the adjusted score that replaces it (Law 12C), in the stream's spelling.
    """

    key: Hashable
    board_number: int
    table: int
    ns: int
    ew: int
    score_ns: int | None = None
    adjusted: str | None = None
    group: int = 0
    # A fouled board (FIGB N-L87 §7a): which hands held swapped cards at this
    # table ("north_south", "east_west", "across") and whether it found it.
    swap: str = ""
    found_here: bool = False

    def result(self) -> int | Adjustment | None:
        """What is scored: the adjusted score if any, else the table's score."""
        if self.adjusted:
            return parse_adjusted(self.adjusted)
        return self.score_ns


def methods_of(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The ``Conditions`` methods from a tournament's ``ScoringRules`` as
    stored (strings); empty: an event recorded before they were (FIGB's)."""
    methods: dict[str, Any] = {
        key: rules[key]
        for key in ("averaged_boards", "fouled_boards", "average_revision")
        if key in rules
    }
    if "fouled_split" in rules:
        top, _, bottom = str(rules["fouled_split"]).partition("/")
        methods["fouled_split"] = (int(top), int(bottom or 1))
    if isinstance(rules.get("vp_scale"), Mapping):
        methods["vp_scale"] = VpScale.from_json(rules["vp_scale"])
    return methods
