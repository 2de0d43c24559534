"""Adjusted scores (Law 12), fouled boards (Law 87) and procedural penalties (Law 90).

Laws of Duplicate Bridge 2017 (FIGB edition), Law 12C1 (assigned and weighted
scores, split scores for self-inflicted damage), Law 12C2 (artificial scores:
average plus/average/average minus, 60/50/40 in pairs, +3/0/-3 IMPs, and the
session-percentage rule of 12C2(c)), Law 86B2 (teams), Law 87 (fouled boards
scored in groups) and Law 90 (procedural penalties); FIGB supplementary norms
(2004) N-L12 (mani medie), N-L87 (fouled boards) and N-L88 (indemnity).

These are the markers a travelling-score line carries instead of, or beside,
a raw score. How they are matchpointed lives in ``matchpoints``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, StrEnum
from fractions import Fraction

from rules.errors import ArticleRef, LawRef
from scoring.bridge.errors import (
    InvalidAdjustment,
    InvalidScore,
    InvalidWeights,
    ScoringError,
)
from scoring.bridge.imps import ARTIFICIAL_IMPS

__all__ = [
    "FIGB",
    "Adjustment",
    "Artificial",
    "ArtificialScore",
    "Assigned",
    "FouledTreatment",
    "NoFaultRule",
    "Outcome",
    "PenaltyUnit",
    "ProceduralPenalty",
    "SwapKind",
    "artificial_imps",
    "check_ns_score",
    "fouled_board_treatment",
    "no_fault_percent",
    "swapped_cards_artificial",
    "teams_nos_imps",
]

FIGB = "FIGB norme integrative 2004"

_MAX_SCORE = 7600  # 7NTXX vulnerable down 13 (Law 77); no score is larger


def check_ns_score(score: object) -> int:
    """Return ``score`` if it is a score Law 77 can produce, else raise.

    Every bridge score is a multiple of 10 no larger than 7600 in size.
    """
    if isinstance(score, bool) or not isinstance(score, int):
        raise InvalidScore(f"{score!r} is not a bridge score", law=LawRef("77"))
    if score % 10 or abs(score) > _MAX_SCORE:
        raise InvalidScore(f"{score} is not a bridge score", law=LawRef("77"))
    return score


class ArtificialScore(Enum):
    """The three artificial adjusted scores of Law 12C2(a), in % of the top."""

    AVERAGE_PLUS = Fraction(60)
    AVERAGE = Fraction(50)
    AVERAGE_MINUS = Fraction(40)


PercentLike = ArtificialScore | Fraction | int | str | Decimal


def _percent(value: PercentLike) -> Fraction:
    if isinstance(value, ArtificialScore):
        return value.value
    if isinstance(value, bool):
        raise InvalidAdjustment(f"{value!r} is not a percentage", law=LawRef("12C2"))
    try:
        percent = Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError):
        raise InvalidAdjustment(
            f"{value!r} is not a percentage", law=LawRef("12C2")
        ) from None
    if not 0 <= percent <= 100:
        raise InvalidAdjustment(f"{value!r} is not a percentage", law=LawRef("12C2"))
    return percent


_NOTATION = re.compile(r"^A?(\d{2,3})%?[-/ ]?(\d{2,3})%?$")


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score: each side's percentage of the top (Law 12C2).

    ``ns_no_fault``/``ew_no_fault`` mark a side "in no way at fault", which the
    session-percentage rule (Law 12C2(c); FIGB N-L12) looks at. The two sides
    need not total 100% (e.g. 60/60 when neither side is at fault).
    """

    ns_percent: Fraction
    ew_percent: Fraction
    ns_no_fault: bool
    ew_no_fault: bool

    @classmethod
    def of(
        cls,
        ns: PercentLike,
        ew: PercentLike,
        *,
        ns_no_fault: bool | None = None,
        ew_no_fault: bool | None = None,
    ) -> Artificial:
        """Build an artificial score; a side given 60% or more is not at fault.

        Law 12C2(a): average plus goes to a contestant in no way at fault.
        """
        ns_percent, ew_percent = _percent(ns), _percent(ew)
        return cls(
            ns_percent=ns_percent,
            ew_percent=ew_percent,
            ns_no_fault=ns_percent >= 60 if ns_no_fault is None else ns_no_fault,
            ew_no_fault=ew_percent >= 60 if ew_no_fault is None else ew_no_fault,
        )

    @classmethod
    def parse(cls, text: str) -> Artificial:
        """Parse "A6040", "60-40", "60%-40%", "50/50" (NS first)."""
        match = _NOTATION.match(text.strip().upper().replace(" ", ""))
        if match is None:
            raise InvalidAdjustment(
                f"{text!r} is not an artificial score", law=LawRef("12C2")
            )
        return cls.of(int(match.group(1)), int(match.group(2)))

    def __str__(self) -> str:
        return f"A{_fmt_percent(self.ns_percent)}{_fmt_percent(self.ew_percent)}"


