"""Compare every figure a file carries with ours, and say why they differ.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 77 (table scores), Law 78A
(matchpoints, Neuberg for a board played fewer times), Law 78D (Butler and
cross-IMPs), Law 12C2 (artificial scores). Decisions 0042 (what is compared,
at the file's precision) and 0128 (every figure, with its reason).

Our figures are the one pipeline's (``session_scoring`` through the read
models, decision 0075), exact; the producing program's conventions (decision
0129) say how the file printed them: the rounding, a board played fewer times
on its own top, totals adding printed figures. A figure that differs is
explained by the convention that would reproduce it, or reported as
explained by none (a hand edit, or another scoring).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from scoring.bridge import publish
from scoring.bridge.imps import butler_datum
from scoring.formats import ScoringMethod, TournamentResults
from scoring.formats.conventions import (
    DATUM_ROUNDINGS,
    Conventions,
    FewerPlayed,
    FewerPlayedTotals,
    Rounding,
    Totals,
    conventions_for,
    round_figure,
)
from scoring.formats.model import DD_DENOMINATIONS, SEATS, is_artificial
from tournaments.domain import board_result
from tournaments.domain.session_scoring import LineFigures
from tournaments.models import DoubleDummyRow
from tournaments.results_io.plan import SESSION, ImportPlan, describe_line
from tournaments.results_io.scores import SessionScores, session_scores

__all__ = ["Difference", "analysis_differences", "compare"]

UNEXPLAINED = "no convention explains it: edited by hand, or scored otherwise"
PENALTY = "penalty in the file"  # decision 0181


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure on which the file and our scoring disagree, and why."""

    where: str
    what: str
    file: str
    ours: str
    reason: str = ""

    def __str__(self) -> str:
        because = f" ({self.reason})" if self.reason else ""
        return f"{self.where}: {self.what}: file {self.file}, ours {self.ours}{because}"


def _places(value: Decimal) -> int:
    exponent = value.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _printed(value: Fraction, like: Decimal, rounding: Rounding) -> Decimal:
    """Our figure as the file would print it: its decimals, its rounding."""
    return round_figure(value, _places(like), rounding)


def _shown(value: Fraction) -> str:
    """One of our figures as published: two decimals (decision 0020)."""
    return str(publish(value))


def _other(rounding: Rounding) -> Rounding:
    return Rounding.HALF_UP if rounding is Rounding.HALF_EVEN else Rounding.HALF_EVEN


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


