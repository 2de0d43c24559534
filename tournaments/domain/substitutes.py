"""Substitutes in individual and pairs tournaments: FIGB N-L4 §2a.

FIGB supplementary norms (2004) to Law 4, §2a (Mitchell/Howell individual and
pairs tournaments): who may substitute (equal or lower category or series;
never someone who has already played in the event), and how much of the
event a player may be substituted for before being eliminated, by the
event's kind: one session (1), several sessions without eliminations (2),
one qualifying session (3), two to four or more than four qualifying
sessions (4). Shares are exact fractions of the boards the entry plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import ArticleRef

__all__ = [
    "SubstituteVerdict",
    "norm",
    "verdict",
]

FIGB = "Norme integrative FIGB"
HALF = Fraction(1, 2)
TWO_THIRDS = Fraction(2, 3)


def norm(paragraph: str) -> ArticleRef:
    return ArticleRef(f"N-L4 §2a{paragraph}", source=FIGB)


@dataclass(frozen=True, slots=True, kw_only=True)
class SubstituteVerdict:
    """What a player's substitutions mean: the original ``eliminated`` (or not
    admitted to the final), the substitute acquiring the original's rights
    (``substitute_rights``), the share substituted in sessions, and the rule."""

    substituted_sessions: Fraction
    eliminated: bool
    substitute_rights: bool
    rule: ArticleRef
    explanation: str


def verdict(
    shares: Mapping[int, Fraction],
    *,
    sessions: int,
    qualifying_sessions: int = 0,
) -> SubstituteVerdict:
    """Judge a player substituted for ``shares`` (session -> the share of that
    session's boards the substitute played) in an event of ``sessions``
    sessions, ``qualifying_sessions`` of them eliminatory (0: none).

    N-L4 §2a(1): one session -- "sostituito per più del 50% delle smazzate è
    eliminato. Se il sostituto ha giocato il 50% o più ... acquista tutti i
    diritti": at exactly 50% both hold, as the text says.
    (2): several sessions, no eliminations -- eliminated "per più di una
    sessione completa". (3): one qualifying session -- not admitted to the
    final without having played 2/3 of it. (4): two to four qualifying
    sessions, at most one full session; more than four, two; the substitute
    qualifies in their own right past one full session (two to four) or
    with two full sessions (more than four).
    """
    total = sum(shares.values(), Fraction(0))
    if qualifying_sessions == 1:
        share = max(shares.values(), default=Fraction(0))
        out = share > 1 - TWO_THIRDS
        return SubstituteVerdict(
            substituted_sessions=total,
            eliminated=out,
            substitute_rights=False,
            rule=norm("(3)"),
            explanation=(
                "played less than 2/3 of the qualifying session: not admitted to "
                "the final"
                if out
                else "played at least 2/3 of the qualifying session"
            ),
        )
    if qualifying_sessions >= 2:
        limit = 1 if qualifying_sessions <= 4 else 2
        out = total > limit
        rights = total > 1 if limit == 1 else total >= 2
        return SubstituteVerdict(
            substituted_sessions=total,
            eliminated=out,
            substitute_rights=rights,
            rule=norm("(4)"),
            explanation=(
                f"substituted for {total} sessions, more than {limit}: eliminated"
                if out
                else f"substituted for {total} sessions, within {limit}"
            ),
        )
    if sessions <= 1:
        share = total
        return SubstituteVerdict(
            substituted_sessions=total,
            eliminated=share > HALF,
            substitute_rights=share >= HALF,
            rule=norm("(1)"),
            explanation=f"substituted for {share} of the boards"
            + (": eliminated" if share > HALF else "")
            + ("; the substitute takes the original's rights" if share >= HALF else ""),
        )
    out = total > 1
    return SubstituteVerdict(
        substituted_sessions=total,
        eliminated=out,
        substitute_rights=False,
        rule=norm("(2)"),
        explanation=(
            f"substituted for {total} sessions, more than one full session: eliminated"
            if out
            else f"substituted for {total} sessions, at most one full session"
        ),
    )
