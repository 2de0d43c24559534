"""Victory points, byes, warnings, VP penalties and knockout ties.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78D (conversion to VPs is
regulation); FIGB supplementary norms (2004) N-L78 §1-§3 (VP scales, simple
VPs and their win margins, total-points margins, knockout, byes), N-L8 §2/§4
(two warnings cost 1 VP, from the overall standings), N-L5 (wrong seating).

The WBF 20-VP scale (2013) is not in our sources; it is built from its
published formula (decision 0024): the winner of a match of N boards by I
IMPs gets 10 + 10 (1 - t^(3I/X)) / (1 - t^3), t = (sqrt 5 - 1) / 2, X =
15 sqrt N, capped at 20, rounded to two decimals and made concave; the loser
gets 20 minus that. Published tables can be loaded with ``VictoryPointTable``.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import isqrt

from rules.errors import ArticleRef, LawRef
from scoring.bridge.errors import InvalidVictoryPointScale
from scoring.bridge.rounding import Exact

__all__ = [
    "ByeScale",
    "ByeScore",
    "MatchOutcome",
    "VictoryPointTable",
    "figb_bye_score",
    "figb_simple_vp",
    "figb_total_points_outcome",
    "knockout_extra_boards",
    "knockout_winner",
    "min_margin_for_vp",
    "warnings_vp_lost",
    "wbf_blitz",
    "wbf_discrete_table",
    "wbf_discrete_vp",
    "wbf_vp",
    "wbf_vp_pair",
    "wbf_vp_table",
    "wbf_vp_with_imp_penalties",
    "wrong_seating_penalty",
]

FIGB = "FIGB norme integrative 2004"
_HUNDREDTH = Decimal("0.01")


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise InvalidVictoryPointScale(
            f"{boards!r} is not a number of boards", law=LawRef("78D")
        )


def wbf_blitz(boards: int) -> Decimal:
    """Return the WBF blitz margin X = 15 * sqrt(boards), the margin worth 20 VPs."""
    _check_boards(boards)
    with localcontext() as ctx:
        ctx.prec = 50
        return 15 * Decimal(boards).sqrt()


def _raw_vp(margin: int, boards: int) -> Decimal:
    """Return the unrounded WBF winner's VPs for a non-negative margin."""
    with localcontext() as ctx:
        ctx.prec = 50
        blitz = 15 * Decimal(boards).sqrt()
        if margin >= blitz:
            return Decimal(20)
        tau = (Decimal(5).sqrt() - 1) / 2
        power = ((Decimal(3 * margin) / blitz) * tau.ln()).exp()
        return 10 + 10 * (1 - power) / (1 - tau**3)


def _blitz_ceiling(boards: int) -> int:
    """Return the smallest integer margin at or above the blitz 15 sqrt(boards)."""
    # 15 sqrt(N) <= m  <=>  225 N <= m^2 (exact in integers).
    root = isqrt(225 * boards)
    return root if root * root == 225 * boards else root + 1


@lru_cache(maxsize=256)
def wbf_vp_table(boards: int) -> tuple[Fraction, ...]:
    """Return the winner's VPs for margins 0, 1, ... up to the blitz (20.00).

    Decision 0024: the formula's value rounded half up to two decimals, then
    made concave (each extra IMP is worth no more than the one before) by
    raising an earlier value by 0.01 wherever rounding broke that rule.
    """
    _check_boards(boards)
    last = _blitz_ceiling(boards)
    cents = [
        int(_raw_vp(m, boards).quantize(_HUNDREDTH, rounding=ROUND_HALF_UP) * 100)
        for m in range(last + 1)
    ]
    changed = True
    while changed:
        changed = False
        for i in range(1, last):
            if cents[i + 1] - cents[i] > cents[i] - cents[i - 1]:
                cents[i] += 1
                changed = True
    return tuple(Fraction(c, 100) for c in cents)


def wbf_vp(margin: int, boards: int) -> Fraction:
    """Return a team's VPs (two decimals) for its IMP ``margin`` (negative: lost).

    WBF 20-VP continuous scale (Law 78D; decision 0024): the loser gets 20 minus
    the winner's VPs, so the two always sum to 20; capped at 20-0.
    """
    table = wbf_vp_table(boards)
    winner = table[min(abs(margin), len(table) - 1)]
    return winner if margin >= 0 else 20 - winner


