"""Score a matchpointed pairs session end to end.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78A (matchpoints), Law 12
(adjusted scores, with the session-percentage rule of 12C2(c)), Law 87B
(fouled boards in groups), Law 90 (procedural penalties); FIGB N-L12 (mani
medie and their end-of-session revision) and N-L78 §4 (ties share places).

``score_pairs_session`` takes the travellers (per board, each table's pair ids
and raw NS score or adjustment) and returns every result's matchpoints, each
pair's total, percentage and rank. Exact throughout (decision 0020).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import partial
from math import lcm
from typing import NamedTuple, cast

from rules.errors import LawRef
from scoring.bridge.adjusted import (
    Adjustment,
    Artificial,
    NoFaultRule,
    ProceduralPenalty,
    no_fault_percent,
)
from scoring.bridge.errors import ScoringError
from scoring.bridge.matchpoints import (
    BoardScores,
    FieldMethod,
    check_results,
    score_scaled,
)
from scoring.bridge.ranking import rank
from scoring.bridge.rounding import Exact

__all__ = [
    "PairStanding",
    "ParticipantId",
    "RankBy",
    "SessionMethod",
    "SessionResult",
    "TableResult",
    "Winners",
    "score_pairs_session",
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


class _Board:
    """A scored board, mutable while the session is being scored."""

    __slots__ = (
        "columns",
        "compared",
        "denominator",
        "ew",
        "ns",
        "plain",
        "tops",
        "uniform_top",
    )

    def __init__(
        self,
        columns: tuple[tuple[object, ...], ...],
        uniform_top: int,
        tops: list[int] | None,
        denominator: int,
        ns: list[int],
        ew: list[int],
        compared: int,
        plain: bool,
    ) -> None:
        self.plain = plain
        self.columns = columns
        self.uniform_top = uniform_top
        self.tops = tops
        self.denominator = denominator
        self.ns = ns
        self.ew = ew
        self.compared = compared

    def top_at(self, index: int) -> int:
        return self.uniform_top if self.tops is None else self.tops[index]

    def copy(self) -> _Board:
        return _Board(
            self.columns,
            self.uniform_top,
            None if self.tops is None else list(self.tops),
            self.denominator,
            list(self.ns),
            list(self.ew),
            self.compared,
            self.plain,
        )

    def rescale(self, factor: int) -> None:
        if factor != 1:
            self.denominator *= factor
            self.ns = [v * factor for v in self.ns]
            self.ew = [v * factor for v in self.ew]


def score_pairs_session(
    boards: Mapping[int, Sequence[TableResult]],
    method: SessionMethod | None = None,
    *,
    penalties: Sequence[ProceduralPenalty] = (),
) -> SessionResult:
    """Score a pairs session: matchpoints, factoring, percentages and ranks.

    Law 78A on each board (per section or across the field), with artificial,
    assigned, weighted and split scores (Law 12C), fouled-board groups
    (Law 87B), the 12C2(c)/FIGB N-L12 revision for sides not at fault, and
    procedural penalties in matchpoints or % of the top (Law 90). Totals are
    added in integers over one common denominator (decision 0020).
    """
    method = method or SessionMethod()
    return _session_result(_score_boards(boards, method), method, penalties)


def _session_result(
    boards: Mapping[int, _Board],
    method: SessionMethod,
    penalties: Sequence[ProceduralPenalty],
) -> SessionResult:
    """Add up scored boards: totals, the 12C2(c) revision, penalties, ranks."""
    scale = lcm(*(board.denominator for board in boards.values())) if boards else 1
    return _finish(boards, _add_up(boards, scale), scale, method, penalties)


Sums = tuple[
    dict[ParticipantId, int],
    dict[ParticipantId, int],
    dict[ParticipantId, int],
    set[ParticipantId],
    set[ParticipantId],
]
"""Each pair's total over the scale, sum of tops and boards played, and the
pairs seen NS and EW (``_add_up``)."""


def _finish(
    boards: Mapping[int, _Board],
    sums: Sums,
    scale: int,
    method: SessionMethod,
    penalties: Sequence[ProceduralPenalty],
    frozen: Callable[[int, _Board], BoardScores] | None = None,
) -> SessionResult:
    """The standings from the boards and their sums: the 12C2(c) revision,
    Law 90 penalties, ranks. ``sums`` is the caller's to give up (the
    revision and the penalties rewrite it).

    The revision rewrites the boards it touches, so those (never plain) are
    copied first and the caller's boards stay as they were. ``frozen`` gives a
    plain board's ``BoardScores`` (a caller that keeps them between updates).
    """
    scored = {
        number: board if board.plain else board.copy()
        for number, board in boards.items()
    }
    totals, tops, played, ns_ids, ew_ids = sums
    section_of: dict[ParticipantId, str] = {}
    for board in scored.values():
        sections = board.columns[3]
        if any(sections):
            section_of.update(
                zip(board.columns[0], cast("tuple[str, ...]", sections), strict=True)
            )
            section_of.update(
                zip(board.columns[1], cast("tuple[str, ...]", sections), strict=True)
            )

    scale = _revise_no_fault(scored, totals, tops, scale, method.no_fault_rule)
    scale, deductions = _penalties(penalties, scored, totals, scale)
    standings = _standings(
        totals, tops, played, deductions, scale, ns_ids, ew_ids, section_of, method
    )
    freeze = frozen or _frozen
    return SessionResult(
        boards={
            number: freeze(number, board) if board.plain else _frozen(number, board)
            for number, board in scored.items()
        },
        standings=standings,
    )


def _frozen(number: int, board: _Board) -> BoardScores:
    """A scored board as the result gives it."""
    return BoardScores(
        board.uniform_top,
        board.denominator,
        tuple(board.ns),
        tuple(board.ew),
        board.compared,
        () if board.tops is None else tuple(board.tops),
    )


def _add_up(scored: Mapping[int, _Board], scale: int) -> Sums:
    """Return each pair's total (over ``scale``), sum of tops and boards played.

    Travellers usually list the same pairs in the same order on many boards
    (every NS pair of a Mitchell; the EW pairs of one round), so boards that
    share a column are summed column-wise first and each pair is visited once
    per distinct column. A pair listed twice on one board is refused.
    """
    by_column: list[dict[tuple[object, ...], list[_Board]]] = [{}, {}]
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


def _column_sum(group: list[_Board], side: int, scale: int) -> list[int]:
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
    group: list[_Board],
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


def _field_counts(
    lines: Sequence[TableResult], method: SessionMethod
) -> dict[str, int]:
    """Each field's count of results on one board (one field across sections)."""
    if method.across_field:
        return {"": len(lines)}
    counts: dict[str, int] = {}
    for line in lines:
        name = cast_str(line.section)
        counts[name] = counts.get(name, 0) + 1
    return counts