class _Comparer:
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
        if _printed(chosen, theirs, conventions.rounding) == theirs:
            return theirs
        self.out.append(
            Difference(where, what, str(theirs), _shown(chosen), self.why(theirs, ours))
        )
        return theirs

    def why(self, theirs: Decimal, ours: _Figure) -> str:
        """Name the convention that reproduces the file's figure, if any."""
        for rounding in (self.conventions.rounding, _other(self.conventions.rounding)):
            turned = rounding is not self.conventions.rounding
            for value, fewer in (
                (ours.neuberg, FewerPlayed.NEUBERG),
                (ours.own_top, FewerPlayed.OWN_TOP),
                (ours.ties, FewerPlayed.TIES),
            ):
                if value is None or _printed(value, theirs, rounding) != theirs:
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
            _printed(ours.other, theirs, self.conventions.rounding) == theirs
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
                                _printed(value, theirs, self.conventions.rounding),
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
                self.figure(
                    where,
                    what,
                    theirs,
                    None
                    if value is None
                    else _Figure(value, own, other, ties=tied[what]),
                )
                # An individual's partners share their side's figures (Law 4).
                for entry in side or ():
                    if ours is not None and line.board_number in self.fewer_boards:
                        self._shift_neuberg(entry, value, ours.top)
                    if theirs is not None and value is not None:
                        # totals=printed adds the board figures rounded as the
                        # file prints them (Neuberg figures, decision 0129).
                        self._add_printed(
                            entry,
                            _printed(
                                value,
                                theirs if _places(theirs) else Decimal("0.0"),
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

    # -- contestants -------------------------------------------------------------

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
                if _printed(percent, entry.percentage, self.conventions.rounding) != (
                    entry.percentage
                ):
                    self.out.append(
                        Difference(
                            where,
                            "percentage",
                            str(entry.percentage),
                            _shown(percent),
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
        other = _other(self.conventions.rounding)
        if _printed(ours, theirs, other) == theirs:
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
            for rounding in (conventions.rounding, _other(conventions.rounding))
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
        if _printed(chosen, theirs, conventions.rounding) == theirs:
            return True
        reason = UNEXPLAINED
        if penalty and _printed(chosen + penalty, theirs, conventions.rounding) == (
            theirs
        ):
            # Decision 0181: the file prints its total before its own penalty.
            reason = f"{PENALTY}: the file's total leaves out its {_shown(penalty)}"
            self.out.append(
                Difference(where, "total", str(theirs), _shown(chosen), reason)
            )
            return False
        for totals, scale, rounding, neuberg in variants[1:]:
            if _printed(value(totals, scale, neuberg), theirs, rounding) != theirs:
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
        self.out.append(Difference(where, "total", str(theirs), _shown(chosen), reason))
        return False


def compare(
    results: TournamentResults,
    plan: ImportPlan,
    conventions: Conventions | None = None,
) -> list[Difference]:
    """List every figure the file carries that ours does not reproduce.

    Per line: the raw NS score (Law 77); matchpoints and percentages (Law
    78A) or Butler / cross-IMP points (Law 78D); per board the Butler datum;
    per contestant the total, percentage and rank. Figures the file does not
    give are not compared. Each difference names its reason: a convention,
    a figure it follows, or a hand edit the file's own figures prove
    (decision 0152). Without
    ``conventions``, those of the program the file names (decision 0129).
    """
    from tournaments.results_io.hand_edits import attribute  # it reads Difference

    chosen = conventions or conventions_for(results.header.program)
    scored = session_scores(plan.tournament_id, SESSION)
    comparer = _Comparer(results, plan, chosen, scored)
    comparer.lines()
    comparer.contestants()
    return [
        *attribute(
            comparer.out,
            plan,
            scored,
            chosen,
            matchpoints=results.header.scoring is ScoringMethod.MATCHPOINTS,
        ),
        *analysis_differences(results, plan),
    ]


DD_REASON = (
    "DDS on the file's own deal gives ours: the file's figure is of another "
    "deal or solver; information, never a ruling, decision 0052"
)


def analysis_differences(
    results: TournamentResults, plan: ImportPlan, session: int = SESSION
) -> list[Difference]:
    """The file's double-dummy tricks and par against DDS on the deal the
    import recorded (decision 0183): each of the twenty counts and the par
    (North-South's) the file gives. A board not analysed is not compared."""
    analysed = {
        row.board_number: row
        for row in DoubleDummyRow.objects.filter(
            tournament_id=plan.tournament_id, session=session
        )
    }
    out: list[Difference] = []
    for board in results.boards:
        row = analysed.get(board.board_number)
        if row is None or row.deal != board.deal:
            continue
        where = f"board {board.board_number}"
        if board.double_dummy is not None:
            for denomination, theirs, ours in zip(
                DD_DENOMINATIONS, board.double_dummy, row.tricks, strict=True
            ):
                for seat, file_tricks, our_tricks in zip(
                    SEATS, theirs, ours, strict=True
                ):
                    if file_tricks != our_tricks:
                        out.append(
                            Difference(
                                where,
                                f"double-dummy tricks {denomination} by {seat}",
                                str(file_tricks),
                                str(our_tricks),
                                DD_REASON,
                            )
                        )
        if board.par_score is not None and board.par_score != row.par_score:
            out.append(
                Difference(
                    where,
                    "par NS",
                    str(board.par_score),
                    str(row.par_score),
                    DD_REASON,
                )
            )
    return out
