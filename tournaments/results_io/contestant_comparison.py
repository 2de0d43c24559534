"""Compare each contestant's total, percentage and rank in an imported file
with ours, naming the setting that reproduces a total that differs.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints); decisions
0076 (one field or each direction), 0129 (the producing program's
conventions), 0151 and 0181 (the file's penalty).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scoring.formats import ScoringMethod
from scoring.formats.conventions import FewerPlayedTotals, Rounding, Totals
from tournaments.results_io.differences import (
    PENALTY,
    UNEXPLAINED,
    Difference,
    as_printed,
    as_published,
    other_rounding,
)
from tournaments.results_io.line_comparison import LineComparer

__all__ = ["Comparer"]


class Comparer(LineComparer):
    """The line comparison, then each contestant's (after the lines: a total
    adding printed figures needs them)."""

    def contestants(self) -> None:
        ranked = {entry.participant_id: entry for entry in self.results.ranking}
        totals_differ: set[str] = set()
        for participant in self.results.participants if self.results.ranking else ():
            pid = participant.participant_id
            entry = ranked.get(pid)
            number = self.plan.entries[pid]
            standing = self.scored.standings.get(number)
            where = f"ranking {pid} (entry {number})"
            if entry is None or standing is None:
                if entry is not None or standing is not None:
                    self.out.append(
                        Difference(
                            where,
                            "rank",
                            "unranked" if entry is None else str(entry.rank),
                            "unranked" if standing is None else str(standing.rank),
                            "one of us ranks a contestant the other does not",
                        )
                    )
                continue
            if entry.total is not None and not self.total(
                where, entry.total, standing.net, number, standing.boards
            ):
                totals_differ.add(pid)
            imps = self.results.header.scoring is not ScoringMethod.MATCHPOINTS
            if entry.percentage is not None and not imps:
                percent = standing.percent
                if as_printed(percent, entry.percentage, self.conventions.rounding) != (
                    entry.percentage
                ):
                    self.out.append(
                        Difference(
                            where,
                            "percentage",
                            str(entry.percentage),
                            as_published(percent),
                            "follows the total"
                            if pid in totals_differ
                            else self._rounded_why(entry.percentage, percent),
                        )
                    )
            if entry.rank != standing.rank:
                direction = f" {standing.direction}" if standing.direction else ""
                self.out.append(
                    Difference(
                        where,
                        "rank",
                        str(entry.rank),
                        f"{standing.rank}{direction}",
                        self._rank_why(participant.direction, standing.direction)
                        if not totals_differ
                        else "follows the totals that differ",
                    )
                )

    def _rounded_why(self, theirs: Decimal, ours: Fraction) -> str:
        other = other_rounding(self.conventions.rounding)
        if as_printed(ours, theirs, other) == theirs:
            return f"the file rounds {other.value.replace('_', ' ')} (rounding={other.value})"
        return UNEXPLAINED

    def _rank_why(self, file_direction: str | None, ours: str) -> str:
        if bool(file_direction) != bool(ours) or (
            self.results.header.scoring is ScoringMethod.MATCHPOINTS
            and file_direction
            and not ours
        ):
            return "one of us ranks one field, the other each direction (decision 0076)"
        return UNEXPLAINED

    def total(
        self, where: str, theirs: Decimal, exact: Fraction, entry: int, boards: int
    ) -> bool:
        """Compare a total; return whether it agrees. A total that another
        setting reproduces names that setting."""
        conventions = self.conventions
        printed = self.printed_total.get(entry, exact)
        full = self.full_boards
        shift = self.percent_shift.get(entry, Fraction(0))
        variants: list[tuple[Totals, bool, Rounding, FewerPlayedTotals]] = [
            (totals, scale, rounding, neuberg)
            for rounding in (conventions.rounding, other_rounding(conventions.rounding))
            for totals in (
                conventions.totals,
                *(t for t in Totals if t is not conventions.totals),
            )
            for scale in (conventions.scale_missed, not conventions.scale_missed)
            for neuberg in (
                conventions.fewer_played_totals,
                *(
                    n
                    for n in FewerPlayedTotals
                    if n is not conventions.fewer_played_totals
                ),
            )
        ]

        # The file's penalty on the entry, recorded as ours (decision 0181):
        # a total adding the file's board figures takes it off too.
        standing = self.scored.standings.get(entry)
        penalty = Fraction(standing.penalty) if standing is not None else Fraction(0)

        def value(totals: Totals, scale: bool, neuberg: FewerPlayedTotals) -> Fraction:
            if totals is Totals.PRINTED:
                base = printed - penalty
            else:
                base = exact + (shift if neuberg is FewerPlayedTotals.PERCENT else 0)
            if scale and 0 < boards < full:
                return base * full / boards
            return base

        chosen = value(
            conventions.totals,
            conventions.scale_missed,
            conventions.fewer_played_totals,
        )
        if as_printed(chosen, theirs, conventions.rounding) == theirs:
            return True
        reason = UNEXPLAINED
        if penalty and as_printed(chosen + penalty, theirs, conventions.rounding) == (
            theirs
        ):
            # Decision 0181: the file prints its total before its own penalty.
            reason = (
                f"{PENALTY}: the file's total leaves out its {as_published(penalty)}"
            )
            self.out.append(
                Difference(where, "total", str(theirs), as_published(chosen), reason)
            )
            return False
        for totals, scale, rounding, neuberg in variants[1:]:
            if as_printed(value(totals, scale, neuberg), theirs, rounding) != theirs:
                continue
            named = []
            if (
                neuberg is not conventions.fewer_played_totals
                and totals is Totals.EXACT
                and shift
            ):
                named.append(
                    "the file adds a board played fewer times "
                    + (
                        "as its percentage of the top to two decimals"
                        if neuberg is FewerPlayedTotals.PERCENT
                        else "by its exact Neuberg figure"
                    )
                    + f" (fewer_played_totals={neuberg.value})"
                )
            if totals is not conventions.totals:
                named.append(
                    "the file adds its rounded board figures (totals=printed)"
                    if totals is Totals.PRINTED
                    else "the file adds the exact board figures (totals=exact)"
                )
            if scale is not conventions.scale_missed and 0 < boards < full:
                named.append(
                    f"the file scales a total of {boards} boards to {full} "
                    "(scale_missed=yes)"
                    if scale
                    else "the file does not scale a total of boards missed "
                    "(scale_missed=no)"
                )
            if rounding is not conventions.rounding:
                named.append(
                    f"the file rounds {rounding.value.replace('_', ' ')} "
                    f"(rounding={rounding.value})"
                )
            if named:
                reason = "; ".join(named)
                break
        self.out.append(
            Difference(where, "total", str(theirs), as_published(chosen), reason)
        )
        return False