def _fmt_percent(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return str(Decimal(value.numerator) / Decimal(value.denominator))


@dataclass(frozen=True, slots=True)
class Outcome:
    """One possible result of a weighted assigned score, NS point of view."""

    ns_score: int
    weight: Fraction


WeightLike = Fraction | Decimal | str | int


def _weight(value: WeightLike) -> Fraction:
    if isinstance(value, bool):
        raise InvalidWeights(f"{value!r} is not a weight", law=LawRef("12C1"))
    try:
        weight = Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError):
        raise InvalidWeights(f"{value!r} is not a weight", law=LawRef("12C1")) from None
    if not 0 < weight <= 1:
        raise InvalidWeights(
            f"{value!r} is not a weight between 0 and 1", law=LawRef("12C1")
        )
    if (weight * 100).denominator != 1:
        # Decision 0022: weights are exact to two decimals (whole percent).
        raise InvalidWeights(
            f"{value!r} is not a weight to two decimals", law=LawRef("12C1")
        )
    return weight


def _outcomes(pairs: Iterable[tuple[int, WeightLike]]) -> tuple[Outcome, ...]:
    merged: dict[int, Fraction] = {}
    for score, weight in pairs:
        key = check_ns_score(score)
        merged[key] = merged.get(key, Fraction(0)) + _weight(weight)
    if not merged:
        raise InvalidWeights("a weighted score needs an outcome", law=LawRef("12C1"))
    if sum(merged.values()) != 1:
        raise InvalidWeights(
            "the weights of a weighted score must sum to 1", law=LawRef("12C1")
        )
    return tuple(Outcome(score, weight) for score, weight in merged.items())


@dataclass(frozen=True, slots=True)
class Assigned:
    """An assigned adjusted score, possibly weighted and possibly split.

    Law 12C1(a)-(c): the assigned score replaces the table result; it may be
    weighted over several outcomes, each matchpointed and then weighted
    (decision 0022). Law 12C1(e): the two sides may get different (split)
    scores; each side is then compared with its own direction's field.
    """

    ns_side: tuple[Outcome, ...]
    ew_side: tuple[Outcome, ...]

    @classmethod
    def single(cls, ns_score: int) -> Assigned:
        """Assign one result to both sides (Law 12C1(a))."""
        outcome = (Outcome(check_ns_score(ns_score), Fraction(1)),)
        return cls(ns_side=outcome, ew_side=outcome)

    @classmethod
    def weighted(cls, outcomes: Iterable[tuple[int, WeightLike]]) -> Assigned:
        """Assign weighted outcomes to both sides (Law 12C1(c)).

        Weights are exact to two decimals and sum to exactly 1.
        """
        parsed = _outcomes(outcomes)
        return cls(ns_side=parsed, ew_side=parsed)

    @classmethod
    def split(
        cls,
        ns_side: Iterable[tuple[int, WeightLike]],
        ew_side: Iterable[tuple[int, WeightLike]],
    ) -> Assigned:
        """Assign each side its own (possibly weighted) score (Law 12C1(e))."""
        return cls(ns_side=_outcomes(ns_side), ew_side=_outcomes(ew_side))

    @property
    def is_split(self) -> bool:
        """Return whether the two sides were assigned different scores."""
        return self.ns_side != self.ew_side

    @property
    def is_single(self) -> bool:
        """Return whether this is one unweighted, unsplit result."""
        return len(self.ns_side) == 1 and not self.is_split


Adjustment = Artificial | Assigned


class NoFaultRule(StrEnum):
    """How an artificial score of a side not at fault is revised after the session.

    - ``NONE``: the awarded percentage stands.
    - ``LAW_12C2C``: Law 12C2(c): a side not at fault whose percentage on the
      other boards of the session exceeds the award gets that percentage.
    - ``FIGB_SESSION_PERCENT``: FIGB N-L12 read literally: the side's average
      (50%) becomes its percentage on the valid boards of the session, even
      if lower.
    - ``FIGB_SESSION_PERCENT_MIN_60``: FIGB N-L12 with the 60% floor of the
      1997 Law 88: the larger of 60% and the session percentage.

    Under both FIGB rules an award other than the average (an average plus)
    is revised as Law 12C2(c) does: N-L12 speaks of the "mano media" only.
    """

    NONE = "none"
    LAW_12C2C = "law_12c2c"
    FIGB_SESSION_PERCENT = "figb_session_percent"
    FIGB_SESSION_PERCENT_MIN_60 = "figb_session_percent_min_60"


