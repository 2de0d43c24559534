"""A pairs session's 12C2(c) revision, Law 90 penalties and ranking (N-L78 §4)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from math import lcm

from rules.errors import LawRef
from scoring.bridge.adjusted import (
    Artificial,
    NoFaultRule,
    ProceduralPenalty,
    no_fault_percent,
)
from scoring.bridge.errors import ScoringError
from scoring.bridge.ranking import rank
from scoring.bridge.session import (
    PairStanding,
    ParticipantId,
    RankBy,
    SessionMethod,
    Winners,
)
from scoring.bridge.session_boards import ScoredBoard

__all__ = ["penalty_deductions", "rank_standings", "revise_no_fault"]


def revise_no_fault(
    scored: dict[int, ScoredBoard],
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
    artificial: dict[
        ParticipantId, list[tuple[ScoredBoard, int, bool, Fraction, bool]]
    ] = {}
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
    changes: list[tuple[ParticipantId, ScoredBoard, int, bool, Fraction]] = []
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


def penalty_deductions(
    penalties: Sequence[ProceduralPenalty],
    scored: dict[int, ScoredBoard],
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
    penalty: ProceduralPenalty, scored: dict[int, ScoredBoard], nominal_top: int
) -> int:
    """The top a % of top penalty is taken on: its board's, else the session's."""
    if penalty.board is None:
        return nominal_top
    return _top_of(penalty.participant, penalty.board, scored)


def _top_of(
    participant: ParticipantId, number: int, scored: dict[int, ScoredBoard]
) -> int:
    """Return the top of the board on which ``participant`` played ``number``."""
    board = scored.get(number)
    if board is not None:
        ns_col, ew_col = board.columns[0], board.columns[1]
        for i in range(len(ns_col)):
            if participant in (ns_col[i], ew_col[i]):
                return board.top_at(i)
    raise ScoringError(f"{participant!r} did not play board {number}", law=LawRef("90"))


def rank_standings(
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
