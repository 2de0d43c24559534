"""The burraco tournament stream: settings, lines, positions, sheets, standings.

F.I.Bur. Codice di Gara, April 2024 edition, Arts. 2, 6, 18-20, Le tabelle.
Pure: the tournament's identity, officials and entries live on the
tournament stream; this stream holds what burraco adds (decision 0120).
"""

from burraco.domain.commands import (
    BurracoCommand,
    CorrectScoreSheet,
    EnterScoreSheet,
    FormLines,
    InvertScore,
    IssueWarning,
    OpenBurraco,
    PublishFinalStandings,
    PublishPositions,
)
from burraco.domain.decide import MAX_TURNS, decide
from burraco.domain.errors import (
    BurracoExists,
    BurracoNotOpen,
    CorrectionNotConfirmed,
    CorrectionWindowClosed,
    InvalidLines,
    InvalidSheet,
    InversionNotAllowed,
    SheetAlreadyEntered,
    StandingsAreFinal,
    TurnIncomplete,
    TurnNotCurrent,
    UnknownTable,
)
from burraco.domain.events import (
    EVENT_TYPES,
    BurracoEvent,
    BurracoOpened,
    FinalStandingsPublished,
    LinesFormed,
    PositionsPublished,
    ScoreInverted,
    ScoreSheetCorrected,
    ScoreSheetEntered,
    StandingsFinal,
    WarningIssued,
)
from burraco.domain.movement import mitchell_positions
from burraco.domain.standings import Standing, standings_after
from burraco.domain.state import INITIAL, BurracoState, TableResult, evolve
from burraco.domain.values import (
    NAMESPACE,
    STREAM_TYPE,
    FormationMethod,
    Movement,
    Position,
    SheetHand,
    TieBreak,
    stream_id,
)

__all__ = [
    "EVENT_TYPES",
    "INITIAL",
    "MAX_TURNS",
    "NAMESPACE",
    "STREAM_TYPE",
    "BurracoCommand",
    "BurracoEvent",
    "BurracoExists",
    "BurracoNotOpen",
    "BurracoOpened",
    "BurracoState",
    "CorrectScoreSheet",
    "CorrectionNotConfirmed",
    "CorrectionWindowClosed",
    "EnterScoreSheet",
    "FinalStandingsPublished",
    "FormLines",
    "FormationMethod",
    "InvalidLines",
    "InvalidSheet",
    "InversionNotAllowed",
    "InvertScore",
    "IssueWarning",
    "LinesFormed",
    "Movement",
    "OpenBurraco",
    "Position",
    "PositionsPublished",
    "PublishFinalStandings",
    "PublishPositions",
    "ScoreInverted",
    "ScoreSheetCorrected",
    "ScoreSheetEntered",
    "SheetAlreadyEntered",
    "SheetHand",
    "Standing",
    "StandingsAreFinal",
    "StandingsFinal",
    "TableResult",
    "TieBreak",
    "TurnIncomplete",
    "TurnNotCurrent",
    "UnknownTable",
    "WarningIssued",
    "decide",
    "evolve",
    "mitchell_positions",
    "standings_after",
    "stream_id",
]