def no_fault_percent(
    awarded: Fraction, other_boards: Fraction | None, rule: NoFaultRule
) -> Fraction:
    """Return the revised percentage of a side not at fault (Law 12C2(c); FIGB N-L12).

    ``other_boards`` is the side's percentage on its other (valid) boards of the
    session, or None when it has none (the award then stands).
    """
    if other_boards is None or rule is NoFaultRule.NONE:
        return awarded
    if rule is NoFaultRule.LAW_12C2C or awarded != ArtificialScore.AVERAGE.value:
        # FIGB N-L12 revises the "mano media" (the average, 50%); any other
        # artificial score of a side not at fault keeps Law 12C2(c).
        return max(awarded, other_boards)
    if rule is NoFaultRule.FIGB_SESSION_PERCENT:
        return other_boards
    return max(Fraction(60), other_boards)


def artificial_imps(score: ArtificialScore, *, plus: int = ARTIFICIAL_IMPS) -> int:
    """Return the IMPs of an artificial score in an IMP event (Law 12C2(b)).

    Average plus +3, average 0, average minus -3; the TO may change the 3.
    """
    if score is ArtificialScore.AVERAGE_PLUS:
        return plus
    if score is ArtificialScore.AVERAGE_MINUS:
        return -plus
    return 0


def teams_nos_imps(
    assigned_imps: int | Fraction, *, plus: int = ARTIFICIAL_IMPS
) -> int | Fraction:
    """Return the non-offenders' IMPs when only one team is at fault (Law 86B2(b)).

    The more favourable of average plus and the assigned score; the offenders
    get the complement.
    """
    return max(plus, assigned_imps)


class PenaltyUnit(StrEnum):
    """The unit a procedural penalty is expressed in (Law 90; FIGB §2.1)."""

    PERCENT_OF_TOP = "percent_of_top"
    MATCHPOINTS = "matchpoints"
    IMPS = "imps"
    VICTORY_POINTS = "victory_points"


@dataclass(frozen=True, slots=True)
class ProceduralPenalty:
    """A procedural penalty on one contestant, on top of its result (Law 90).

    In pairs, ``PERCENT_OF_TOP`` is taken on the top of ``board`` or, when the
    penalty is tied to no board, on the session's largest board top (FIGB §2.1
    rule 1). It is deducted from the offender only; opponents are unaffected.
    """

    participant: str | int
    amount: Fraction
    unit: PenaltyUnit
    board: int | None = None
    reason: str = ""

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise InvalidAdjustment(
                "a penalty amount is not negative", law=LawRef("90")
            )

    def matchpoints(self, top: Callable[[], int]) -> Fraction:
        """Return the matchpoints deducted in a matchpointed session (Law 90).

        ``top`` gives the top the percentage is taken on: the penalised
        board's, or the session's largest when the penalty names no board.
        """
        if self.unit is PenaltyUnit.MATCHPOINTS:
            return Fraction(self.amount)
        if self.unit is PenaltyUnit.PERCENT_OF_TOP:
            return Fraction(self.amount) * top() / 100
        raise ScoringError(
            f"a matchpointed session cannot take a penalty in {self.unit.value}",
            law=LawRef("90"),
        )


class SwapKind(StrEnum):
    """Which hands held swapped cards on a fouled board (FIGB N-L87 §7a)."""

    NORTH_SOUTH = "north_south"
    EAST_WEST = "east_west"
    ACROSS = "across"


def swapped_cards_artificial(kind: SwapKind) -> Artificial:
    """Return the artificial score for a table that played swapped cards.

    FIGB N-L87 §7a(1)-(3), used when the board was fouled in fewer than a fifth
    of the session's rounds: N/S swap 40/50, E/W swap 50/40, a swap across the
    two pairs 40/40 (NS first). The detecting table gets 60/60 instead.
    """
    if kind is SwapKind.NORTH_SOUTH:
        return Artificial.of(40, 50)
    if kind is SwapKind.EAST_WEST:
        return Artificial.of(50, 40)
    return Artificial.of(40, 40)


class FouledTreatment(StrEnum):
    """How a fouled board is scored (FIGB N-L87 §7a; Law 87B)."""

    ARTIFICIAL = "artificial"
    GROUPS = "groups"


def fouled_board_treatment(fouled_rounds: int, total_rounds: int) -> FouledTreatment:
    """Return whether a fouled board gets artificial scores or is scored in groups.

    FIGB N-L87 §7a: fouled in fewer than a fifth of the session's rounds,
    artificial scores; a fifth or more, two groups (Law 87B).
    """
    if total_rounds <= 0 or not 0 <= fouled_rounds <= total_rounds:
        raise InvalidAdjustment(
            "fouled rounds must lie between 0 and the session's rounds",
            law=ArticleRef("N-L87", source=FIGB),
        )
    if 5 * fouled_rounds >= total_rounds:
        return FouledTreatment.GROUPS
    return FouledTreatment.ARTIFICIAL
