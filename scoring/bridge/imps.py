"""International Match Points: the IMP scale, team matches, cross-IMPs, Butler.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78B (the IMP scale) and
Law 78D (Butler and cross-IMPs are regulation); Law 12C2(b) (artificial scores
are +3/-3 IMPs); FIGB N-L88 (3-IMP indemnity to the team of an innocent pair).
Figures stay exact (``int`` or ``Fraction``); decision 0020.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import LawRef
from scoring.bridge.errors import InvalidScore
from scoring.bridge.rounding import Exact, round_to_multiple

__all__ = [
    "ARTIFICIAL_IMPS",
    "FIGB_INDEMNITY_IMPS",
    "IMP_UPPER_BOUNDS",
    "MAX_IMPS",
    "ButlerBoard",
    "butler",
    "butler_datum",
    "cross_imps",
    "imps",
    "knockout_adjusted_imps",
    "team_board_imps",
    "weighted_imps",
]

# Law 78B: the largest difference worth 0, 1, ... 23 IMPs; 4000 or more is 24.
IMP_UPPER_BOUNDS: tuple[int, ...] = (
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590,
    740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
)  # fmt: skip
MAX_IMPS = 24

ARTIFICIAL_IMPS = 3
"""Average plus / average minus in IMPs (Law 12C2(b)); the TO may vary it."""

FIGB_INDEMNITY_IMPS = 3
"""IMPs to the team of an innocent pair given an artificial score (FIGB N-L88)."""


def imps(difference: Exact) -> int:
    """Return the IMPs for a difference in total points (Law 78B).

    Symmetric: ``imps(-d) == -imps(d)``. A difference that falls in a gap of the
    table (11-19, which no pair of bridge scores produces) takes the row whose
    upper bound it does not exceed. A fractional difference (a factored
    datum) is compared exactly.
    """
    magnitude: Exact = -difference if difference < 0 else difference
    value = bisect_left(IMP_UPPER_BOUNDS, magnitude)
    return -value if difference < 0 else value


def weighted_imps(outcomes: Sequence[tuple[int, Fraction]], against: int) -> Fraction:
    """Return the IMPs of a weighted assigned score against another result.

    Law 12C1(c), as in matchpoints (decision 0022): each outcome (NS score,
    weight) is IMPed against ``against`` and the IMPs are weighted.
    """
    return sum(
        (Fraction(weight) * imps(score - against) for score, weight in outcomes),
        Fraction(0),
    )


def team_board_imps(ns_score_room_1: int, ns_score_room_2: int) -> int:
    """Return the IMPs on one board to the team sitting NS in room 1 (Law 78B).

    The same team sits EW in room 2, so its net is the difference of the two
    NS scores.
    """
    return imps(ns_score_room_1 - ns_score_room_2)


def knockout_adjusted_imps(own_net_a: Exact, own_net_b: Exact) -> Fraction:
    """Return team A's IMPs on a board with non-balancing adjusted scores (Law 12C4).

    Each team's IMPs are computed from its own adjusted score (both from its own
    side); each then gets the average: A = (a - b) / 2, B = -A.
    """
    return Fraction(own_net_a - own_net_b, 2)


def cross_imps(ns_scores: Sequence[int]) -> list[Fraction]:
    """Return each result's cross-IMPs for NS, averaged over the comparisons.

    Law 78D (regulation): every result is IMPed against every other result on
    the board and the sum is divided by the number of comparisons (n - 1);
    EW get the negation. A lone result scores 0.
    """
    n = len(ns_scores)
    if n < 2:
        return [Fraction(0)] * n
    cache: dict[int, Fraction] = {}
    out: list[Fraction] = []
    for score in ns_scores:
        value = cache.get(score)
        if value is None:
            total = sum(imps(score - other) for other in ns_scores)
            value = Fraction(total, n - 1)
            cache[score] = value
        out.append(value)
    return out


def butler_datum(
    ns_scores: Sequence[Exact], *, discard: int = 1, multiple: int = 10
) -> int:
    """Return the Butler datum: the mean NS score without the extremes, to 10.

    Law 78D (regulation; EBU White Book 4.2.6.2 practice): drop the ``discard``
    highest and lowest results when at least one result remains, average the
    rest exactly, round to the nearest 10 (``multiple``: another program's
    rounding, read by the results comparison) with halves away from zero.
    """
    if not ns_scores:
        raise InvalidScore(
            "a Butler datum needs at least one result", law=LawRef("78D")
        )
    ordered = sorted(ns_scores)
    if discard > 0 and len(ordered) > 2 * discard:
        ordered = ordered[discard:-discard]
    mean = Fraction(sum(ordered), len(ordered))
    return round_to_multiple(mean, multiple)


@dataclass(frozen=True, slots=True)
class ButlerBoard:
    """A Butler-scored board: its datum and each result's IMPs against it."""

    datum: int
    ns_imps: tuple[int, ...]


def butler(ns_scores: Sequence[int], *, discard: int = 1) -> ButlerBoard:
    """Return the datum and each result's IMPs against it (NS view; EW negate).

    Law 78B on the difference from the datum (Law 78D, regulation).
    """
    datum = butler_datum(ns_scores, discard=discard)
    return ButlerBoard(datum, tuple(imps(score - datum) for score in ns_scores))
