"""Lateness at the director's start signal, and the forfeit it can bring.

F.I.Bur. Codice di Gara, April 2024 edition, Art. 39: a pair or team not
present at the signal gets a warning within two minutes; from two to five
minutes the side present gets a 150 MP bonus, from five to ten 200 MP;
beyond ten the side present wins: 13-7 and 505 MP (4 hands), 14-6 and 355
(3 hands), 14-6 and 305 (2 hands), 13-7 and 555 (teams). If both sides are
late the penalties are assessed separately; after ten minutes both lose,
taking 6 or 7 VP and the equivalent MP. In team events the bonus goes on
the open-room score sheet.

Decision 0067 (digest Q5, Q20, Q21): the bands are (0, 2], (2, 5], (5, 10]
minutes and beyond, measured in whole seconds; the same 150 and 200 bonus
for every format, as the article gives one value; the late side takes the
mirror of the forfeit (7-13 and -505 MP with four hands); both sides beyond
ten minutes each take the loser's VP and MP of the forfeit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import art
from rules.burraco.errors import InconsistentFacts
from rules.burraco.match_format import MatchFormat
from rules.errors import ArticleRef

__all__ = [
    "FORFEIT",
    "AwardedScore",
    "Lateness",
    "LatenessBand",
    "both_late_forfeit",
    "lateness_penalty",
]


_ART_39 = art(39)


@dataclass(frozen=True, slots=True)
class AwardedScore:
    """A turn result awarded without (full) play: VP and signed MP for one side."""

    vp: int
    mp: int

    @property
    def mirror(self) -> AwardedScore:
        """Return the other side's score: 20 minus the VP, the MP negated."""
        return AwardedScore(vp=20 - self.vp, mp=-self.mp)


FORFEIT: dict[MatchFormat, AwardedScore] = {
    MatchFormat.TWO_HANDS: AwardedScore(vp=14, mp=305),
    MatchFormat.THREE_HANDS: AwardedScore(vp=14, mp=355),
    MatchFormat.FOUR_HANDS: AwardedScore(vp=13, mp=505),
    MatchFormat.TEAMS: AwardedScore(vp=13, mp=555),
}
"""The side present's win beyond ten minutes, per format (Art. 39)."""


class LatenessBand(StrEnum):
    """The four bands of Art. 39."""

    WARNING = "warning"
    BONUS_150 = "bonus_150"
    BONUS_200 = "bonus_200"
    FORFEIT = "forfeit"


_BANDS: tuple[tuple[int, LatenessBand, int], ...] = (
    (2 * 60, LatenessBand.WARNING, 0),
    (5 * 60, LatenessBand.BONUS_150, 150),
    (10 * 60, LatenessBand.BONUS_200, 200),
)


@dataclass(frozen=True, slots=True)
class Lateness:
    """The sanction for one side's lateness (Art. 39).

    ``warning`` goes to the late side; ``mp_bonus`` to the side present,
    added to its turn total before the VP lookup; ``forfeit`` is the side
    present's awarded result (the late side takes its ``mirror``).
    """

    band: LatenessBand
    warning: bool
    mp_bonus: int
    forfeit: AwardedScore | None
    law: ArticleRef = _ART_39


def lateness_penalty(seconds_late: int, match_format: MatchFormat) -> Lateness | None:
    """Return the sanction for a side ``seconds_late`` after the signal, or None.

    Bands (decision 0067): up to 2 minutes inclusive a warning; over 2 and
    up to 5, +150 MP; over 5 and up to 10, +200 MP; over 10, the forfeit.
    """
    if isinstance(seconds_late, bool) or not isinstance(seconds_late, int):
        raise InconsistentFacts(f"{seconds_late!r} is not a number of seconds")
    if seconds_late <= 0:
        return None
    for limit, band, bonus in _BANDS:
        if seconds_late <= limit:
            return Lateness(
                band=band,
                warning=band is LatenessBand.WARNING,
                mp_bonus=bonus,
                forfeit=None,
            )
    return Lateness(
        band=LatenessBand.FORFEIT,
        warning=False,
        mp_bonus=0,
        forfeit=FORFEIT[match_format],
    )


def both_late_forfeit(match_format: MatchFormat) -> AwardedScore:
    """Return what each side takes when both are over ten minutes late (Art. 39).

    Both lose, with 6 or 7 VP and the equivalent MP: the loser's side of the
    format's forfeit (7 VP and -505 MP with four hands; decision 0067).
    """
    return FORFEIT[match_format].mirror
