"""Compare each line of an imported file with ours: the table score, the
matchpoints and percentages or IMPs, and each board's Butler datum.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 77 (table scores), Law 78A
(matchpoints, Neuberg for a board played fewer times), Law 78D (Butler and
cross-IMPs), Law 12C2 (artificial scores); decisions 0129 (the producing
program's conventions), 0147 and 0151.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from scoring.bridge.imps import butler_datum
from scoring.formats import ScoringMethod, TournamentResults
from scoring.formats.conventions import (
    DATUM_ROUNDINGS,
    Conventions,
    FewerPlayed,
    round_figure,
)
from scoring.formats.model import is_artificial
from tournaments.domain import board_result
from tournaments.domain.session_scoring import LineFigures
from tournaments.results_io.differences import (
    UNEXPLAINED,
    Difference,
    as_printed,
    as_published,
    decimal_places,
    other_rounding,
)
from tournaments.results_io.plan import SESSION, ImportPlan, describe_line
from tournaments.results_io.scores import SessionScores

__all__ = ["LineComparer"]


@dataclass(frozen=True, slots=True)
class _Figure:
    """One line figure under both readings of a board played fewer times."""

    neuberg: Fraction
    own_top: Fraction | None  # None when the board was not played fewer times
    # The figure under the other averaged-board method (decision 0147).
    other: Fraction | None = None
    # The figure with each missing result counted as a tie (fewer_played=ties).
    ties: Fraction | None = None

    def reading(self, fewer: FewerPlayed) -> Fraction:
        """The figure as a file printing a board played fewer times that way
        would; the Neuberg figure for a board played in full."""
        if fewer is FewerPlayed.OWN_TOP and self.own_top is not None:
            return self.own_top
        if fewer is FewerPlayed.TIES and self.ties is not None:
            return self.ties
        return self.neuberg


def _own_top(points: Fraction, figures: LineFigures) -> Fraction | None:
    """The matchpoints on the board's own top, from the Neuberg figure.

    Law 78A / FIGB N-L78 §2: Neuberg gives F = (M + 1) * E / N - 1 on the 2-1-0
    scale, E = (top + 2) / 2 results expected and N compared; so
    M = (F + 1) * 2N / (top + 2) - 1. None when the board was played in full.
    """
    top, compared = figures.top, figures.compared
    if top is None or compared is None or compared < 1:
        return None
    if 2 * (compared - 1) >= top:
        return None
    return (points + 1) * 2 * compared / (top + 2) - 1


def _ties(own: Fraction | None, figures: LineFigures | None) -> Fraction | None:
    """The matchpoints on the session's top with each result the board is
    missing counted as a tie, one point each on the 2-1-0 scale (Law 78A):
    M + (top - 2(N - 1)) / 2, from the figure on the board's own top."""
    if own is None or figures is None or figures.top is None:
        return None
    compared = figures.compared or 0
    return own + Fraction(figures.top - 2 * (compared - 1), 2)


def _percent_own(points: Fraction | None, compared: int | None) -> Fraction | None:
    if points is None or compared is None or compared < 2:
        return None
    return points * 100 / (2 * (compared - 1))


