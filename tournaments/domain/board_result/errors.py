"""The board-result stream's refusals: each a state conflict or a rule violation."""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation, StateConflict


class ResultAlreadyEntered(StateConflict):
    code: ClassVar[str] = "result_already_entered"


class NoResult(StateConflict):
    code: ClassVar[str] = "no_result"


class ImpossibleTableResult(RuleViolation):
    code: ClassVar[str] = "impossible_result"


class CorrectionNotLate(StateConflict):
    code: ClassVar[str] = "correction_not_late"


class CorrectionPeriodClosed(StateConflict):
    code: ClassVar[str] = "correction_period_closed"


class OnlyInadmissibleCorrections(CorrectionPeriodClosed):
    """FIGB N-L79 (pairs): after the time set for the last round, until 15
    minutes from the posting, only an inadmissible result is corrected."""

    code: ClassVar[str] = "only_inadmissible_corrections"


class InvalidAdjustedScore(RuleViolation):
    code: ClassVar[str] = "invalid_adjusted_score"


class ResultLocked(StateConflict):
    code: ClassVar[str] = "result_locked"
