"""One scoring pipeline: a session's result lines to its figures (decision 0075).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints), Law 78B
and 78D (IMPs, Butler and cross-IMPs), Law 12C (adjusted scores), Law 86
(team matches), Law 87 (fouled boards), Law 90 (procedural penalties);
FIGB N-L78 §4-§5 (ties and tie-breaks).

``score_session`` is the only place where result lines become figures. The
results projection writes what it returns (rounded once, for publication);
the export and the comparison with an imported file read its exact figures;
the write side runs it before it accepts a schedule (``check_schedule``) or
a whole imported file, so an event the projection cannot score is refused
at the door. Pure: no clock, no database.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple, Protocol

from scoring.bridge import (
    ARTIFICIAL_IMPS,
    Adjustment,
    Artificial,
    Assigned,
    PenaltyUnit,
    ProceduralPenalty,
    TableResult,
    publish,
    team_board_imps,
)
from scoring.bridge.adjusted import NoFaultRule, SwapKind, swapped_cards_artificial
from scoring.bridge.imp_pairs import board_datum, imp_board
from scoring.bridge.individual import SeatedResult, score_individual_session
from scoring.bridge.kept_boards import PairsBoards
from scoring.bridge.matchpoints import BoardScores, FieldMethod, percent_of_top
from scoring.bridge.session import SessionMethod, Winners
from scoring.bridge.vp import wbf_vp_with_imp_penalties
from scoring.standings import (
    PairEntry,
    TeamEntry,
    TeamMatch,
    TeamsFormat,
    TeamStanding,
    pair_standings,
    team_standings,
)
from tournaments.domain.board_result import parse_adjusted

__all__ = [
    "Conditions",
    "Line",
    "LineFigures",
    "Match",
    "Penalty",
    "SessionFigures",
    "SessionScorer",
    "Standing",
    "Table",
    "check_schedule",
    "entry_of",
    "methods_of",
    "rank_teams",
    "score_session",
]

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


@dataclass(frozen=True, slots=True)
class LineFigures:
    """One line's exact figures: matchpoints (IMPs in an IMP pairs event) per
    side, the top it was scored on and each side's percentage of it.

    The percentages are worked out when read (the export and the comparison
    read them; the results projection, which re-scores on every batch, does
    not): None without a top (IMPs)."""

    ns: Fraction
    ew: Fraction
    top: int | None = None
    # Results compared on the board (Law 78A; fewer than the top implies when
    # the board was played fewer times), and the Butler datum (Law 78D).
    compared: int | None = None
    datum: int | None = None

    @property
    def percent_ns(self) -> Fraction | None:
        return None if self.top is None else percent_of_top(self.ns, self.top)

    @property
    def percent_ew(self) -> Fraction | None:
        return None if self.top is None else percent_of_top(self.ew, self.top)


@dataclass(frozen=True, slots=True)
class Standing:
    """One entry's session line, exact.

    ``matchpoints`` is the board total before penalties (IMPs in an IMP pairs
    event, 0 in teams), ``penalty`` what Law 90 deducts (VPs in teams);
    ``imps`` the net IMPs (IMP pairs) or the IMP difference (teams), ``vp`` the
    teams' net VPs; ``revised`` the Law 12C2(c) figures of an individual.
    """

    entry_number: int
    direction: str
    boards: int
    matchpoints: Fraction
    penalty: Fraction
    top: int
    percent: Fraction
    rank: int
    tied: bool
    imps: Fraction | None = None
    vp: Fraction | None = None
    revised: Mapping[int, Fraction] = field(default_factory=dict)

    @property
    def net(self) -> Fraction:
        return self.matchpoints - self.penalty


@dataclass(frozen=True, slots=True)
class Match:
    """One team match of the session: IMPs won, VPs (published per match,
    WBF scale) and total points, for the FIGB tie-breaks."""

    round: int
    team_a: int
    team_b: int
    boards: int
    imps_a: int
    imps_b: int
    vp_a: Fraction
    vp_b: Fraction
    points_a: int
    points_b: int


@dataclass(frozen=True, slots=True)
class SessionFigures:
    """Every scored line's figures (by key), the standings and team matches."""

    lines: Mapping[Hashable, LineFigures]
    standings: tuple[Standing, ...]
    matches: tuple[Match, ...] = ()

    def standing(self, entry_number: int) -> Standing | None:
        for s in self.standings:
            if s.entry_number == entry_number:
                return s
        return None


EMPTY = SessionFigures({}, ())


