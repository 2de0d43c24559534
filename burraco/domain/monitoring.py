"""The 800-MP rule of I poteri dell'arbitro (g), applied to an entered sheet.

F.I.Bur. Codice di Gara, April 2024 edition, I poteri dell'arbitro (g): the
director may establish, announcing it to the room, that in the Danese
merit-group turns of regional and national events, at group A's tables only,
players who reach a difference of 800 MP or more must call the director, who
countersigns the sheet and watches the table. If they do not call, the sheet
is annulled and each side keeps its VP capped at 7 (20-0 is 7-0, 14-6 is
7-6, 13-7 to 10-10 are 7-7).

The tournament's ``monitoring_800`` is the director's announcement, allowed
only to regional and national events with Danese merit groups (decision
0174). The difference is read on the running total after each hand, as the
players must call "on reaching" it (digest Q15; decision 0069); an Art. 39
lateness bonus is not play and is not counted. The sheet is recorded with
its flag either way; unannounced, a ``TurnAwarded`` naming the article
replaces its score.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import accumulate

from burraco.domain.commands import EnterScoreSheet
from burraco.domain.events import BurracoEvent, ScoreSheetEntered, TurnAwarded
from burraco.domain.state import BurracoState
from burraco.domain.values import SheetHand
from scoring.burraco import MONITORING_THRESHOLD, capped_at_seven

__all__ = ["applies", "monitored", "reached"]


def applies(state: BurracoState, turn: int, table: int) -> bool:
    """Whether ``table`` of ``turn`` is watched: the rule is on, the turn is
    a merit-group turn, the table is group A's."""
    opened = state.opened
    if opened is None or not opened.monitoring_800 or not state.groups:
        return False
    split = opened.split_after
    if split is None or turn <= split:
        return False
    position = state.position(turn, table)
    return position is not None and position.fixed in state.groups[0]


def reached(hands: tuple[SheetHand, ...]) -> bool:
    """Whether the running difference reached 800 MP after any hand."""
    differences = accumulate(h.fixed_total - h.mobile_total for h in hands)
    return any(abs(d) >= MONITORING_THRESHOLD for d in differences)


def monitored(
    state: BurracoState, command: EnterScoreSheet, entered: ScoreSheetEntered
) -> list[BurracoEvent]:
    """The sheet's events: flagged when a watched table reached 800 MP, and
    annulled to the capped score when the director was not called."""
    if not applies(state, command.turn, command.table) or not reached(command.hands):
        return [entered]
    flagged = replace(
        entered, threshold_reached=True, director_called=command.director_called
    )
    if command.director_called:
        return [flagged]
    award = capped_at_seven(entered.fixed_vp, entered.mobile_vp, state.match_format)
    return [
        flagged,
        TurnAwarded(
            turn=entered.turn,
            table=entered.table,
            fixed=entered.fixed,
            mobile=entered.mobile,
            fixed_vp=award.ns.vp,
            mobile_vp=award.ew.vp,
            fixed_mp=award.ns.mp,
            mobile_mp=award.ew.mp,
            article=str(award.law),
        ),
    ]
