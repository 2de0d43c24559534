"""One board's result at one table: entry, confirmation, corrections, adjustments.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 79A-B (tricks agreed, the
result entered by North and confirmed by East-West), Law 79C (corrections
within the correction period; afterwards only with the organizer's approval,
Law 79C2), Law 12 (adjusted scores), Laws 13-15 and 87 (wrong number of cards,
wrong board, fouled board). FIGB N-L79: after the general deadline only
inadmissible results may be corrected, within the inadmissible-result window.

The correction window itself is data of the tournament stream: the caller
passes it as a ``CorrectionWindow`` together with database time.
"""

from tournaments.domain.board_result.checks import (
    check_result,
    parse_adjusted,
    seat_of_entry,
)
from tournaments.domain.board_result.commands import (
    ApproveLateCorrection,
    AwardAdjustedScore,
    BoardResultCommand,
    ConfirmResult,
    CorrectionWindow,
    CorrectResult,
    EnterResult,
    RecordBoardIrregularity,
    RecordBoardMarkings,
)
from tournaments.domain.board_result.decide import decide
from tournaments.domain.board_result.errors import (
    CorrectionNotLate,
    CorrectionPeriodClosed,
    ImpossibleTableResult,
    InvalidAdjustedScore,
    NoResult,
    OnlyInadmissibleCorrections,
    ResultAlreadyEntered,
    ResultLocked,
)
from tournaments.domain.board_result.events import (
    EVENT_TYPES,
    AdjustedScoreAwarded,
    BoardIrregularityRecorded,
    BoardMarkingsRecorded,
    BoardResultEvent,
    LateCorrectionApproved,
    ResultConfirmed,
    ResultCorrected,
    ResultEntered,
)
from tournaments.domain.board_result.state import INITIAL, BoardResultState, evolve
from tournaments.domain.board_result.values import (
    CONFIRMED_BY,
    IRREGULARITY_LAWS,
    NAMESPACE,
    STREAM_TYPE,
    SWAPS,
    stream_id,
)

__all__ = [
    "CONFIRMED_BY",
    "EVENT_TYPES",
    "INITIAL",
    "IRREGULARITY_LAWS",
    "NAMESPACE",
    "STREAM_TYPE",
    "SWAPS",
    "AdjustedScoreAwarded",
    "ApproveLateCorrection",
    "AwardAdjustedScore",
    "BoardIrregularityRecorded",
    "BoardMarkingsRecorded",
    "BoardResultCommand",
    "BoardResultEvent",
    "BoardResultState",
    "ConfirmResult",
    "CorrectResult",
    "CorrectionNotLate",
    "CorrectionPeriodClosed",
    "CorrectionWindow",
    "EnterResult",
    "ImpossibleTableResult",
    "InvalidAdjustedScore",
    "LateCorrectionApproved",
    "NoResult",
    "OnlyInadmissibleCorrections",
    "RecordBoardIrregularity",
    "RecordBoardMarkings",
    "ResultAlreadyEntered",
    "ResultConfirmed",
    "ResultCorrected",
    "ResultEntered",
    "ResultLocked",
    "check_result",
    "decide",
    "evolve",
    "parse_adjusted",
    "seat_of_entry",
    "stream_id",
]