def score_session(conditions: Conditions, lines: Sequence[Line]) -> SessionFigures:
    """Score one session from its result lines; raise ``ScoringError`` (a
    ``DomainError`` naming the Law) when the lines cannot be scored.

    Lines neither played nor adjusted are left out. A penalty on an entry that
    has no scored board yet waits until it has one (Law 90 deducts from a
    score).
    """
    if conditions.form == TEAMS:
        return _teams(conditions, lines)
    if conditions.form == INDIVIDUAL:
        return _individual(conditions, lines)
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
            self.figures = (_teams if form == TEAMS else _individual)(
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
        result = self._pairs.result(_mp_penalties(penalties, played))
        # A board with an artificial score moves with the session (Law 12C2(c)).
        redo = rescored | {n for n, b in boards.items() if not b.plain}
        for number in redo:
            for index, key in enumerate(self._placed[number]):
                self._line_figures[key] = _line_figures(result.boards[number], index)
                touched.add(key)
        self.figures = SessionFigures(
            lines=dict(self._line_figures),
            standings=tuple(
                Standing(
                    entry_number=entry_of(s.participant),
                    direction=s.direction,
                    boards=s.boards,
                    matchpoints=Fraction(s.matchpoints),
                    penalty=Fraction(s.penalty),
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
        self.figures = _imp_pairs(self.conditions, self._imps.values())
        return touched


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
    return methods


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


# -- matchpointed pairs and individuals (Law 78A) -------------------------------


def entry_of(participant: Hashable) -> int:
    """The entry number back from a standing: scoring ranks opaque ids, and
    this module gives it entry numbers."""
    if not isinstance(participant, int):
        raise TypeError(f"{participant!r} is not an entry number")
    return participant


def _mp_penalties(
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


def _line_figures(board: BoardScores, index: int) -> LineFigures:
    top = board.top_at(index)
    ns, ew = Fraction(board.ns[index]), Fraction(board.ew[index])
    return LineFigures(ns, ew, top, compared=board.compared)


def _individual(conditions: Conditions, lines: Sequence[Line]) -> SessionFigures:
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
        penalties=_mp_penalties(conditions.penalties, played),
    )
    return SessionFigures(
        lines={
            key: _line_figures(scored.boards[number], index)
            for key, number, index in placed
        },
        standings=tuple(
            Standing(
                entry_number=entry_of(s.participant),
                direction="",
                boards=s.boards,
                matchpoints=Fraction(s.matchpoints),
                penalty=Fraction(s.penalty),
                top=s.top,
                percent=s.percent,
                rank=s.rank,
                tied=s.tied,
                revised={b: Fraction(v) for b, v in s.revised.items()},
            )
            for s in scored.standings
        ),
    )


# -- pairs in IMPs (Law 78D, decision 0053) --------------------------------------


def _imp_pairs(
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


# -- teams (Law 86, WBF VPs, FIGB N-L78 §5) --------------------------------------


def _team_score(result: int | Adjustment) -> int | None:
    """A table's NS score for IMPs; an artificial score is its IMP equivalent."""
    if isinstance(result, Assigned):
        return result.ns_side[0].ns_score if result.is_single else None
    if isinstance(result, Artificial):
        return None
    return result


def _artificial_imps(result: int | Adjustment) -> int:
    """Law 12C2(b) in teams: average plus/minus is 3 IMPs (ARTIFICIAL_IMPS)."""
    if not isinstance(result, Artificial):
        return 0
    ns, ew = result.ns_percent, result.ew_percent
    return ARTIFICIAL_IMPS if ns > ew else -ARTIFICIAL_IMPS if ns < ew else 0


def room_imps(
    open_result: int | Adjustment | None, closed_result: int | Adjustment | None
) -> int:
    """A board's IMPs to the team North-South in the open room (Law 78B): the
    two rooms' scores compared, or an artificial score's IMP equivalent
    (Law 12C2(b))."""
    first = None if open_result is None else _team_score(open_result)
    second = None if closed_result is None else _team_score(closed_result)
    if first is not None and second is not None:
        return team_board_imps(first, second)
    return _artificial_imps(open_result or 0) - _artificial_imps(closed_result or 0)


def _teams(conditions: Conditions, lines: Sequence[Line]) -> SessionFigures:
    """Two-table team matches: IMPs per board (Law 78B), WBF VPs per match,
    published to two decimals per match; standings by VPs with the FIGB
    tie-breaks of N-L78 §5 (``team_standings``).

    The two results of a board belong together when the teams of one table sit
    in the other direction at the other (open and closed room).
    """
    rounds: dict[tuple[frozenset[int], int], int] = {}
    for seating in conditions.assignments:
        for board in seating.boards:
            rounds[(frozenset((seating.ns, seating.ew)), board)] = seating.round
    rooms: dict[tuple[frozenset[int], int], list[Line]] = {}
    for line in sorted(lines, key=lambda x: x.table):
        rooms.setdefault((frozenset((line.ns, line.ew)), line.board_number), []).append(
            line
        )
    # (round, a, b) -> [imps_a, imps_b, boards, points_a, points_b]
    tally: dict[tuple[int, int, int], list[int]] = {}
    for (teams, board), pair in rooms.items():
        if len(pair) != 2 or pair[0].ns != pair[1].ew:
            continue  # the other room has not played it yet
        open_room, closed_room = pair
        open_result, closed_result = open_room.result(), closed_room.result()
        a, b = open_room.ns, open_room.ew
        round_number = rounds.get((teams, board), 0)
        first = None if open_result is None else _team_score(open_result)
        second = None if closed_result is None else _team_score(closed_result)
        net = room_imps(open_result, closed_result)
        low, high = sorted((a, b))
        key = (round_number, low, high)
        totals = tally.setdefault(key, [0, 0, 0, 0, 0])
        gain_a = net if key[1] == a else -net
        if gain_a > 0:
            totals[0] += gain_a
        else:
            totals[1] -= gain_a
        totals[2] += 1
        # Total points: what each team scored at either table (open: a NS).
        for score, ns_team in ((first, a), (second, b)):
            if score:
                winner = ns_team if score > 0 else (b if ns_team == a else a)
                totals[3 if winner == key[1] else 4] += abs(score)
    matches = []
    imps_of: dict[int, int] = {}
    played: dict[int, int] = {}
    # FIGB §2.1 rule 2 (N-L87 §6b; App1 §7): a team's IMP penalty comes off
    # its own result in that match only.
    imp_penalty: dict[tuple[int | None, int], int] = {}
    rounds_of: dict[int, set[int]] = {}
    for round_number, low, high in tally:
        for team in (low, high):
            rounds_of.setdefault(team, set()).add(round_number)
    for p in conditions.penalties:
        if p.unit == "imps":
            match_round = p.round
            if match_round is None and len(rounds_of.get(p.entry_number, ())) == 1:
                # Recorded before penalties named their match: the team's only one.
                [match_round] = rounds_of[p.entry_number]
            key_p = (match_round, p.entry_number)
            imp_penalty[key_p] = imp_penalty.get(key_p, 0) + p.amount
    for (round_number, a, b), (imps_a, imps_b, count, points_a, points_b) in sorted(
        tally.items()
    ):
        vp_a, vp_b = wbf_vp_with_imp_penalties(
            imps_a,
            imps_b,
            count,
            penalty_a=imp_penalty.get((round_number, a), 0),
            penalty_b=imp_penalty.get((round_number, b), 0),
        )
        matches.append(
            Match(
                round=round_number,
                team_a=a,
                team_b=b,
                boards=count,
                imps_a=imps_a,
                imps_b=imps_b,
                vp_a=Fraction(publish(vp_a)),
                vp_b=Fraction(publish(vp_b)),
                points_a=points_a,
                points_b=points_b,
            )
        )
        for team, gained, lost in ((a, imps_a, imps_b), (b, imps_b, imps_a)):
            imps_of[team] = imps_of.get(team, 0) + gained - lost
            played[team] = played.get(team, 0) + count
    standings = tuple(
        Standing(
            entry_number=entry_of(line.participant),
            direction="",
            boards=played[entry_of(line.participant)],
            matchpoints=Fraction(0),
            penalty=Fraction(line.vp_penalty),
            top=0,
            percent=Fraction(0),
            rank=line.rank,
            tied=line.tied,
            imps=Fraction(imps_of[entry_of(line.participant)]),
            vp=Fraction(line.vp),
        )
        for line in rank_teams(
            matches,
            conditions.penalties,
            TeamsFormat.DANISH
            if conditions.movement == "danish"
            else TeamsFormat.ROUND_ROBIN,
        )
    )
    return SessionFigures({}, standings, tuple(matches))


def rank_teams(
    matches: Sequence[Match], penalties: Sequence[Penalty], team_format: TeamsFormat
) -> tuple[TeamStanding, ...]:
    """Rank teams with the FIGB tie-breaks (N-L78 §1/§5, N-L8 §2/§4): VPs less
    VP penalties and one VP per two warnings, then the residual warning, then
    head-to-head IMPs, IMP quotient and the mini-league (round robin, Swiss)
    or IMP difference and quotient (Danish); decision 0054."""
    teams = sorted({t for m in matches for t in (m.team_a, m.team_b)})
    vp_penalty: dict[int, Fraction] = {}
    warnings: dict[int, int] = {}
    for p in penalties:
        if p.kind == "warning":
            warnings[p.entry_number] = warnings.get(p.entry_number, 0) + 1
        elif p.unit == "vp":
            vp_penalty[p.entry_number] = vp_penalty.get(
                p.entry_number, Fraction(0)
            ) + Fraction(p.amount)
    return team_standings(
        [
            TeamEntry(
                team,
                vp_penalty=vp_penalty.get(team, Fraction(0)),
                warnings=warnings.get(team, 0),
            )
            for team in teams
        ],
        [
            TeamMatch(
                home=m.team_a,
                away=m.team_b,
                home_vp=m.vp_a,
                away_vp=m.vp_b,
                home_imps=m.imps_a,
                away_imps=m.imps_b,
                home_points=m.points_a,
                away_points=m.points_b,
            )
            for m in matches
        ],
        team_format,
    )
