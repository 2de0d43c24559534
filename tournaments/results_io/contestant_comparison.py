"""Compare each contestant's total, percentage and rank in an imported file
with ours, naming the setting that reproduces a total that differs.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints); decisions
0076 (one field or each direction), 0129 (the producing program's
conventions), 0151 and 0181 (the file's penalty).
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction

from scoring.formats import ScoringMethod
from scoring.formats.conventions import (
    FewerPlayedTotals,
    Rounding,
    Totals,
    round_figure,
)
from tournaments.results_io.differences import (
    PENALTY,
    UNEXPLAINED,
    Cause,
    Difference,
    as_printed,
    as_published,
    other_rounding,
)
from tournaments.results_io.line_comparison import LineComparer

__all__ = ["Comparer"]


def _worst(differences: Iterable[Difference]) -> Cause:
    """What a figure that follows several others is caused by: a hand edit
    before a figure we cannot reproduce before a convention not set."""
    causes = {d.classified() for d in differences}
    for cause in (Cause.HAND_EDIT, Cause.UNREPRODUCED):
        if cause in causes:
            return cause
    return Cause.CONVENTION


class Comparer(LineComparer):
    """The line comparison, then each contestant's (after the lines: a total
    adding printed figures needs them)."""

    def contestants(self) -> None:
        ranked = {entry.participant_id: entry for entry in self.results.ranking}
        # Each entry's total as the file's figures add it, and its rank and
        # percentage from that total: a program that adds its printed figures
        # takes its percentages and places from that sum (decision 0224).
        # Compscore's two-decimal reading of a board played fewer times is
        # its totals' only: its percentages are of the exact total (0151).
        self.conventional = {
            number: self._base(number, self.conventions.totals, FewerPlayedTotals.EXACT)
            for number in self.scored.standings
        }
        conventional_ranks = self._ranks()
        totals_differ: dict[str, Difference] = {}
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
                totals_differ[pid] = self.out[-1]
            imps = self.results.header.scoring is not ScoringMethod.MATCHPOINTS
            if entry.percentage is not None and not imps:
                self._percentage(
                    where, entry.percentage, number, totals_differ.get(pid)
                )
            if entry.rank != standing.rank and entry.rank != conventional_ranks.get(
                number
            ):
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
                        cause=_worst(totals_differ.values()),
                    )
                )

    def _percent_of(self, number: int, net: Fraction) -> Fraction | None:
        standing = self.scored.standings[number]
        return net * 100 / standing.top if standing.top else None

    def _percentage(
        self, where: str, theirs: Decimal, number: int, total: Difference | None
    ) -> None:
        """The session percentage (Law 78A) of the total the file's conventions
        add, on the tops of the boards the entry played: Magic Contest's of its
        printed figures' sum, ScoreBridge's of its printed matchpoints over the
        boards played times the top (decision 0224)."""
        rounding = self.conventions.rounding
        chosen = self._percent_of(number, self.conventional[number])
        if chosen is None or as_printed(chosen, theirs, rounding) == theirs:
            return
        exact = self.scored.standings[number].percent
        cause = None
        if total is not None:
            reason, cause = "follows the total", total.classified()
        elif exact != chosen and as_printed(exact, theirs, rounding) == theirs:
            reason = (
                "the file takes its percentage of the exact total, not of the "
                "figures it adds (totals=exact)"
            )
        else:
            reason = self._rounded_why(theirs, chosen)
        self.out.append(
            Difference(
                where, "percentage", str(theirs), as_published(chosen), reason, cause
            )
        )

    def _ranks(self) -> dict[int, int]:
        """Each entry's place by the totals the conventions add, in its field
        (one field, or each direction: decision 0076); equal figures share
        the better place, as a file prints them."""
        matchpoints = self.results.header.scoring is ScoringMethod.MATCHPOINTS
        rounding = self.conventions.rounding
        figure: dict[int, Decimal] = {}
        for number, net in self.conventional.items():
            value = self._percent_of(number, net) if matchpoints else net
            if value is not None:
                # Compared as the file prints them: two decimals.
                figure[number] = round_figure(value, 2, rounding)
        out: dict[int, int] = {}
        for number, mine in figure.items():
            field_ = self.scored.standings[number].direction
            out[number] = 1 + sum(
                other_figure > mine
                for other, other_figure in figure.items()
                if self.scored.standings[other].direction == field_
            )
        return out

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

    def _base(
        self,
        entry: int,
        totals: Totals,
        neuberg: FewerPlayedTotals,
        exact: Fraction | None = None,
    ) -> Fraction:
        """The entry's net total (penalty off) as a program adding its figures
        ``totals`` way would, before any scaling. The file's penalty is
        recorded as ours (decision 0181): a total adding the file's board
        figures takes it off too."""
        standing = self.scored.standings[entry]
        net = standing.net if exact is None else exact
        if totals is Totals.PRINTED:
            return self.printed_total.get(entry, net + standing.penalty) - (
                standing.penalty
            )
        if neuberg is FewerPlayedTotals.PERCENT:
            return net + self.percent_shift.get(entry, Fraction(0))
        return net

    def total(
        self, where: str, theirs: Decimal, exact: Fraction, entry: int, boards: int
    ) -> bool:
        """Compare a total; return whether it agrees. A total that another
        setting reproduces names that setting."""
        conventions = self.conventions
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

        standing = self.scored.standings.get(entry)
        penalty = Fraction(standing.penalty) if standing is not None else Fraction(0)

        def value(totals: Totals, scale: bool, neuberg: FewerPlayedTotals) -> Fraction:
            base = self._base(entry, totals, neuberg, exact)
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
