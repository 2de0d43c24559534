"""Matchpoints on one board: the 2/1/0 scale, Neuberg, FIGB averages, groups.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78A (2 units per result
beaten, 1 per result tied: top = 2(n - 1)), Law 12C1(c) (weighted scores:
each outcome matchpointed, then weighted), Law 12C2 (artificial scores in %
of the top), Law 87B (fouled boards scored in groups); FIGB N-L12 (mani
medie) and N-L87 §7 (two groups, +1 per result of the other group).

How the rest of the field is scored when some results cannot be compared
(artificial scores, fouled groups, boards played fewer times) is regulation
(Law 78D). Two methods are offered (decision 0023):

- ``NEUBERG``: results that cannot be compared leave the comparison and each
  comparable group is factored to the expected number of results:
  ``(M + 1) * E / A - 1`` on the 2/1/0 scale (Neuberg; EBU White Book 4.2.3).
- ``FIGB_AVERAGES``: every result a pair cannot be compared with counts as a
  tie (FIGB N-L12 "mani medie": the top falls and the bottom rises by one per
  averaged table; N-L87 §7: +1 per result of the other group). A board played
  fewer times than expected is then factored as Neuberg.

Everything stays exact: ``int`` when no factoring or weighting occurs,
``Fraction`` otherwise (decision 0020).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import lcm
from typing import cast

from rules.errors import LawRef
from scoring.bridge.adjusted import Adjustment, Artificial, Assigned, check_ns_score
from scoring.bridge.errors import ScoringError
from scoring.bridge.rounding import Exact

__all__ = [
    "BoardScores",
    "FieldMethod",
    "check_results",
    "matchpoints",
    "neuberg",
    "percent_of_top",
    "score_board",
    "score_scaled",
    "top_for",
]


class FieldMethod(StrEnum):
    """How a board's results are scored when some cannot be compared (Law 78D)."""

    NEUBERG = "neuberg"
    FIGB_AVERAGES = "figb_averages"


def top_for(results: int) -> int:
    """Return the top on a board with ``results`` comparable results (Law 78A)."""
    return 2 * (results - 1) if results > 0 else 0


def matchpoints(ns_scores: Sequence[int]) -> list[int]:
    """Return NS matchpoints (2/1/0 units) for each result on a board (Law 78A).

    EW matchpoints are ``top_for(len(ns_scores)) - ns``.
    """
    counts = Counter(ns_scores)
    below = 0
    value: dict[int, int] = {}
    for score in sorted(counts):
        count = counts[score]
        value[score] = 2 * below + count - 1
        below += count
    return [value[score] for score in ns_scores]


def check_results(results: Sequence[int | Adjustment]) -> bool:
    """Raise on a result Law 77 cannot produce; return whether all are raw scores."""
    values = set(results)
    if set(map(type, values)) == {int}:
        ints = cast("set[int]", values)
        if min(ints) >= -7600 and max(ints) <= 7600 and not any(v % 10 for v in ints):
            return True
    plain = True
    for value in values:
        if type(value) is int:
            check_ns_score(value)
        elif isinstance(value, (Artificial, Assigned)):
            plain = False
        else:
            check_ns_score(value)
    return plain


def neuberg(mp: Exact, actual: int, expected: int) -> Exact:
    """Return ``mp`` factored from ``actual`` to ``expected`` results (Neuberg).

    ``(M + 1) * E / A - 1`` on the 2/1/0 scale; the identity when A == E.
    """
    if actual == expected:
        return mp
    if actual <= 0:
        raise ScoringError("Neuberg needs at least one result", law=LawRef("78D"))
    return (mp + 1) * Fraction(expected, actual) - 1


def percent_of_top(mp: Exact, top: int) -> Fraction:
    """Return ``mp`` as an exact percentage of ``top`` (50% when the top is 0)."""
    if top == 0:
        return Fraction(50)
    # One Fraction (one reduction) instead of three.
    exact = mp if isinstance(mp, int | Fraction) else Fraction(mp)
    return Fraction(exact.numerator * 100, exact.denominator * top)


