"""The commands one appeal's stream accepts, and the facts ``decide`` reads.

Each command is named in the imperative; the shell builds it from a request
and reads the :class:`Facts` (database time, the tournament, the time of its
rulings, the event's appeal conditions) that ``decide`` needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from appeals.domain.appeal.values import (
    Body,
    Channel,
    LawPointRuling,
    Outcome,
    Point,
    ScoreOrder,
    Statement,
)
from appeals.domain.conditions import AppealConditions
from tournaments.domain.tournament import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """What the shell read for a command (the pure inputs of ``decide``)."""

    now: datetime
    tournament: TournamentState
    ruling_times: Mapping[UUID, datetime] = field(default_factory=dict)
    conditions: AppealConditions = field(default_factory=AppealConditions)


@dataclass(frozen=True, slots=True, kw_only=True)
class LodgeAppeal:
    """``grounds_evident_at_ruling`` None: evident before publication (0045)."""

    appeal_id: UUID
    tournament_id: UUID
    ruling_id: UUID
    appellant_id: UUID
    grounds: str
    lodged_by: str
    grounds_evident_at_ruling: bool | None = None
    concurring_ids: tuple[UUID, ...] = ()  # witnessed by the Director (Law 92C)
    # Law 92C: to whom it was handed, an input (never assumed); who received
    # it when not the Director.
    channel: Channel
    received_by: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class AcceptHandedAppeal:
    """The Director's act accepting an appeal handed to someone else, where
    the regulation allows it (Law 92C)."""

    accepted_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ConcurAppeal:
    player_id: UUID
    recorded_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordDeposit:
    amount_cents: int
    received_by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RouteAppeal:
    """Route to the Chief Director or refer to the committee (Law 93).

    ``law_only``: the appeal concerns solely the Law or regulations (93B1).
    ``committee_cannot_operate``: the committee cannot sit without disturbing
    the event (93A).
    """

    body: Body
    routed_by: str
    members: tuple[str, ...] = ()
    law_points: tuple[LawPointRuling, ...] = ()
    law_only: bool = False
    committee_cannot_operate: bool = False
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ScheduleHearing:
    at: datetime
    place: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordHearing:
    statements: tuple[Statement, ...]
    members_present: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AttachDirectorReport:
    author: str
    text: str
    supplementary: bool = False
    admits_technical_error: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DecideAppeal:
    by: Body
    decided_by: str
    outcome: Outcome
    reasons: str
    changed_points: tuple[Point, ...] = ()
    adjusted_scores: tuple[ScoreOrder, ...] = ()
    recommendation: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveFurtherAppealNotice:
    player_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class FileFurtherAppeal:
    player_id: UUID
    grounds: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DecideFurtherAppeal:
    decided_by: str
    outcome: Outcome
    reasons: str
    adjusted_scores: tuple[ScoreOrder, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawAppeal:
    by: str
    player_id: UUID | None  # None: the Director records it for the appellant


AppealCommand = (
    LodgeAppeal
    | AcceptHandedAppeal
    | ConcurAppeal
    | RecordDeposit
    | RouteAppeal
    | ScheduleHearing
    | RecordHearing
    | AttachDirectorReport
    | DecideAppeal
    | GiveFurtherAppealNotice
    | FileFurtherAppeal
    | DecideFurtherAppeal
    | WithdrawAppeal
)
