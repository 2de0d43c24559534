"""Playing time, slow play and lateness: FIGB's supplementary norm to Law 8.

Laws of Duplicate Bridge 2017, Laws 8 and 90; FIGB supplementary norms
(2004) to Law 8 ("N-L8"), §1 (time for each board), §2 (slow play), §3
(lateness at the start of a round), §4 (penalties accumulate; VPs come off
the overall standings). The director records the facts (minutes late, a
team's slow play); the verdict here gives the penalty and the norm it rests on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from rules.errors import ArticleRef
from scoring.bridge.vp_scales import WBF_20, VpScale

__all__ = [
    "LatenessReading",
    "PlayingTime",
    "Verdict",
    "knockout_imps",
    "lateness_verdict",
    "playing_time",
    "slow_play_verdict",
]

FIGB = "Norme integrative FIGB"
N_L8_1 = ArticleRef("N-L8 §1", source=FIGB)
N_L8_2 = ArticleRef("N-L8 §2", source=FIGB)
N_L8_3 = ArticleRef("N-L8 §3", source=FIGB)

# N-L8 §1: boards of a (half-)match or round -> minutes, dealing and the
# explanation of systems included, at 8 boards an hour.
TABLE_MINUTES = {10: 90, 12: 105, 14: 120, 16: 135, 18: 150, 20: 165, 22: 180, 24: 195}
SCREENS_MINUTES = 5  # N-L8 §1: "aumentati di 5 minuti" with screens
DEFAULT_BOARDS_PER_HOUR = 8
GRACE_MINUTES = Decimal(5)
FORFEIT_AFTER = Decimal(30)
LADDER_STEP = Decimal(5)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayingTime:
    """The time allowed for ``boards`` boards, and how it was found."""

    boards: int
    minutes: int
    screens: bool
    from_table: bool  # N-L8 §1's table; otherwise its formula


def playing_time(
    boards: int,
    *,
    screens: bool = False,
    boards_per_hour: int = DEFAULT_BOARDS_PER_HOUR,
) -> PlayingTime:
    """Return the playing time of a round or (half-)match of ``boards`` boards.

    N-L8 §1: the table for 10 to 24 boards at 8 boards an hour, 5 more minutes
    with screens. The table is exactly 15 minutes (dealing, explanations)
    plus 7.5 a board; other counts, or another cadence the director
    announces ("ove altrimenti non specificato"), take that formula, rounded
    up to the whole minute.
    """
    if boards < 1:
        raise ValueError("a round has at least one board")
    if boards_per_hour < 1:
        raise ValueError("a cadence is at least one board an hour")
    extra = SCREENS_MINUTES if screens else 0
    if boards_per_hour == DEFAULT_BOARDS_PER_HOUR and boards in TABLE_MINUTES:
        return PlayingTime(
            boards=boards,
            minutes=TABLE_MINUTES[boards] + extra,
            screens=screens,
            from_table=True,
        )
    minutes = 15 + math.ceil(boards * 60 / boards_per_hour)
    return PlayingTime(
        boards=boards, minutes=minutes + extra, screens=screens, from_table=False
    )


class LatenessReading(StrEnum):
    """How N-L8 §3's warning and its ladder combine (the text allows both).

    "Se una squadra non è pronta a giocare entro 5 minuti dall'ora d'inizio
    del turno di gioco, incorre nell'ammonizione. Per ritardi superiori ...
    da 5,01 a 10 minuti = 1 V.P.": ``WARNING_WITHIN_GRACE`` (the default)
    warns a team up to 5 minutes late and takes VPs beyond; ``WARNING_AND_LADDER``
    lets the first 5 minutes pass and warns a team later than that as well
    as taking the ladder's VPs.
    """

    WARNING_WITHIN_GRACE = "warning_within_grace"
    WARNING_AND_LADDER = "warning_and_ladder"


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """What a fact costs a team: warnings, VPs off the overall standings,
    IMPs off a knockout match, or the match forfeited."""

    warnings: int = 0
    vp: int = 0
    imps: int = 0
    forfeit: bool = False
    norm: ArticleRef = N_L8_3
    explanation: str = ""


def lateness_verdict(
    minutes_late: Decimal,
    *,
    reading: LatenessReading = LatenessReading.WARNING_WITHIN_GRACE,
) -> Verdict:
    """Return the penalty for a team ``minutes_late`` after the round's start.

    N-L8 §3: ladder bands "da 5,01 a 10 minuti = 1 V.P." up to "da 25,01 a
    30 minuti = 5 V.P."; over 30 minutes the match is awarded to the team
    present (RC art. 21, forfeit). Each team of a match is judged alone.
    """
    if minutes_late < 0:
        raise ValueError("minutes late are not negative")
    if minutes_late == 0:
        return Verdict(explanation="on time")
    if minutes_late > FORFEIT_AFTER:
        return Verdict(
            forfeit=True,
            explanation="more than 30 minutes late: the match is awarded to the "
            "team present (RC art. 21)",
        )
    if minutes_late <= GRACE_MINUTES:
        within = reading is LatenessReading.WARNING_WITHIN_GRACE
        return Verdict(
            warnings=1 if within else 0,
            explanation="within the 5 minutes: a warning"
            if within
            else "within the 5 minutes of grace",
        )
    vp = math.ceil((minutes_late - GRACE_MINUTES) / LADDER_STEP)
    also_warned = reading is LatenessReading.WARNING_AND_LADDER
    return Verdict(
        warnings=1 if also_warned else 0,
        vp=vp,
        explanation=f"{minutes_late} minutes late: {vp} VP"
        + (" and a warning" if also_warned else ""),
    )


def knockout_imps(vp: int, boards: int, scale: VpScale = WBF_20) -> int:
    """Return the IMPs a knockout team loses for a ladder of ``vp`` VPs.

    N-L8 §3: "Nei casi d'incontro con formula a K.O., le penalità saranno
    attribuite in M.P." -- "il numero di M.P. minimi necessari per ottenere
    i suddetti V.P. secondo la scala 25-0 adottata per quella determinata
    gara": the least margin that earns those VPs above the draw on the scale
    the event adopts (its ``vp_scale``: 15 + vp on a 25-0 table, 10 + vp on
    the WBF 20-VP scale) for a match of ``boards`` boards (decision 0218).
    """
    return scale.least_margin_over_draw(vp, boards)


def slow_play_verdict(earlier_offences: int) -> Verdict:
    """Return the penalty for a team's slow play once the 5 minutes' tolerance
    after the time limit have run out.

    N-L8 §2 (teams): a warning for the first offence; 1 VP for each later
    one by the same team, "anche se si tratti di un incontro successivo".
    """
    if earlier_offences < 0:
        raise ValueError("a count of offences is not negative")
    if earlier_offences == 0:
        return Verdict(
            warnings=1, norm=N_L8_2, explanation="first slow play: a warning"
        )
    return Verdict(
        vp=1,
        norm=N_L8_2,
        explanation=f"slow play again (offence {earlier_offences + 1}): 1 VP",
    )
