"""The state of one board's result at one table, folded from its events.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 79A (East-West confirm
North's entry), Law 79C2 (a late correction's approval), Law 2 (the copy's
markings the table scores with).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import assert_never

from tournaments.domain.board_result.events import (
    AdjustedScoreAwarded,
    BoardIrregularityRecorded,
    BoardMarkingsRecorded,
    BoardResultEvent,
    LateCorrectionApproved,
    ResultConfirmed,
    ResultCorrected,
    ResultEntered,
)
from tournaments.domain.board_result.values import CONFIRMED_BY


@dataclass(frozen=True, slots=True)
class BoardResultState:
    entered: ResultEntered | None = None
    confirmed: bool = False
    contract: str | None = None
    lead: str | None = None
    tricks: int | None = None
    adjusted: str | None = None
    irregularity: BoardIrregularityRecorded | None = None
    late_approval: LateCorrectionApproved | None = None  # not yet used (79C2)
    markings: BoardMarkingsRecorded | None = None  # the copy played (Law 2)

    @property
    def has_result(self) -> bool:
        return self.entered is not None

    @property
    def vulnerability(self) -> str:
        """The vulnerability the table scores with: its copy's, "" for Law
        2's by the board's number (decision 0170)."""
        return self.markings.vulnerability if self.markings is not None else ""


INITIAL = BoardResultState()


def evolve(state: BoardResultState, event: BoardResultEvent) -> BoardResultState:
    match event:
        case ResultEntered():
            return replace(
                state,
                entered=event,
                contract=event.contract,
                lead=event.lead,
                tricks=event.tricks,
                confirmed=event.entered_by in CONFIRMED_BY,
            )
        case ResultConfirmed():
            return replace(state, confirmed=True)
        case ResultCorrected():
            return replace(
                state,
                contract=event.contract,
                lead=event.lead,
                tricks=event.tricks,
                adjusted=None,
                late_approval=None if event.after_period else state.late_approval,
            )
        case LateCorrectionApproved():
            return replace(state, late_approval=event)
        case AdjustedScoreAwarded():
            return replace(state, adjusted=event.score)
        case BoardIrregularityRecorded():
            return replace(state, irregularity=event)
        case BoardMarkingsRecorded():
            return replace(state, markings=event)
        case _:
            assert_never(event)
