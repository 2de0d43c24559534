"""The events of one appeal's stream.

Registry names (``appeal.<snake_case>``), schema versions and payload shapes
are stored with every event and never change once deployed. Laws of
Duplicate Bridge 2017 (FIGB edition), Laws 92-93; Norme integrative FIGB
(2004), N-L92-93 §3-§6.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar
from uuid import UUID

from appeals.domain.appeal.values import (
    Body,
    Channel,
    DepositOutcome,
    LawPointRuling,
    Outcome,
    Party,
    Point,
    ScoreOrder,
    Statement,
)
from appeals.domain.conditions import AppealConditions, SanctionUnit
from tournaments.domain.tournament import Form


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealLodged:
    """An appeal against a ruling, lodged through the Director (Law 92C)."""

    event_type: ClassVar[str] = "appeal.lodged"
    schema_version: ClassVar[int] = 1

    appeal_id: UUID
    tournament_id: UUID
    ruling_id: UUID
    session: int
    board_number: int | None
    table: int | None
    ruling_laws: tuple[str, ...]
    lodged_through: str  # the Director who gave the ruling (Law 92C; FIGB §3)
    lodged_by: str
    form: Form
    appellant_id: UUID
    appellant_entry: int
    parties: tuple[Party, ...]
    concurrence_from: tuple[UUID, ...]  # Law 92D: partner or captain
    grounds: str
    grounds_evident_at_ruling: bool
    period_ends_at: datetime | None  # Law 92B; None: the clock has not started
    lodged_at: datetime
    conditions: AppealConditions
    # Law 92C: to whom it was handed (added, v1); when not the Director, the
    # Director who accepted it by his act, as the regulation allows.
    channel: Channel = Channel.DIRECTOR
    accepted_by: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealHandedElsewhere:
    """An appeal handed to the committee's chair or anyone but the Director
    (Law 92C), recorded as handed: ``refused`` when the regulation does not
    let the Director accept it, else it awaits his act."""

    event_type: ClassVar[str] = "appeal.handed_elsewhere"
    schema_version: ClassVar[int] = 1

    appeal_id: UUID
    tournament_id: UUID
    ruling_id: UUID
    appellant_id: UUID
    channel: Channel
    received_by: str
    lodged_by: str
    grounds: str
    grounds_evident_at_ruling: bool | None
    concurring_ids: tuple[UUID, ...]
    handed_at: datetime
    refused: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ConcurrenceGiven:
    event_type: ClassVar[str] = "appeal.concurrence_given"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    recorded_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ConcurrencePeriodEnded:
    """The appeal period ended before the concurrence Law 92D needs."""

    event_type: ClassVar[str] = "appeal.concurrence_period_ended"
    schema_version: ClassVar[int] = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class DepositReceived:
    event_type: ClassVar[str] = "appeal.deposit_received"
    schema_version: ClassVar[int] = 1

    amount_cents: int
    received_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealRouted:
    """Law 93A (the Chief Director hears it) or 93B (the committee does)."""

    event_type: ClassVar[str] = "appeal.routed"
    schema_version: ClassVar[int] = 1

    body: Body
    members: tuple[str, ...]
    law_points: tuple[LawPointRuling, ...]
    reason: str
    routed_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HearingScheduled:
    event_type: ClassVar[str] = "appeal.hearing_scheduled"
    schema_version: ClassVar[int] = 1

    at: datetime
    place: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HearingHeld:
    """The parties and the Director heard (FIGB §3); who sat on the committee."""

    event_type: ClassVar[str] = "appeal.hearing_held"
    schema_version: ClassVar[int] = 1

    held_at: datetime
    statements: tuple[Statement, ...]
    members_present: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorReportAttached:
    """The Director's report (privileged evidence, FIGB N-L74) or a supplement.

    ``admits_technical_error`` is the admission FIGB N-L92-93 §5 defines: the
    Director decided wrongly on a fact, breached a point of law or regulation,
    or took a wrong disciplinary decision.
    """

    event_type: ClassVar[str] = "appeal.director_report_attached"
    schema_version: ClassVar[int] = 1

    author: str
    text: str
    supplementary: bool
    admits_technical_error: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealDecided:
    """The first-level decision, executive at once (FIGB §3)."""

    event_type: ClassVar[str] = "appeal.decided"
    schema_version: ClassVar[int] = 1

    body: Body
    outcome: Outcome
    changed_points: tuple[Point, ...]
    adjusted_scores: tuple[ScoreOrder, ...]
    reasons: str
    recommendation: str  # Law 93B3: what the committee recommends instead
    sanction_unit: SanctionUnit
    sanction_amount: int
    deposit: DepositOutcome
    decided_by: str
    decided_at: datetime
    competition_ended_at: datetime | None
    prenotice_deadline: datetime | None
    further_appeal_deadline: datetime | None


@dataclass(frozen=True, slots=True, kw_only=True)
class FurtherAppealNoticeGiven:
    """The written pre-notice of a further appeal (FIGB §4)."""

    event_type: ClassVar[str] = "appeal.further_appeal_notice_given"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    entry_number: int
    given_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class PreNoticePeriodEnded:
    event_type: ClassVar[str] = "appeal.prenotice_period_ended"
    schema_version: ClassVar[int] = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class FurtherAppealFiled:
    """A further appeal to the national body (Law 93C1; FIGB §4).

    ``after_24_hours`` flags a filing the 24-hour reading of FIGB §2 would
    refuse (decision 0048).
    """

    event_type: ClassVar[str] = "appeal.further_appeal_filed"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    entry_number: int
    grounds: str
    filed_at: datetime
    after_24_hours: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class FurtherAppealPeriodEnded:
    event_type: ClassVar[str] = "appeal.further_appeal_period_ended"
    schema_version: ClassVar[int] = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class FurtherAppealDecided:
    """The national body's decision: final, and a precedent (FIGB §4, §6)."""

    event_type: ClassVar[str] = "appeal.further_appeal_decided"
    schema_version: ClassVar[int] = 1

    outcome: Outcome
    adjusted_scores: tuple[ScoreOrder, ...]
    reasons: str
    technical_error: bool
    sanction_unit: SanctionUnit
    sanction_amount: int
    decided_by: str
    decided_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealWithdrawn:
    event_type: ClassVar[str] = "appeal.withdrawn"
    schema_version: ClassVar[int] = 1

    by: str
    further_appeal_only: bool
    deposit: DepositOutcome
    withdrawn_at: datetime


AppealEvent = (
    AppealLodged
    | AppealHandedElsewhere
    | ConcurrenceGiven
    | ConcurrencePeriodEnded
    | DepositReceived
    | AppealRouted
    | HearingScheduled
    | HearingHeld
    | DirectorReportAttached
    | AppealDecided
    | FurtherAppealNoticeGiven
    | PreNoticePeriodEnded
    | FurtherAppealFiled
    | FurtherAppealPeriodEnded
    | FurtherAppealDecided
    | AppealWithdrawn
)
EVENT_TYPES: tuple[type[AppealEvent], ...] = (
    AppealLodged,
    AppealHandedElsewhere,
    ConcurrenceGiven,
    ConcurrencePeriodEnded,
    DepositReceived,
    AppealRouted,
    HearingScheduled,
    HearingHeld,
    DirectorReportAttached,
    AppealDecided,
    FurtherAppealNoticeGiven,
    PreNoticePeriodEnded,
    FurtherAppealFiled,
    FurtherAppealPeriodEnded,
    FurtherAppealDecided,
    AppealWithdrawn,
)
