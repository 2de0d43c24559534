"""The board-result stream's events; type names and schema versions are stored.

Changing a field, a name or a version here breaks the decoding of stored
events (spec/eventstore-research.md §6.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar
from uuid import UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultEntered:
    """A table result: ``contract`` None is a passed-out board (Law 22)."""

    event_type: ClassVar[str] = "board_result.entered"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    contract: str | None
    lead: str | None
    tricks: int | None
    entered_by: str  # "N" at a table device, "director", or "play" (card by card)
    # The vulnerability the table played under when its copy of the board
    # was marked otherwise than Law 2 says ("" Law 2's for the number;
    # ``BoardMarkingsRecorded``, decision 0170), added v1.
    vulnerability: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultConfirmed:
    """East-West agreed the result entered by North (Law 79A)."""

    event_type: ClassVar[str] = "board_result.confirmed"
    schema_version: ClassVar[int] = 1

    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultCorrected:
    """A score correction (Law 79C) with its reason and, if late, its approval."""

    event_type: ClassVar[str] = "board_result.corrected"
    schema_version: ClassVar[int] = 1

    contract: str | None
    lead: str | None
    tricks: int | None
    reason: str
    after_period: bool  # corrected after the period with organizer approval (Law 79C2)
    vulnerability: str = ""  # the table's copy's, as on ``ResultEntered`` (v1)


@dataclass(frozen=True, slots=True, kw_only=True)
class LateCorrectionApproved:
    """Law 79C2: the organizer approved one correction after the correction
    period; ``by`` is the organizer's account. The next correction consumes it."""

    event_type: ClassVar[str] = "board_result.late_correction_approved"
    schema_version: ClassVar[int] = 1

    by: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AdjustedScoreAwarded:
    """Law 12: ``score`` is "A60/40"-style (artificial) or "assigned:<ns>@<w>,…".

    The text form is the one ``scoring.bridge`` parses, so the projection
    scores exactly what the director decided.
    """

    event_type: ClassVar[str] = "board_result.adjusted_score_awarded"
    schema_version: ClassVar[int] = 1

    score: str
    law: str
    reason: str
    ruling_id: UUID | None
    by_appeal: bool = False  # ordered by an appeal decision (Law 93), added in v1


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardIrregularityRecorded:
    """A board not played, a wrong board (Law 15), wrong number of cards
    (Laws 13-14) or a fouled board (Law 87, with its group)."""

    event_type: ClassVar[str] = "board_result.irregularity_recorded"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    kind: str
    group: int
    note: str
    # A fouled board (FIGB N-L87 §7a): which hands held swapped cards here
    # ("north_south", "east_west", "across"; "" unknown) and whether this
    # table found the error (added, v1).
    swap: str = ""
    found_here: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardMarkingsRecorded:
    """The copy of the board this table played, as it was marked (Law 2).

    Law 2: a board marked against the dealer and vulnerability table that is
    used anyway keeps its markings for the session, so the table scores with
    its copy's vulnerability (decision 0170). Recorded when the copy's
    markings differ from what the table's stream had (Law 2's for the number
    at first), whether the copies then differ (the board is fouled, Law 87A)
    or every copy was marked the same.
    """

    event_type: ClassVar[str] = "board_result.markings_recorded"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    session: int
    board_number: int
    table: int
    ns: int
    ew: int
    copy: str
    dealer: str  # "N", "E", "S", "W"
    vulnerability: str  # "None", "NS", "EW", "All"


BoardResultEvent = (
    ResultEntered
    | ResultConfirmed
    | ResultCorrected
    | LateCorrectionApproved
    | AdjustedScoreAwarded
    | BoardIrregularityRecorded
    | BoardMarkingsRecorded
)
EVENT_TYPES: tuple[type[BoardResultEvent], ...] = (
    ResultEntered,
    ResultConfirmed,
    ResultCorrected,
    LateCorrectionApproved,
    AdjustedScoreAwarded,
    BoardIrregularityRecorded,
    BoardMarkingsRecorded,
)