def _expected(
    counts: Iterable[Mapping[str, int]], method: SessionMethod
) -> dict[str, int]:
    """Each field's full-board count: the largest on any board (at least the
    schedule's, decision 0164), or the method's."""
    expected: dict[str, int] = {}
    for board in counts:
        for name, count in board.items():
            expected[name] = max(expected.get(name, 0), count)
    if (
        method.scheduled
        and method.expected is None
        and method.across_field
        and "" in expected
    ):
        expected[""] = max(expected[""], method.scheduled)
    if method.expected is not None:
        for name, count in expected.items():
            if count > method.expected:
                raise ScoringError(
                    f"a board has {count} results but only {method.expected} are expected",
                    law=LawRef("78A"),
                )
            expected[name] = method.expected
    return expected


def _score_boards(
    boards: Mapping[int, Sequence[TableResult]], method: SessionMethod
) -> dict[int, _Board]:
    for number, lines in boards.items():
        if lines and len(lines[0]) != 5:
            raise ScoringError(f"board {number} has a malformed traveller line")
    expected = _expected((_field_counts(b, method) for b in boards.values()), method)
    return {
        number: _score_board(lines, method, expected)
        for number, lines in boards.items()
    }


def _score_board(
    lines: Sequence[TableResult], method: SessionMethod, expected: Mapping[str, int]
) -> _Board:
    """Score one board against each field's full-board count (Law 78A)."""
    cols = tuple(zip(*lines, strict=True)) if lines else ((),) * 5
    results = cast("Sequence[int | Adjustment]", cols[2])
    groups = cast("Sequence[int]", cols[4])
    if method.across_field:
        plain = check_results(results)
        top, den, ns, ew, compared = score_scaled(
            results,
            expected.get("", 0),
            method.field,
            groups if any(groups) else None,
            plain=plain,
            groups_method=method.groups,
        )
        return _Board(cols, top, None, den, ns, ew, compared, plain)
    fields: dict[str, list[int]] = {}
    for i, section in enumerate(cols[3]):
        fields.setdefault(cast_str(section), []).append(i)
    n = len(results)
    parts = []
    all_plain = True
    for name, indices in fields.items():
        sub = [results[i] for i in indices]
        plain = check_results(sub)
        all_plain = all_plain and plain
        sub_groups = [groups[i] for i in indices]
        parts.append(
            (
                indices,
                score_scaled(
                    sub,
                    expected[name],
                    method.field,
                    sub_groups if any(sub_groups) else None,
                    plain=plain,
                    groups_method=method.groups,
                ),
            )
        )
    den = lcm(*(part[1][1] for part in parts)) if parts else 1
    tops = [0] * n
    ns_all = [0] * n
    ew_all = [0] * n
    compared = 0
    for indices, (top, sub_den, ns, ew, sub_compared) in parts:
        factor = den // sub_den
        compared += sub_compared
        for k, i in enumerate(indices):
            tops[i] = top
            ns_all[i] = ns[k] * factor
            ew_all[i] = ew[k] * factor
    uniform = max(tops, default=0)
    return _Board(
        cols,
        uniform,
        None if all(t == uniform for t in tops) else tops,
        den,
        ns_all,
        ew_all,
        compared,
        all_plain,
    )


