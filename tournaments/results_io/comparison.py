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

from scoring.formats import ScoringMethod, TournamentResults
from scoring.formats.conventions import Conventions, conventions_for
from scoring.formats.model import DD_DENOMINATIONS, SEATS
from tournaments.models import DoubleDummyRow
from tournaments.results_io.contestant_comparison import Comparer
from tournaments.results_io.differences import Difference
from tournaments.results_io.hand_edits import attribute
from tournaments.results_io.plan import SESSION, ImportPlan
from tournaments.results_io.scores import session_scores

__all__ = ["analysis_differences", "compare"]


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
    chosen = conventions or conventions_for(results.header.program)
    scored = session_scores(plan.tournament_id, SESSION)
    comparer = Comparer(results, plan, chosen, scored)
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