class LineComparer:
    """Compare the file's lines with ours, gathering the differences in
    ``out`` and what the totals need (the printed figures, the shifts)."""

    def __init__(
        self,
        results: TournamentResults,
        plan: ImportPlan,
        conventions: Conventions,
        scored: SessionScores,
    ) -> None:
        self.results = results
        self.plan = plan
        self.conventions = conventions
        self.scored = scored
        self.out: list[Difference] = []
        # Each entry's printed line figures, for totals=printed.
        self.printed_total: dict[int, Fraction] = {}
        # What fewer_played_totals=percent adds to each entry's exact total.
        self.percent_shift: dict[int, Fraction] = {}
        # The session's full number of boards: what most entries played.
        played = Counter(s.boards for s in scored.standings.values())
        # Boards played fewer times: fewer lines than most boards have.
        lines = Counter(t.line.board_number for t in plan.tables)
        most = max(lines.values(), default=0)
        self.fewer_boards = {b for b, n in lines.items() if n < most}
        self.full_boards = max(played, key=lambda n: (played[n], n), default=0)

    # -- one figure ------------------------------------------------------------

    def figure(
        self,
        where: str,
        what: str,
        theirs: Decimal | None,
        ours: _Figure | None,
    ) -> Decimal | None:
        """Compare one figure; return what the file printed if we can read it."""
        if theirs is None:
            return None
        if ours is None:
            self.out.append(Difference(where, what, str(theirs), "not scored"))
            return theirs
        conventions = self.conventions
        chosen = ours.reading(conventions.fewer_played)
        if as_printed(chosen, theirs, conventions.rounding) == theirs:
            return theirs
        self.out.append(
            Difference(
                where, what, str(theirs), as_published(chosen), self.why(theirs, ours)
            )
        )
        return theirs

    def why(self, theirs: Decimal, ours: _Figure) -> str:
        """Name the convention that reproduces the file's figure, if any."""
        for rounding in (
            self.conventions.rounding,
            other_rounding(self.conventions.rounding),
        ):
            turned = rounding is not self.conventions.rounding
            for value, fewer in (
                (ours.neuberg, FewerPlayed.NEUBERG),
                (ours.own_top, FewerPlayed.OWN_TOP),
                (ours.ties, FewerPlayed.TIES),
            ):
                if value is None or as_printed(value, theirs, rounding) != theirs:
                    continue
                named = []
                if (
                    fewer is not self.conventions.fewer_played
                    and ours.own_top is not None
                ):
                    named.append(
                        "the board was played fewer times: the file prints it "
                        + {
                            FewerPlayed.OWN_TOP: "on its own top",
                            FewerPlayed.TIES: "counting each missing result as a tie",
                            FewerPlayed.NEUBERG: "by Neuberg",
                        }[fewer]
                        + f" (fewer_played={fewer.value})"
                    )
                if turned:
                    named.append(
                        f"the file rounds {rounding.value.replace('_', ' ')} "
                        f"(rounding={rounding.value})"
                    )
                if named:
                    return "; ".join(named)
        other = self.scored.other_method
        if ours.other is not None and (
            as_printed(ours.other, theirs, self.conventions.rounding) == theirs
        ):
            return (
                "a board with an artificial score: the file scores it "
                + ("by Neuberg" if other == "neuberg" else "by FIGB N-L12")
                + f" (averaged_boards={other})"
            )
        return UNEXPLAINED

    # -- lines -------------------------------------------------------------------

    def lines(self) -> None:
        imps = self.results.header.scoring in (
            ScoringMethod.BUTLER,
            ScoringMethod.CROSS_IMPS,
        )
        label = {
            ScoringMethod.BUTLER: "Butler",
            ScoringMethod.CROSS_IMPS: "cross-IMP",
        }.get(self.results.header.scoring, "IMP")
        data = {b.board_number: b.datum for b in self.results.boards}
        datum_checked: set[int] = set()
        for table in self.plan.tables:
            line = table.line
            where = f"{describe_line(line)} at table {table.ref.table}"
            stream = board_result.stream_id(
                self.plan.tournament_id, SESSION, line.board_number, table.ref.table
            )
            row = self.scored.rows[stream]
            if (
                line.score_ns is not None
                and row.score_ns is not None
                and line.score_ns != row.score_ns
            ):
                self.out.append(
                    Difference(
                        where,
                        "score NS",
                        str(line.score_ns),
                        str(row.score_ns),
                        f"{line.contract} by {line.declarer} making {line.tricks} "
                        "tricks scores this (Law 77)",
                    )
                )
            ours = self.scored.line.get(stream)
            if imps:
                for what, theirs, value in (
                    (f"{label} NS", line.imp_ns, ours.ns if ours else None),
                    (f"{label} EW", line.imp_ew, ours.ew if ours else None),
                ):
                    self.figure(
                        where,
                        what,
                        theirs,
                        None if value is None else _Figure(value, None),
                    )
                    if theirs is not None and value is not None:
                        for entry in table.side("NS" in what):
                            self._add_printed(
                                entry,
                                as_printed(value, theirs, self.conventions.rounding),
                            )
                board = line.board_number
                theirs_datum = data.get(board)
                if (
                    theirs_datum is not None
                    and board not in datum_checked
                    and ours is not None
                ):
                    datum_checked.add(board)
                    self.datum(board, theirs_datum, ours.datum)
                continue
            artificial = is_artificial(line.contract)
            own_ns = None if ours is None or artificial else _own_top(ours.ns, ours)
            own_ew = None if ours is None or artificial else _own_top(ours.ew, ours)
            compared = ours.compared if ours else None
            alt = self.scored.other.get(stream)
            ties_ns, ties_ew = _ties(own_ns, ours), _ties(own_ew, ours)
            top = ours.top if ours else None
            tied = {
                "MP NS": ties_ns,
                "MP EW": ties_ew,
                "percentage NS": None
                if ties_ns is None or not top
                else ties_ns * 100 / top,
                "percentage EW": None
                if ties_ew is None or not top
                else ties_ew * 100 / top,
            }
            for what, theirs, value, own, side, other in (
                (
                    "MP NS",
                    line.mp_ns,
                    ours.ns if ours else None,
                    own_ns,
                    table.side(True),
                    alt.ns if alt else None,
                ),
                (
                    "MP EW",
                    line.mp_ew,
                    ours.ew if ours else None,
                    own_ew,
                    table.side(False),
                    alt.ew if alt else None,
                ),
                (
                    "percentage NS",
                    line.percentage_ns,
                    ours.percent_ns if ours else None,
                    _percent_own(own_ns, compared),
                    None,
                    alt.percent_ns if alt else None,
                ),
                (
                    "percentage EW",
                    line.percentage_ew,
                    ours.percent_ew if ours else None,
                    _percent_own(own_ew, compared),
                    None,
                    alt.percent_ew if alt else None,
                ),
            ):
                figure = (
                    None
                    if value is None
                    else _Figure(value, own, other, ties=tied[what])
                )
                self.figure(where, what, theirs, figure)
                # An individual's partners share their side's figures (Law 4).
                for entry in side or ():
                    if ours is not None and line.board_number in self.fewer_boards:
                        self._shift_neuberg(entry, value, ours.top)
                    if theirs is not None and figure is not None:
                        # totals=printed adds the board figures rounded as the
                        # file prints them (decision 0129), a board played
                        # fewer times as its fewer_played reading prints it
                        # (ScoreBridge adds its ties, decision 0224).
                        self._add_printed(
                            entry,
                            as_printed(
                                figure.reading(self.conventions.fewer_played),
                                theirs if decimal_places(theirs) else Decimal("0.0"),
                                self.conventions.rounding,
                            ),
                        )

    def _shift_neuberg(
        self, entry: int, value: Fraction | None, top: int | None
    ) -> None:
        """fewer_played_totals=percent: the Neuberg figure of a board played
        fewer times kept as a percentage of the top to two decimals, then taken
        back to matchpoints (decision 0151)."""
        if value is None or not top:
            return
        kept = Fraction(round_figure(value * 100 / top, 2, self.conventions.rounding))
        self.percent_shift[entry] = (
            self.percent_shift.get(entry, Fraction(0)) + kept * top / 100 - value
        )

    def _add_printed(self, entry: int, shown: Decimal | None) -> None:
        if shown is not None:
            self.printed_total[entry] = self.printed_total.get(
                entry, Fraction(0)
            ) + Fraction(shown)

    def datum(self, board: int, theirs: int, ours: int | None) -> None:
        """The Butler datum (Law 78D): the pipeline's trims one result at each
        end and rounds to 10. The file's agrees if it is that, or what the
        ``datum_discard`` setting expects; another trimming that gives it is
        named."""
        if ours == theirs:
            return
        reason = UNEXPLAINED
        scores = [
            self.scored.rows[
                board_result.stream_id(
                    self.plan.tournament_id, SESSION, board, t.ref.table
                )
            ].score_ns
            for t in self.plan.tables
            if t.line.board_number == board and not is_artificial(t.line.contract)
        ]
        field_ = [s for s in scores if s is not None]
        expected = self.conventions.datum_discard
        multiple = self.conventions.datum_rounding
        if field_ and butler_datum(field_, discard=expected, multiple=multiple) == (
            theirs
        ):
            return
        for rounding in (multiple, *(r for r in DATUM_ROUNDINGS if r != multiple)):
            found = [
                discard
                for discard in (expected, 0, 1, 2, 3)
                if field_
                and butler_datum(field_, discard=discard, multiple=rounding) == theirs
            ]
            if not found:
                continue
            named = []
            if found[0] != expected:
                named.append(
                    f"the file's datum drops {found[0]} result(s) at each end "
                    f"(datum_discard={found[0]})"
                )
            if rounding != multiple:
                named.append(
                    f"the file's datum is rounded to {rounding} "
                    f"(datum_rounding={rounding})"
                    if rounding > 1
                    else "the file's datum is not rounded (datum_rounding=1)"
                )
            reason = "; ".join(named)
            break
        self.out.append(
            Difference(
                f"board {board}",
                "datum",
                str(theirs),
                "not scored" if ours is None else str(ours),
                reason,
            )
        )