def wbf_vp_pair(imps_a: Exact, imps_b: Exact, boards: int) -> tuple[Fraction, Fraction]:
    """Return both teams' VPs for a match won ``imps_a`` to ``imps_b``.

    A fractional IMP total (cross-IMPs, Law 12C4 halves) is rounded to the
    nearest IMP first, halves away from zero (decision 0020).
    """
    margin = imps_a - imps_b
    whole = _round_margin(margin)
    vp = wbf_vp(whole, boards)
    return vp, 20 - vp


def wbf_vp_with_imp_penalties(
    imps_a: Exact,
    imps_b: Exact,
    boards: int,
    *,
    penalty_a: Exact = 0,
    penalty_b: Exact = 0,
) -> tuple[Fraction, Fraction]:
    """Return both teams' VPs when IMP penalties hit one team only.

    FIGB §2.1 rule 2 (N-L87 §6b; App1 §7): a team's IMP penalty affects only
    its own result, so each team's VPs come from its own margin after its own
    penalty and the two need not sum to 20.
    """
    vp_a, _ = wbf_vp_pair(imps_a - penalty_a, imps_b, boards)
    vp_b, _ = wbf_vp_pair(imps_b - penalty_b, imps_a, boards)
    return vp_a, vp_b


def _round_margin(margin: Exact) -> int:
    value = Fraction(margin)
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if 2 * rest >= value.denominator:
        whole += 1
    return -whole if value < 0 else whole


@dataclass(frozen=True, slots=True)
class VictoryPointTable:
    """A discrete VP scale given as data: the least margin for each VP step.

    ``thresholds[k]`` is the least IMP margin that earns ``draw + k + 1`` VPs
    to the winner (the loser gets ``total`` minus the winner's VPs). Official
    WBF or FIGB tables are loaded this way (Law 78D).
    """

    total: int
    draw: Fraction
    thresholds: tuple[int, ...]

    def __post_init__(self) -> None:
        if list(self.thresholds) != sorted(self.thresholds) or (
            self.thresholds and self.thresholds[0] < 1
        ):
            raise InvalidVictoryPointScale(
                "thresholds must rise from a margin of at least 1", law=LawRef("78D")
            )

    def vp(self, margin: int) -> Fraction:
        """Return the VPs of a team winning (or losing, if negative) by ``margin``."""
        steps = bisect_right(self.thresholds, abs(margin))
        winner = self.draw + steps
        return winner if margin >= 0 else self.total - winner


@lru_cache(maxsize=256)
def wbf_discrete_table(boards: int) -> VictoryPointTable:
    """Return the WBF 20-VP scale in whole VPs, derived from the continuous one.

    Decision 0024 (not checked against the WBF's published discrete tables,
    which are not in our sources): the margin for each whole VP is where the
    continuous scale reaches it to the nearest VP; bands are then widened so
    that each VP needs an IMP range no narrower than the one before.
    """
    table = wbf_vp_table(boards)
    thresholds: list[int] = []
    for vp in range(11, 21):
        target = Fraction(2 * vp - 1, 2)
        thresholds.append(next(m for m, v in enumerate(table) if v >= target))
    widths_ok = [0, *thresholds]
    for k in range(2, len(widths_ok)):
        previous = widths_ok[k - 1] - widths_ok[k - 2]
        widths_ok[k] = max(widths_ok[k], widths_ok[k - 1] + previous)
    return VictoryPointTable(
        total=20, draw=Fraction(10), thresholds=tuple(widths_ok[1:])
    )


def wbf_discrete_vp(margin: int, boards: int) -> Fraction:
    """Return whole VPs on the derived WBF discrete scale (decision 0024)."""
    return wbf_discrete_table(boards).vp(margin)


def min_margin_for_vp(vp: Exact, boards: int) -> int:
    """Return the least IMP margin worth at least ``vp`` on the WBF continuous scale.

    Used for bye scores stated in VPs (FIGB N-L78 §3 "the minimum IMPs needed").
    """
    if not 10 <= vp <= 20:
        raise InvalidVictoryPointScale(
            f"{vp} VPs is not a winning score on a 20-VP scale", law=LawRef("78D")
        )
    table = wbf_vp_table(boards)
    return next(m for m, v in enumerate(table) if v >= vp)