def cast_str(value: object) -> str:
    """Return a section name, which must be a string."""
    if not isinstance(value, str):
        raise ScoringError(f"{value!r} is not a section name")
    return value


def _revise_no_fault(
    scored: dict[int, _Board],
    totals: dict[ParticipantId, int],
    tops: dict[ParticipantId, int],
    scale: int,
    rule: NoFaultRule,
) -> int:
    """Apply Law 12C2(c) / FIGB N-L12 to artificial scores of sides not at fault.

    The percentage on the other boards counts only boards where the pair has
    a result that was compared (not an artificial score). Returns the
    (possibly finer) common scale of the totals.
    """
    if rule is NoFaultRule.NONE:
        return scale
    # pid -> [(board, index, is_ns, awarded %, no fault)]
    artificial: dict[ParticipantId, list[tuple[_Board, int, bool, Fraction, bool]]] = {}
    for board in scored.values():
        if board.plain:
            continue
        results = board.columns[2]
        for i, result in enumerate(results):
            if isinstance(result, Artificial):
                artificial.setdefault(board.columns[0][i], []).append(
                    (board, i, True, result.ns_percent, result.ns_no_fault)
                )
                artificial.setdefault(board.columns[1][i], []).append(
                    (board, i, False, result.ew_percent, result.ew_no_fault)
                )
    changes: list[tuple[ParticipantId, _Board, int, bool, Fraction]] = []
    for pid, entries in artificial.items():
        if not any(no_fault for *_, no_fault in entries):
            continue
        other_mp = Fraction(totals[pid], scale)
        other_top = tops[pid]
        for board, i, is_ns, _, _ in entries:
            side = board.ns if is_ns else board.ew
            other_mp -= Fraction(side[i], board.denominator)
            other_top -= board.top_at(i)
        other = other_mp * 100 / other_top if other_top else None
        for board, i, is_ns, awarded, no_fault in entries:
            if not no_fault:
                continue
            revised = no_fault_percent(awarded, other, rule)
            if revised != awarded:
                changes.append((pid, board, i, is_ns, revised * board.top_at(i) / 100))
    for pid, board, i, is_ns, value in changes:
        board.rescale(lcm(board.denominator, value.denominator) // board.denominator)
        new_scale = lcm(scale, value.denominator)
        if new_scale != scale:
            factor = new_scale // scale
            for key in totals:
                totals[key] *= factor
            scale = new_scale
        side = board.ns if is_ns else board.ew
        old = Fraction(side[i], board.denominator)
        side[i] = int(value * board.denominator)
        totals[pid] += int((value - old) * scale)
    return scale


def _penalties(
    penalties: Sequence[ProceduralPenalty],
    scored: dict[int, _Board],
    totals: dict[ParticipantId, int],
    scale: int,
) -> tuple[int, dict[ParticipantId, int]]:
    """Return the scale and each pair's deducted matchpoints, scaled (Law 90)."""
    if not penalties:
        return scale, {}
    nominal_top = max(
        (max(b.tops) if b.tops else b.uniform_top for b in scored.values()), default=0
    )
    amounts: dict[ParticipantId, Fraction] = {}
    for penalty in penalties:
        if penalty.participant not in totals:
            raise ScoringError(
                f"{penalty.participant!r} did not play in this session",
                law=LawRef("90"),
            )
        amount = penalty.matchpoints(
            partial(_penalty_top, penalty, scored, nominal_top)
        )
        amounts[penalty.participant] = (
            amounts.get(penalty.participant, Fraction(0)) + amount
        )
    new_scale = lcm(scale, *(a.denominator for a in amounts.values()))
    if new_scale != scale:
        factor = new_scale // scale
        for key in totals:
            totals[key] *= factor
        for board in scored.values():
            board.rescale(1)
    return new_scale, {pid: int(a * new_scale) for pid, a in amounts.items()}


def _penalty_top(
    penalty: ProceduralPenalty, scored: dict[int, _Board], nominal_top: int
) -> int:
    """The top a % of top penalty is taken on: its board's, else the session's."""
    if penalty.board is None:
        return nominal_top
    return _top_of(penalty.participant, penalty.board, scored)


def _top_of(participant: ParticipantId, number: int, scored: dict[int, _Board]) -> int:
    """Return the top of the board on which ``participant`` played ``number``."""
    board = scored.get(number)
    if board is not None:
        ns_col, ew_col = board.columns[0], board.columns[1]
        for i in range(len(ns_col)):
            if participant in (ns_col[i], ew_col[i]):
                return board.top_at(i)
    raise ScoringError(f"{participant!r} did not play board {number}", law=LawRef("90"))


def _standings(
    totals: dict[ParticipantId, int],
    tops: dict[ParticipantId, int],
    played: dict[ParticipantId, int],
    deductions: dict[ParticipantId, int],
    scale: int,
    ns_ids: set[ParticipantId],
    ew_ids: set[ParticipantId],
    section_of: dict[ParticipantId, str],
    method: SessionMethod,
) -> tuple[PairStanding, ...]:
    both = ns_ids & ew_ids
    if method.winners is Winners.BY_DIRECTION and both:
        raise ScoringError(
            f"{next(iter(both))!r} played in both directions", law=LawRef("78A")
        )
    by_direction = method.winners is Winners.BY_DIRECTION or (
        method.winners is Winners.AUTO and not both
    )
    groups: dict[tuple[str, str], list[ParticipantId]] = {}
    for pid in totals:
        direction = "" if not by_direction else ("NS" if pid in ns_ids else "EW")
        section = "" if method.across_field else section_of.get(pid, "")
        groups.setdefault((section, direction), []).append(pid)
    out: list[PairStanding] = []
    for key in sorted(groups):
        members = groups[key]
        nets = [totals[pid] - deductions.get(pid, 0) for pid in members]
        if method.rank_by is RankBy.TOTAL:
            keys: list[int | Fraction] = list(nets)
        else:
            member_tops = [tops[pid] for pid in members]
            if 0 in member_tops:
                keys = [
                    Fraction(net, top) if top else Fraction(1, 2)
                    for net, top in zip(nets, member_tops, strict=True)
                ]
            else:
                # Compare percentages exactly in integers: net / top over a
                # common multiple of the tops.
                common = lcm(*set(member_tops))
                keys = [
                    net * (common // top)
                    for net, top in zip(nets, member_tops, strict=True)
                ]
        placings = rank(keys)
        order = sorted(range(len(members)), key=lambda k: placings[k].rank)
        for k in order:
            pid = members[k]
            out.append(
                PairStanding(
                    participant=pid,
                    section=section_of.get(pid, ""),
                    direction=key[1],
                    boards=played[pid],
                    top=tops[pid],
                    rank=placings[k].rank,
                    tied=placings[k].tied,
                    scale=scale,
                    matchpoints_scaled=totals[pid],
                    penalty_scaled=deductions.get(pid, 0),
                )
            )
    return tuple(out)
