"""Name the hand edits behind the differences no convention explains.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints, Neuberg
over the rest of a board), Law 12C2 (artificial scores). Decisions 0128 (every
figure with its reason) and 0152 (what a hand edit is).

A file's own figures can contradict each other: an artificial line printed
with figures other than its worth, a line scored unlike an identical result
on the same board, a board scored as if one line were artificial while that
line prints a played score, a total that is not the sum of the file's own
board figures. Those are edits by hand (../shared/realfiles/README.md says
the real files carry some); the comparer names each, and the figures they
move (the rest of the board, the totals that add them) follow it. Nothing
here changes what is scored or hides a difference: only its reason changes,
and only when the file's own figures prove it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from uuid import UUID

from scoring.bridge.adjusted import Adjustment, Artificial
from scoring.bridge.matchpoints import score_board
from scoring.formats.conventions import Conventions, round_figure
from scoring.formats.model import artificial_percentages
from tournaments.domain import board_result
from tournaments.results_io.differences import (
    UNEXPLAINED,
    Difference,
    as_printed,
    decimal_places,
)
from tournaments.results_io.plan import SESSION, ImportPlan, PlannedTable, describe_line
from tournaments.results_io.scores import SessionScores

__all__ = ["EDITED", "FOLLOWS_EDIT", "attribute"]

EDITED = "edited by hand"
FOLLOWS_EDIT = "follows a figure edited by hand"

_LINE_FIGURES = ("MP NS", "MP EW", "percentage NS", "percentage EW")


def _where(table: PlannedTable) -> str:
    return f"{describe_line(table.line)} at table {table.ref.table}"


class _Attributor:
    def __init__(
        self, plan: ImportPlan, scored: SessionScores, conventions: Conventions
    ) -> None:
        self.plan = plan
        self.scored = scored
        self.rounding = conventions.rounding
        self.scale_missed = conventions.scale_missed
        self.tables = {_where(t): t for t in plan.tables}
        self.boards: dict[int, list[PlannedTable]] = {}
        for table in plan.tables:
            self.boards.setdefault(table.line.board_number, []).append(table)
        self.reasons: dict[str, str] = {}  # where -> reason, for line figures

    def stream(self, table: PlannedTable) -> UUID:
        return board_result.stream_id(
            self.plan.tournament_id, SESSION, table.line.board_number, table.ref.table
        )

    def printed(self, value: Fraction, like: Decimal) -> bool:
        return as_printed(value, like, self.rounding) == like

    # -- lines -------------------------------------------------------------------

    def board(self, number: int, bad: set[str]) -> None:
        """Give a reason to each line of a board whose figures no convention
        reproduces."""
        tables = self.boards[number]
        for table in tables:
            where = _where(table)
            if where in bad and artificial_percentages(table.line.contract):
                self.reasons[where] = (
                    f"{EDITED}: the artificial score {table.line.contract} is "
                    f"printed as {table.line.mp_ns}/{table.line.mp_ew}, not its "
                    "worth (Law 12C2)"
                )
        rest = [t for t in tables if _where(t) in bad and _where(t) not in self.reasons]
        for table in rest:
            twin = self.identical(table, tables, bad)
            if twin is not None:
                self.reasons[_where(table)] = (
                    f"{EDITED}: scored unlike the identical result at table "
                    f"{twin.ref.table} (Law 78A)"
                )
        rest = [t for t in rest if _where(t) not in self.reasons]
        for edited in rest:
            if self.scored_without(edited, tables):
                self.reasons[_where(edited)] = (
                    f"{EDITED}: the board is scored as if this line were an "
                    f"artificial score ({edited.line.mp_ns}/{edited.line.mp_ew}) "
                    f"while it prints the played score {edited.line.score_ns} "
                    "(Law 12C2)"
                )
                for table in rest:
                    if table is not edited:
                        self.reasons[_where(table)] = (
                            f"{FOLLOWS_EDIT} at table {edited.ref.table}: the file "
                            "scores the board without that line's result (Law 78A)"
                        )
                return

    def identical(
        self, table: PlannedTable, tables: Sequence[PlannedTable], bad: set[str]
    ) -> PlannedTable | None:
        """Another line with the same result whose figures the file prints as
        ours, and prints otherwise than this line's."""
        line = table.line
        for other in tables:
            if (
                other is not table
                and _where(other) not in bad
                and not artificial_percentages(other.line.contract)
                and other.line.score_ns == line.score_ns
                and (other.line.mp_ns, other.line.mp_ew) != (line.mp_ns, line.mp_ew)
            ):
                return other
        return None

    def scored_without(self, edited: PlannedTable, tables: list[PlannedTable]) -> bool:
        """Whether the file's figures of every other line are the board scored
        with ``edited`` as the artificial score its own figures print."""
        ours = self.scored.line.get(self.stream(edited))
        line = edited.line
        if ours is None or not ours.top or line.mp_ns is None or line.mp_ew is None:
            return False
        top = ours.top
        worth = (Fraction(line.mp_ns) * 100 / top, Fraction(line.mp_ew) * 100 / top)
        if not all(0 <= w <= 100 for w in worth):
            return False
        results: list[int | Adjustment] = []
        for table in tables:
            percentages = artificial_percentages(table.line.contract)
            row = self.scored.rows[self.stream(table)]
            if table is edited:
                results.append(Artificial.of(*worth))
            elif percentages is not None:
                results.append(Artificial.of(*percentages))
            elif row.score_ns is None:
                return False
            else:
                results.append(row.score_ns)
        board = score_board(results, expected=top // 2 + 1)
        for index, table in enumerate(tables):
            if table is edited:
                continue
            for theirs, value in (
                (table.line.mp_ns, board.ns[index]),
                (table.line.mp_ew, board.ew[index]),
            ):
                if theirs is not None and not self.printed(Fraction(value), theirs):
                    return False
        return True

    # -- totals ------------------------------------------------------------------

    def total(self, entry: int, theirs: Decimal) -> str:
        """A total that follows the file's edited board figures, or that is not
        the sum of the file's own board figures (edited by hand)."""
        standing = self.scored.standings.get(entry)
        if standing is None:
            return UNEXPLAINED
        substituted = standing.net
        own = Fraction(0)
        slack = Fraction(0)
        for table in self.plan.tables:
            side = (
                "ns"
                if entry in table.side(True)
                else "ew"
                if entry in table.side(False)
                else None
            )
            if side is None:
                continue
            figure = table.line.mp_ns if side == "ns" else table.line.mp_ew
            ours = self.scored.line.get(self.stream(table))
            if figure is None or ours is None:
                return UNEXPLAINED
            value = ours.ns if side == "ns" else ours.ew
            own += Fraction(figure)
            # How far the file's exact figure may lie from the printed one:
            # ours where it prints as the file's, else half the last digit on
            # a board whose figures are not whole (on a whole one, none).
            if self.printed(value, figure):
                slack += abs(Fraction(figure) - value)
            elif self.fractional(table.line.board_number):
                slack += Fraction(1, 2 * 10 ** self.places(table.line.board_number))
            if _where(table) in self.reasons and not self.printed(value, figure):
                substituted += Fraction(figure) - value
        scale = self.scale(standing.boards)
        moved = any(
            entry in t.side(True) + t.side(False) and _where(t) in self.reasons
            for t in self.plan.tables
        )
        if moved and any(self.printed(b * scale, theirs) for b in (substituted, own)):
            return f"{FOLLOWS_EDIT}: the total adds the file's board figures"
        # A penalty in the file comes off the sum of its board figures
        # (decision 0181).
        own -= Fraction(standing.penalty) / scale if scale else 0
        if abs(Fraction(theirs) - own * scale) > slack * scale:
            return (
                f"{EDITED}: the total is not the sum of the file's own board "
                f"figures ({round_figure(own * scale, 2, self.rounding)})"
            )
        return UNEXPLAINED

    def fractional(self, board: int) -> bool:
        """Whether any of our figures on the board is not a whole number."""
        for table in self.boards[board]:
            ours = self.scored.line.get(self.stream(table))
            if ours is not None and (
                Fraction(ours.ns).denominator != 1 or Fraction(ours.ew).denominator != 1
            ):
                return True
        return False

    def places(self, board: int) -> int:
        """The decimals the file prints a board's figures with."""
        return max(
            (
                decimal_places(f)
                for t in self.boards[board]
                for f in (t.line.mp_ns, t.line.mp_ew)
                if f is not None
            ),
            default=0,
        )

    def scale(self, boards: int) -> Fraction:
        played = Counter(s.boards for s in self.scored.standings.values())
        full = max(played, key=lambda n: (played[n], n), default=0)
        if self.scale_missed and 0 < boards < full:
            return Fraction(full, boards)
        return Fraction(1)


def attribute(
    differences: list[Difference],
    plan: ImportPlan,
    scored: SessionScores,
    conventions: Conventions,
    *,
    matchpoints: bool,
) -> list[Difference]:
    """Replace "no convention explains it" by the hand edit the file's own
    figures prove, or by the edit a figure follows (decision 0152)."""
    if not matchpoints:
        return differences
    attributor = _Attributor(plan, scored, conventions)
    bad: dict[int, set[str]] = {}
    for difference in differences:
        table = attributor.tables.get(difference.where)
        if (
            table is not None
            and difference.reason == UNEXPLAINED
            and difference.what in _LINE_FIGURES
        ):
            bad.setdefault(table.line.board_number, set()).add(difference.where)
    for number, where in sorted(bad.items()):
        attributor.board(number, where)
    out: list[Difference] = []
    for difference in differences:
        reason = difference.reason
        if reason == UNEXPLAINED and difference.where in attributor.reasons:
            reason = attributor.reasons[difference.where]
        elif reason == UNEXPLAINED and difference.what == "total":
            entry = int(difference.where.rsplit("(entry ", 1)[1].rstrip(")"))
            reason = attributor.total(entry, Decimal(difference.file))
        out.append(
            replace(difference, reason=reason)
            if reason != difference.reason
            else difference
        )
    return out
