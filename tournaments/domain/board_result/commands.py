"""The board-result stream's commands and the correction window they meet.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 79 (entry, confirmation,
correction), Law 12 (adjusted scores), Laws 2, 13-15 and 87 (the board's
copy and its irregularities).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from rules.errors import LawRef, Reference

LAW_79C = LawRef("79C")


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionWindow:
    """The session's periods as the tournament stream records them.

    ``correction_deadline``: the last instant of free corrections, before
    publication too: FIGB N-L79 ends them, for pairs, with the time the
    director set for the last round and, for teams, when the next round
    starts; None while nothing limits them (Law 79C runs from publication).
    ``inadmissible_after``: after that deadline an inadmissible result is
    still corrected (N-L79, pairs), until ``inadmissible_deadline`` (15
    minutes from posting; None while the results are not posted).
    ``norm``: the rule that sets the deadline, which a refusal names.
    """

    published: bool
    correction_deadline: datetime | None = None
    inadmissible_deadline: datetime | None = None
    inadmissible_after: bool = False
    norm: Reference = LAW_79C

    @property
    def admits_inadmissible(self) -> bool:
        """Whether an inadmissible result has a window after the deadline."""
        return self.inadmissible_after or self.inadmissible_deadline is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterResult:
    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    contract: str | None
    lead: str | None
    tricks: int | None
    entered_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmResult:
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectResult:
    """A correction reported after entry (Law 79C; FIGB N-L79 "su
    segnalazione dei giocatori"). ``inadmissible``: the director finds the
    recorded result inadmissible (N-L79). ``at_table``: the table's own play
    changed the result (Law 79A), which is no report: the limits N-L79 sets
    before publication do not apply to it.
    """

    contract: str | None
    lead: str | None
    tricks: int | None
    reason: str
    inadmissible: bool = False
    at_table: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ApproveLateCorrection:
    """The organizer's approval of a correction after the period (Law 79C2);
    the API lets only the event's organizer send it."""

    by: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AwardAdjustedScore:
    """``by_appeal``: ordered by an appeal decision, which the appeal period
    (Law 92B) governs, not the correction period (Law 79C)."""

    score: str
    law: str
    reason: str
    ruling_id: UUID | None = None
    by_appeal: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBoardIrregularity:
    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    kind: str
    group: int = 0
    note: str = ""
    swap: str = ""
    found_here: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBoardMarkings:
    """The markings of the copy of the board the table played (Law 2)."""

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    copy: str
    dealer: str
    vulnerability: str


BoardResultCommand = (
    EnterResult
    | ConfirmResult
    | CorrectResult
    | ApproveLateCorrection
    | AwardAdjustedScore
    | RecordBoardIrregularity
    | RecordBoardMarkings
)
