"""Turn results the director awards instead of the score sheet's.

F.I.Bur. Codice di Gara, April 2024 edition:

- Art. 19: a lost score sheet gives 7-7 (restored if found, except a sheet
  lost in the single-group phase and found in the merit-group phase).
- Art. 20: a correction made without the director in a protected turn, if
  it would bring an immediate advantage, may be annulled with 7-7; the
  director decides (digest Q19), the engine only gives the score.
- Art. 38: a hand suspended for both pairs' misconduct gives each 7 VP and
  -505 MP (4 hands); a team match so suspended, -555 MP each (VP not
  stated, digest Q28: 7, as for pairs). A pair that leaves after a quarrel
  loses the match 0; the innocent pair takes 13 VP and 505 MP (4 hands)
  unless it had already scored more. Both pairs at a table abandoning
  score 0 each.
- I poteri dell'arbitro (g): in the Danish merit-group turns of regional
  and national events, group A tables that reach a difference of 800 MP or
  more must call the director; if they do not, the sheet is annulled and
  each side keeps its VP capped at 7.

The code gives VP only for most of these; the MP that go with them are the
VP's equivalent on the format's table (``equivalent_mp``: 7 VP with four
hands is -505, as Art. 38 writes; digest Q3; decision 0069). Whether 800 is
reached is read on the running difference after each hand by default, as
the players must call "on reaching" it (digest Q15; decision 0069).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import art, powers
from rules.burraco.lateness import FORFEIT, AwardedScore
from rules.burraco.match_format import MatchFormat
from rules.errors import ArticleRef
from scoring.burraco.turn import TurnResult
from scoring.burraco.vp import equivalent_mp

__all__ = [
    "ABSENCE_TURNS_AT_SEVEN",
    "CAP_VP",
    "MONITORING_THRESHOLD",
    "MonitoringReading",
    "QuarrelAward",
    "TurnAward",
    "absence_score",
    "annulled_correction",
    "both_abandoned",
    "capped_at_seven",
    "lost_score_sheet",
    "misconduct_suspension",
    "monitoring_threshold_reached",
    "quarrel_abandonment",
    "unreported_threshold",
]

MONITORING_THRESHOLD = 800
"""The difference at which group A tables must call the director (Poteri g)."""

CAP_VP = 7
"""Each side's VP cap when the sheet is annulled (Poteri g)."""


@dataclass(frozen=True, slots=True)
class TurnAward:
    """An awarded turn result: each side's VP and MP, and the article."""

    ns: AwardedScore
    ew: AwardedScore
    law: ArticleRef


def _award(ns_vp: int, ew_vp: int, fmt: MatchFormat, law: ArticleRef) -> TurnAward:
    return TurnAward(
        ns=AwardedScore(vp=ns_vp, mp=equivalent_mp(ns_vp, fmt)),
        ew=AwardedScore(vp=ew_vp, mp=equivalent_mp(ew_vp, fmt)),
        law=law,
    )


def lost_score_sheet(match_format: MatchFormat) -> TurnAward:
    """Return the 7-7 for a lost score sheet (Art. 19)."""
    return _award(7, 7, match_format, art(19))


def annulled_correction(match_format: MatchFormat) -> TurnAward:
    """Return the 7-7 when the director annuls an unendorsed correction (Art. 20)."""
    return _award(7, 7, match_format, art(20))


def misconduct_suspension(match_format: MatchFormat) -> TurnAward:
    """Return each side's score when misconduct of both stops the match (Art. 38).

    7 VP and -505 MP with four hands; -555 MP in a team match, with 7 VP
    (decision 0069).
    """
    return _award(7, 7, match_format, art(38))


def both_abandoned(match_format: MatchFormat) -> TurnAward:
    """Return 0 to each pair when both pairs at a table abandon (Art. 38).

    "Se entrambe le coppie al tavolo abbandonano il punteggio loro
    attribuito sarà 0": 0 VP; the MP are not stated (digest Q3): 0 MP
    each, the figure the article writes (decision 0217).
    """
    return TurnAward(
        ns=AwardedScore(vp=0, mp=0), ew=AwardedScore(vp=0, mp=0), law=art(38)
    )


@dataclass(frozen=True, slots=True)
class QuarrelAward:
    """The match in play when a pair leaves after a quarrel (Art. 38)."""

    guilty: AwardedScore
    innocent: AwardedScore
    kept_own: bool
    """The innocent pair had already scored more: it keeps that score."""
    law: ArticleRef


def quarrel_abandonment(
    match_format: MatchFormat, innocent_so_far: AwardedScore | None = None
) -> QuarrelAward:
    """Return the guilty and the innocent pair's scores after a quarrel (Art. 38).

    The guilty pair "perderà la partita a 0": 0 VP, with the mirror of the
    innocent pair's MP. The innocent pair takes 13 VP and 505 MP with four
    hands (Art. 39's win in the other formats: 14 and 305 or 355, teams 13
    and 555; digest Q4, decision 0146), unless it had already scored more
    at the table (``innocent_so_far``: its VP and signed MP for the hands
    played): then it keeps that. More is a higher VP, or the same VP with
    more MP (decision 0217).
    """
    award = FORFEIT[match_format]
    kept = innocent_so_far is not None and (
        innocent_so_far.vp,
        innocent_so_far.mp,
    ) > (award.vp, award.mp)
    innocent = innocent_so_far if kept and innocent_so_far is not None else award
    return QuarrelAward(
        guilty=AwardedScore(vp=0, mp=-innocent.mp),
        innocent=innocent,
        kept_own=kept,
        law=art(38),
    )


class MonitoringReading(StrEnum):
    """Which difference the 800-MP rule reads (digest Q15)."""

    RUNNING = "running"
    """The difference after any hand of the turn (decision 0069)."""
    FINAL = "final"
    """Only the difference at the end of the turn."""


def monitoring_threshold_reached(
    result: TurnResult,
    *,
    threshold: int = MONITORING_THRESHOLD,
    reading: MonitoringReading = MonitoringReading.RUNNING,
) -> bool:
    """Return whether the table reached the monitoring threshold (Poteri g)."""
    if reading is MonitoringReading.FINAL:
        return abs(result.difference) >= threshold
    return any(abs(d) >= threshold for d in result.running_differences)


def unreported_threshold(result: TurnResult) -> TurnAward:
    """Return the award when the sheet is annulled for not calling at 800 (Poteri g).

    Each side keeps its VP capped at 7: 20-0 becomes 7-0, 14-6 becomes 7-6,
    13-7 down to 10-10 become 7-7.
    """
    return capped_at_seven(*result.vp, result.match_format)


def capped_at_seven(ns_vp: int, ew_vp: int, match_format: MatchFormat) -> TurnAward:
    """Each side's VP capped at 7, with the MP the format makes equivalent:
    the Poteri (g) list for a sheet annulled at 800 MP."""
    return _award(min(ns_vp, CAP_VP), min(ew_vp, CAP_VP), match_format, powers("g"))


ABSENCE_TURNS_AT_SEVEN = 3


def absence_score(nth: int, match_format: MatchFormat) -> AwardedScore:
    """Return the absent pair's score for its ``nth`` absent turn (Art. 38):
    7 VP and -505 MP with four hands for three turns (the MP the format
    makes equivalent otherwise), 0 VP from the fourth. The three turns are
    counted through the tournament, not only in a row (digest Q16;
    decision 0146)."""
    if nth < 1:
        raise ValueError(f"absent turn {nth}")
    vp = 7 if nth <= ABSENCE_TURNS_AT_SEVEN else 0
    return AwardedScore(vp=vp, mp=equivalent_mp(vp, match_format))