class MatchOutcome(StrEnum):
    """Win, draw or loss for simple VPs and total points (FIGB N-L78 §1-§2)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


def figb_simple_vp(margin: int, boards: int) -> int:
    """Return simple VPs (2 win, 1 draw, 0 loss) for a team's IMP margin.

    FIGB N-L78 §2a: a win needs more than boards/5 IMPs for matches up to 64
    boards, 13 IMPs beyond; anything less is a draw 1-1.
    """
    _check_boards(boards)
    size = abs(margin)
    won = size >= 13 if boards > 64 else 5 * size > boards
    if not won:
        return 1
    return 2 if margin > 0 else 0


def figb_total_points_outcome(difference: int, boards: int) -> MatchOutcome:
    """Return a total-points match's outcome for the team ``difference`` points up.

    FIGB N-L78 §2b: a win needs more than 500 points over 32 boards or more
    than 1,000 over 64; a smaller difference is a draw. Other lengths are not
    regulated (decision 0024: refused).
    """
    margins = {32: 500, 64: 1000}
    if boards not in margins:
        raise InvalidVictoryPointScale(
            f"FIGB sets no total-points margin for {boards} boards",
            law=ArticleRef("N-L78 §2b", source=FIGB),
        )
    if abs(difference) <= margins[boards]:
        return MatchOutcome.DRAW
    return MatchOutcome.WIN if difference > 0 else MatchOutcome.LOSS


class ByeScale(StrEnum):
    """The VP scales FIGB N-L78 §3 gives bye scores for."""

    TEN = "10-0"
    TWELVE = "12-0"
    FOURTEEN = "14-0"
    TWENTY_FIVE = "25-0"


@dataclass(frozen=True, slots=True)
class ByeScore:
    """The VPs and IMPs credited to a team with a bye (FIGB N-L78 §3)."""

    vp: Fraction
    imps: int


def figb_bye_score(scale: ByeScale, *, imps_for_18: int | None = None) -> ByeScore:
    """Return the bye score on a FIGB scale (N-L78 §3).

    10-0: 7 VP and +7 IMPs; 12-0: 9 VP and +12; 14-0: 10 VP and +12; 25-0:
    18 VP with the least IMPs that earn 18 at the match length, which comes
    from the event's 25-0 table (``imps_for_18``).
    """
    if scale is ByeScale.TEN:
        return ByeScore(Fraction(7), 7)
    if scale is ByeScale.TWELVE:
        return ByeScore(Fraction(9), 12)
    if scale is ByeScale.FOURTEEN:
        return ByeScore(Fraction(10), 12)
    if imps_for_18 is None:
        raise InvalidVictoryPointScale(
            "a 25-0 bye needs the least margin worth 18 VPs on the event's table",
            law=ArticleRef("N-L78 §3", source=FIGB),
        )
    return ByeScore(Fraction(18), imps_for_18)


def warnings_vp_lost(warnings: int) -> tuple[int, int]:
    """Return (VPs lost, residual warnings) for a team's warnings.

    FIGB N-L8 §2, §4: every two warnings cost 1 VP from the overall standings;
    an odd warning remains and breaks ties against its team.
    """
    if warnings < 0:
        raise InvalidVictoryPointScale("a count of warnings is not negative")
    return divmod(warnings, 2)


def wrong_seating_penalty(draw_vp: Exact, *, last_segment: bool) -> Fraction:
    """Return the VPs each team loses for sitting in the wrong positions.

    FIGB N-L5: 20% of the match's draw score for an earlier segment, 40% for
    the last one (3 and 6 VPs on the 25-0 scale; decision 0024 applies the
    same percentages to the draw of other scales).
    """
    return Fraction(draw_vp) * (Fraction(2, 5) if last_segment else Fraction(1, 5))


def knockout_extra_boards(valid_boards: int, *, minimum: int = 1) -> int:
    """Return the extra boards played to break a tied knockout match.

    FIGB N-L78 §2c: one board for every 8 validly played, rounded down (22 ->
    2); then single boards until the tie breaks. Decision 0024: at least
    ``minimum`` (1) so that fewer than 8 boards still get a play-off.
    """
    if valid_boards < 0:
        raise InvalidVictoryPointScale("a count of boards is not negative")
    return max(minimum, valid_boards // 8)


def knockout_winner(imps_a: Exact, imps_b: Exact) -> int:
    """Return 1 if team A won, -1 if team B won, 0 if the match is tied.

    FIGB N-L78 §2c: even one IMP decides a knockout match.
    """
    if imps_a > imps_b:
        return 1
    if imps_b > imps_a:
        return -1
    return 0
