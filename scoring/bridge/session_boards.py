"""Score each board of a pairs session against its field (Law 78A, Law 87B)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import lcm
from typing import cast

from rules.errors import LawRef
from scoring.bridge.adjusted import Adjustment
from scoring.bridge.errors import ScoringError
from scoring.bridge.matchpoints import check_results, score_scaled
from scoring.bridge.session import SessionMethod, TableResult

__all__ = [
    "ScoredBoard",
    "cast_str",
    "expected_counts",
    "field_counts",
    "score_boards",
    "score_session_board",
]


class ScoredBoard:
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

    def copy(self) -> ScoredBoard:
        return ScoredBoard(
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


def field_counts(lines: Sequence[TableResult], method: SessionMethod) -> dict[str, int]:
    """Each field's count of results on one board (one field across sections)."""
    if method.across_field:
        return {"": len(lines)}
    counts: dict[str, int] = {}
    for line in lines:
        name = cast_str(line.section)
        counts[name] = counts.get(name, 0) + 1
    return counts


def expected_counts(
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


def score_boards(
    boards: Mapping[int, Sequence[TableResult]], method: SessionMethod
) -> dict[int, ScoredBoard]:
    for number, lines in boards.items():
        if lines and len(lines[0]) != 5:
            raise ScoringError(f"board {number} has a malformed traveller line")
    expected = expected_counts(
        (field_counts(b, method) for b in boards.values()), method
    )
    return {
        number: score_session_board(lines, method, expected)
        for number, lines in boards.items()
    }


def score_session_board(
    lines: Sequence[TableResult], method: SessionMethod, expected: Mapping[str, int]
) -> ScoredBoard:
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
        return ScoredBoard(cols, top, None, den, ns, ew, compared, plain)
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
    return ScoredBoard(
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