@dataclass(frozen=True, slots=True)
class BoardScores:
    """Matchpoints of every result on a board, aligned with its input order.

    ``top`` is the board's top after factoring (2(E - 1)); NS and EW points
    are on that scale. Points are kept exactly as integers over a common
    ``denominator`` (``ns_scaled[i] / denominator``); ``ns``/``ew`` give them as
    ``int`` or ``Fraction``. ``compared`` counts the results actually compared.
    ``tops`` gives each result's own top when sections are scored apart
    (empty when every result shares ``top``).
    """

    top: int
    denominator: int
    ns_scaled: tuple[int, ...]
    ew_scaled: tuple[int, ...]
    compared: int
    tops: tuple[int, ...] = ()
    _ns: tuple[Exact, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    _ew: tuple[Exact, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def ns(self) -> tuple[Exact, ...]:
        """Return each result's NS matchpoints, exactly (computed once)."""
        if self._ns is None:
            object.__setattr__(self, "_ns", _unscale(self.ns_scaled, self.denominator))
        assert self._ns is not None
        return self._ns

    @property
    def ew(self) -> tuple[Exact, ...]:
        """Return each result's EW matchpoints, exactly (computed once)."""
        if self._ew is None:
            object.__setattr__(self, "_ew", _unscale(self.ew_scaled, self.denominator))
        assert self._ew is not None
        return self._ew

    def top_at(self, index: int) -> int:
        """Return the top the result at ``index`` was scored on."""
        return self.tops[index] if self.tops else self.top


def _unscale(values: Sequence[int], denominator: int) -> tuple[Exact, ...]:
    if denominator == 1:
        return tuple(values)
    return tuple(_exact(v, denominator) for v in values)


def _exact(numerator: int, denominator: int) -> Exact:
    if numerator % denominator == 0:
        return numerator // denominator
    return Fraction(numerator, denominator)


Distribution = tuple[tuple[int, int], ...]
"""A result's outcomes as (NS score, weight scaled by the group's weight unit)."""


def _group_points(
    ns_views: Sequence[Distribution], ew_views: Sequence[Distribution] | None, unit: int
) -> tuple[list[int], list[int]]:
    """Return NS and EW 2/1/0 points inside one group, over ``unit ** 2``.

    Law 78A with Law 12C1(c): for a result with outcomes ``(v, w)`` the points
    are ``sum(w * (2 * F(< v) + F(= v))) - 1`` where F is the field's weighted
    frequency of each score (its own distribution included: a result always
    ties with itself once). EW views compare the other way. ``ew_views`` is
    None when no score is split: EW points are then the complement. Weights
    are integers over ``unit`` (weights to two decimals: unit 100).
    """
    ns_points = _points_from(ns_views, unit)
    if ew_views is None:
        full = 2 * (len(ns_views) - 1) * unit * unit
        return ns_points, [full - p for p in ns_points]
    flipped = [tuple((-v, w) for v, w in dist) for dist in ew_views]
    return ns_points, _points_from(flipped, unit)


def _points_from(views: Sequence[Distribution], unit: int) -> list[int]:
    frequency: dict[int, int] = {}
    for dist in views:
        for score, weight in dist:
            frequency[score] = frequency.get(score, 0) + weight
    value: dict[int, int] = {}
    below = 0
    for score in sorted(frequency):
        count = frequency[score]
        value[score] = 2 * below + count
        below += count
    square = unit * unit
    return [
        sum(weight * value[score] for score, weight in dist) - square for dist in views
    ]


def score_board(
    results: Sequence[int | Adjustment],
    *,
    expected: int | None = None,
    method: FieldMethod = FieldMethod.NEUBERG,
    groups: Sequence[int] | None = None,
    groups_method: FieldMethod | None = None,
) -> BoardScores:
    """Return the matchpoints of every result on one board.

    ``results`` holds, per table, the raw NS score or an adjustment
    (``Artificial``, ``Assigned``). ``expected`` is the number of results a
    full board has in this field (E, default: this board's count); ``groups``
    gives each result's fouled-board form (Law 87B), scored separately;
    ``groups_method`` how the other groups count for each group (default
    ``method``: the averages' and the groups' methods may differ).
    Artificial scores take their percentage of the final top (Law 12C2).
    """
    n = len(results)
    field = n if expected is None else expected
    if field < n:
        raise ScoringError(
            f"a board has {n} results but only {field} are expected", law=LawRef("78A")
        )
    plain = check_results(results)
    top, denominator, ns, ew, compared = score_scaled(
        results, field, method, groups, plain=plain, groups_method=groups_method
    )
    return BoardScores(top, denominator, tuple(ns), tuple(ew), compared)


def score_scaled(
    results: Sequence[int | Adjustment],
    field: int,
    method: FieldMethod,
    groups: Sequence[int] | None,
    *,
    plain: bool | None = None,
    groups_method: FieldMethod | None = None,
) -> tuple[int, int, list[int], list[int], int]:
    """Return (top, denominator, NS numerators, EW numerators, compared).

    The engine behind ``score_board``: every point is ``numerator /
    denominator`` with one integer denominator per board, so callers can add
    whole sessions in integers (decision 0020). ``plain`` tells that every
    result is a raw score (checked when None).
    """
    n = len(results)
    top = top_for(field)
    if plain is None:
        plain = set(map(type, results)) <= {int}
    if groups is None and plain:
        mp = matchpoints(cast("list[int]", results))
        if n == field:
            return top, 1, mp, [top - p for p in mp], n
        # Neuberg over the whole board: ((M + 1) * E - A) / A.
        ns = [(p + 1) * field - n for p in mp]
        full = top * n
        return top, n, ns, [full - p for p in ns], n
    return _score_general(results, field, top, method, groups, groups_method or method)


def _score_general(
    results: Sequence[int | Adjustment],
    field: int,
    top: int,
    method: FieldMethod,
    groups: Sequence[int] | None,
    groups_method: FieldMethod,
) -> tuple[int, int, list[int], list[int], int]:
    n = len(results)
    if groups is not None and len(groups) != n:
        raise ScoringError("every result needs a group", law=LawRef("87B"))
    artificial = [i for i, r in enumerate(results) if type(r) is Artificial]
    # Law 12C2: an artificial score is a percentage of the board's final top.
    fixed: list[tuple[int, Fraction, Fraction]] = []
    for i in artificial:
        adjustment = cast(Artificial, results[i])
        fixed.append(
            (i, adjustment.ns_percent * top / 100, adjustment.ew_percent * top / 100)
        )
    fixed_den = lcm(*(v.denominator for _, a, b in fixed for v in (a, b)))
    if groups is None:
        compared_results = (
            [r for r in results if type(r) is not Artificial] if artificial else results
        )
        size = len(compared_results)
        if size:
            bonus, actual = _bonus(method, len(artificial), size)
            den, ns, ew = _group_scaled(compared_results, bonus, actual, field)
        else:
            den, ns, ew = 1, [], []
        denominator = lcm(den, fixed_den)
        ns = _scale_list(ns, denominator // den)
        ew = _scale_list(ew, denominator // den)
        for i, ns_value, ew_value in fixed:
            ns.insert(i, int(ns_value * denominator))
            ew.insert(i, int(ew_value * denominator))
        return top, denominator, ns, ew, size
    members: dict[int, list[int]] = {}
    skip = set(artificial)
    for i in range(n):
        if i not in skip:
            members.setdefault(groups[i], []).append(i)
    parts: list[tuple[list[int], int, list[int], list[int]]] = []
    compared = 0
    for indices in members.values():
        size = len(indices)
        compared += size
        bonus, actual = _bonus(method, len(artificial), size)
        if groups_method is FieldMethod.FIGB_AVERAGES:
            # N-L87 §7: +1 per result of the other group(s).
            others = n - len(artificial) - size
            bonus, actual = bonus + others, actual + others
        part = _group_scaled([results[i] for i in indices], bonus, actual, field)
        parts.append((indices, *part))
    denominator = lcm(fixed_den, *(part[1] for part in parts))
    ns_all = [0] * n
    ew_all = [0] * n
    for i, ns_value, ew_value in fixed:
        ns_all[i] = int(ns_value * denominator)
        ew_all[i] = int(ew_value * denominator)
    for indices, den, ns_part, ew_part in parts:
        factor = denominator // den
        for k, i in enumerate(indices):
            ns_all[i] = ns_part[k] * factor
            ew_all[i] = ew_part[k] * factor
    return top, denominator, ns_all, ew_all, compared


def _bonus(method: FieldMethod, artificial: int, compared: int) -> tuple[int, int]:
    """Return (ties added, results counted) for a group of ``compared`` results
    on a board with ``artificial`` artificial scores.

    FIGB N-L12: each averaged table counts as a tie (the top falls and the
    bottom rises by one per average); Neuberg: the artificial scores leave the
    comparison. The other fouled groups are the caller's (N-L87 §7).
    """
    if method is FieldMethod.FIGB_AVERAGES:
        return artificial, compared + artificial
    return 0, compared


def _scale_list(values: list[int], factor: int) -> list[int]:
    return values if factor == 1 else [v * factor for v in values]


def _group_scaled(
    group: Sequence[int | Adjustment],
    bonus: int,
    actual: int,
    field: int,
) -> tuple[int, list[int], list[int]]:
    """Return (denominator, NS, EW numerators) of one comparable group.

    Law 78A (Law 12C1 for weighted and split scores), plus ``bonus`` ties
    (FIGB averages), factored from ``actual`` to ``field`` results (Neuberg).
    """
    if set(map(type, group)) <= {int}:
        plain: list[int] | None = cast("list[int]", group)
    else:
        plain = []
        for result in group:
            if type(result) is int:
                plain.append(result)
            elif isinstance(result, Assigned) and result.is_single:
                plain.append(result.ns_side[0].ns_score)
            else:
                plain = None
                break
    if plain is not None:
        mp = matchpoints(plain)
        full = 2 * (len(plain) - 1) + 2 * bonus
        if actual == field:
            ns = [p + bonus for p in mp]
            return 1, ns, [full - p for p in ns]
        ns = [(p + bonus + 1) * field - actual for p in mp]
        full = top_for(field) * actual
        return actual, ns, [full - p for p in ns]
    unit = lcm(
        *(
            o.weight.denominator
            for result in group
            if isinstance(result, Assigned)
            for o in (*result.ns_side, *result.ew_side)
        )
    )
    ns_views: list[Distribution] = []
    ew_views: list[Distribution] = []
    split = False
    for result in group:
        if isinstance(result, Assigned):
            ns_view: Distribution = tuple(
                (o.ns_score, int(o.weight * unit)) for o in result.ns_side
            )
            ew_view: Distribution = tuple(
                (o.ns_score, int(o.weight * unit)) for o in result.ew_side
            )
            split = split or ns_view != ew_view
        else:
            ns_view = ew_view = ((cast(int, result), unit),)
        ns_views.append(ns_view)
        ew_views.append(ew_view)
    ns_points, ew_points = _group_points(ns_views, ew_views if split else None, unit)
    square = unit * unit
    if actual == field:
        return (
            square,
            [p + bonus * square for p in ns_points],
            [p + bonus * square for p in ew_points],
        )
    # Neuberg over unit**2: ((P + (bonus + 1) * u2) * E - A * u2) / (A * u2).
    lift = (bonus + 1) * square
    drop = actual * square
    return (
        drop,
        [(p + lift) * field - drop for p in ns_points],
        [(p + lift) * field - drop for p in ew_points],
    )
