"""One appeal's stream: lodging, concurrence, routing, hearing, decision, further appeal.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 83 (notice of the right to
appeal), Law 92A (who may appeal: a contestant or its captain, against a
ruling at its table; a sanction for an appeal without substantial merit),
Law 92B (the appeal period), Law 92C (appeals go through the Director),
Law 92D (concurrence of both members of a pair or of the team captain; none
in an individual event), Law 93A-B (the Chief Director hears it without a
committee; with one he keeps the points of law and regulation and refers the
rest; the committee may not overrule him on law, regulation or Law 91
discipline, only recommend), Law 93C1 (further appeals), Law 12 (adjusted
scores). Norme integrative FIGB (2004), N-L92-93 §1-§6: 15 minutes from the
official score (or from the ruling when the grounds were evident then), the
chief director cannot change the table director's disciplinary decisions,
the national body (C.N.G.) after a written pre-notice within 30 minutes of
the end of the competition and a filing within 48 hours, and no change of
result there without an "errore tecnico" the director admits.

``decide`` is pure: the shell passes the tournament's state, the database
time of its rulings, the event's appeal conditions and database time in a
``Facts`` value. Closing a window is an event the sweeper appends once
(``windows``); every command also checks its window itself.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import ClassVar, assert_never
from uuid import UUID

from appeals.domain.conditions import AppealConditions, SanctionUnit, Structure
from rules.bridge.law_references import checked_law
from rules.errors import ArticleRef, LawRef, RuleViolation, StateConflict
from tournaments.domain.board_result import parse_adjusted
from tournaments.domain.tournament import (
    Form,
    OfficialRole,
    PairEntered,
    Regulation,
    RulingGiven,
    TournamentState,
)

__all__ = [
    "EVENT_TYPES",
    "INITIAL",
    "AppealDecided",
    "AppealLodged",
    "AppealRouted",
    "AppealState",
    "AppealWithdrawn",
    "AttachDirectorReport",
    "Body",
    "ConcurAppeal",
    "ConcurrenceGiven",
    "ConcurrencePeriodEnded",
    "DecideAppeal",
    "DecideFurtherAppeal",
    "DepositOutcome",
    "DepositReceived",
    "DirectorReportAttached",
    "Facts",
    "FileFurtherAppeal",
    "FurtherAppealDecided",
    "FurtherAppealFiled",
    "FurtherAppealNoticeGiven",
    "FurtherAppealPeriodEnded",
    "GiveFurtherAppealNotice",
    "HearingHeld",
    "HearingScheduled",
    "LawPointRuling",
    "LodgeAppeal",
    "Outcome",
    "Party",
    "Point",
    "PreNoticePeriodEnded",
    "RecordDeposit",
    "RecordHearing",
    "RouteAppeal",
    "ScheduleHearing",
    "ScoreOrder",
    "Statement",
    "Status",
    "Window",
    "WithdrawAppeal",
    "appeal_id_for",
    "appeal_period_end",
    "competition_end",
    "decide",
    "evolve",
    "standing",
    "stream_id",
    "windows",
]

STREAM_TYPE = "appeal"
NAMESPACE = UUID("5d2e9b47-0c3a-4f86-a1e7-6b9c2d8f0e14")
FIGB_NORMS = "Norme integrative FIGB"
FIGB_24_HOURS = timedelta(hours=24)


def appeal_id_for(tournament_id: UUID, ruling_id: UUID, entry_number: int) -> UUID:
    """One appeal per ruling per contestant: a second lodging is a conflict."""
    return uuid.uuid5(NAMESPACE, f"appeal:{tournament_id}:{ruling_id}:{entry_number}")


def stream_id(appeal_id: UUID) -> UUID:
    return uuid.uuid5(NAMESPACE, f"appeal-stream:{appeal_id}")


def figb(paragraph: str) -> ArticleRef:
    """A paragraph of the FIGB norm on Laws 92 and 93, e.g. ``figb("4")``."""
    return ArticleRef(f"92-93 §{paragraph}", source=FIGB_NORMS)


# -- values -------------------------------------------------------------------


class Status(StrEnum):
    AWAITING_CONCURRENCE = "awaiting_concurrence"  # Law 92D: not heard yet
    LODGED = "lodged"
    ROUTED = "routed"  # Law 93A/B: the hearing body is known
    HEARING_SCHEDULED = "hearing_scheduled"
    HEARD = "heard"
    DECIDED = "decided"  # executive at once (FIGB §3); further appeal possible
    FURTHER_APPEAL_FILED = "further_appeal_filed"  # Law 93C1, FIGB §4
    FINAL = "final"  # FIGB §6: no longer challengeable
    WITHDRAWN = "withdrawn"
    LAPSED = "lapsed"  # concurrence not given within the period (Law 92B, 92D)


OPEN_BEFORE_DECISION = (
    Status.AWAITING_CONCURRENCE,
    Status.LODGED,
    Status.ROUTED,
    Status.HEARING_SCHEDULED,
    Status.HEARD,
)


class Body(StrEnum):
    CHIEF_DIRECTOR = "chief_director"  # Law 93A, 93B1; FIGB's Arbitro Responsabile
    COMMITTEE = "committee"  # Law 93B2
    NATIONAL_BODY = "national_body"  # Law 93C1; FIGB's Collegio Nazionale Gare


class Outcome(StrEnum):
    """``upheld``: the ruling stands; ``changed``: it is changed; ``without_merit``:
    the ruling stands and the appeal lacked substantial merit (Law 92A)."""

    UPHELD = "upheld"
    CHANGED = "changed"
    WITHOUT_MERIT = "without_merit"


class Point(StrEnum):
    """What a decision changes in the ruling (Law 93B3 table in laws-2017 §7.5)."""

    FACTS = "facts"
    JUDGEMENT = "judgement"  # adjusted scores (Law 12), UI, misinformation…
    PROCEDURAL_PENALTY = "procedural_penalty"  # Law 90: a Director power
    LAW_OR_REGULATION = "law_or_regulation"  # Law 93B3: committee may not
    DISCIPLINARY = "disciplinary"  # Law 91: committee may not


RESERVED_TO_CHIEF_DIRECTOR = frozenset({Point.LAW_OR_REGULATION, Point.DISCIPLINARY})


class DepositOutcome(StrEnum):
    NONE = "none"
    RETURNED = "returned"
    FORFEITED = "forfeited"


@dataclass(frozen=True, slots=True, kw_only=True)
class Party:
    """A contestant at the ruling's table, by entry number and player ids."""

    entry_number: int
    player_ids: tuple[UUID, ...]
    appellant: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class LawPointRuling:
    """A point of law or regulation the Chief Director rules on (Law 93B1)."""

    point: str
    ruling: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Statement:
    """What a party, the Director or a witness said at the hearing."""

    by: str
    role: str  # "appellant" | "opponent" | "director" | "witness"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreOrder:
    """A Law 12 adjusted score a decision orders, in ``board_result`` notation."""

    board_number: int
    table: int
    score: str
    law: str = "12C1"


@dataclass(frozen=True, slots=True, kw_only=True)
class Window:
    """A period a new event opens or cancels; the shell stores it as a deadline."""

    kind: str
    due_at: datetime
    on_due: AppealEvent
    cancelled: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """What the shell read for a command (the pure inputs of ``decide``)."""

    now: datetime
    tournament: TournamentState
    ruling_times: Mapping[UUID, datetime] = field(default_factory=dict)
    conditions: AppealConditions = field(default_factory=AppealConditions)


# -- events -------------------------------------------------------------------


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
EVENT_TYPES: tuple[type, ...] = (
    AppealLodged,
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


# -- state --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AppealState:
    lodged: AppealLodged | None = None
    status: Status | None = None
    concurred: frozenset[UUID] = frozenset()
    deposit_received: int = 0
    body: Body | None = None
    members: tuple[str, ...] = ()
    law_points: tuple[LawPointRuling, ...] = ()
    hearing_at: datetime | None = None
    hearing: HearingHeld | None = None
    reports: tuple[DirectorReportAttached, ...] = ()
    decision: AppealDecided | None = None
    notice: FurtherAppealNoticeGiven | None = None
    notice_period_ended: bool = False
    further: FurtherAppealFiled | None = None
    national: FurtherAppealDecided | None = None

    @property
    def exists(self) -> bool:
        return self.lodged is not None

    @property
    def missing_concurrence(self) -> tuple[UUID, ...]:
        if self.lodged is None:
            return ()
        return tuple(p for p in self.lodged.concurrence_from if p not in self.concurred)

    @property
    def technical_error_admitted(self) -> bool:
        return any(r.admits_technical_error for r in self.reports)

    @property
    def deposit_due(self) -> int:
        return 0 if self.lodged is None else self.lodged.conditions.deposit_cents

    def party_of(self, player_id: UUID) -> Party | None:
        if self.lodged is None:
            return None
        for party in self.lodged.parties:
            if player_id in party.player_ids:
                return party
        return None


INITIAL = AppealState()


def evolve(state: AppealState, event: AppealEvent) -> AppealState:
    """Apply one recorded event; closing events are no-ops when moot."""
    match event:
        case AppealLodged():
            concurred = frozenset(
                p for p in event.concurrence_from if p == event.appellant_id
            )
            waiting = any(p not in concurred for p in event.concurrence_from)
            return replace(
                state,
                lodged=event,
                concurred=concurred,
                status=Status.AWAITING_CONCURRENCE if waiting else Status.LODGED,
            )
        case ConcurrenceGiven():
            new = replace(state, concurred=state.concurred | {event.player_id})
            if (
                new.status is Status.AWAITING_CONCURRENCE
                and not new.missing_concurrence
            ):
                return replace(new, status=Status.LODGED)
            return new
        case ConcurrencePeriodEnded():
            if state.status is Status.AWAITING_CONCURRENCE:
                return replace(state, status=Status.LAPSED)
            return state
        case DepositReceived():
            return replace(state, deposit_received=event.amount_cents)
        case AppealRouted():
            return replace(
                state,
                status=Status.ROUTED,
                body=event.body,
                members=event.members,
                law_points=event.law_points,
            )
        case HearingScheduled():
            return replace(state, status=Status.HEARING_SCHEDULED, hearing_at=event.at)
        case HearingHeld():
            return replace(state, status=Status.HEARD, hearing=event)
        case DirectorReportAttached():
            return replace(state, reports=(*state.reports, event))
        case AppealDecided():
            final = event.further_appeal_deadline is None
            return replace(
                state,
                decision=event,
                status=Status.FINAL if final else Status.DECIDED,
            )
        case FurtherAppealNoticeGiven():
            return replace(state, notice=event)
        case PreNoticePeriodEnded():
            new = replace(state, notice_period_ended=True)
            if state.status is Status.DECIDED and state.notice is None:
                return replace(new, status=Status.FINAL)  # FIGB §4: inadmissible
            return new
        case FurtherAppealFiled():
            return replace(state, further=event, status=Status.FURTHER_APPEAL_FILED)
        case FurtherAppealPeriodEnded():
            if state.status is Status.DECIDED:
                return replace(state, status=Status.FINAL)  # FIGB §6
            return state
        case FurtherAppealDecided():
            return replace(state, national=event, status=Status.FINAL)
        case AppealWithdrawn():
            status = Status.FINAL if event.further_appeal_only else Status.WITHDRAWN
            return replace(state, status=status)
        case _:
            assert_never(event)


# -- commands -----------------------------------------------------------------


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


# -- errors -------------------------------------------------------------------


class RulingNotFound(RuleViolation):
    code: ClassVar[str] = "ruling_not_found"


class NoStanding(RuleViolation):
    code: ClassVar[str] = "no_standing"


class GroundsMissing(RuleViolation):
    code: ClassVar[str] = "appeal_grounds_missing"


class AppealNotAvailable(RuleViolation):
    code: ClassVar[str] = "appeal_not_available"


class AppealExists(StateConflict):
    code: ClassVar[str] = "appeal_exists"


class AppealNotFound(StateConflict):
    code: ClassVar[str] = "appeal_not_found"


class AppealPeriodEnded(StateConflict):
    code: ClassVar[str] = "appeal_period_ended"


class NotAConcurrer(RuleViolation):
    code: ClassVar[str] = "not_a_concurrer"


class ConcurrenceMissing(StateConflict):
    code: ClassVar[str] = "concurrence_missing"


class DepositNotReceived(StateConflict):
    code: ClassVar[str] = "deposit_not_received"


class InvalidDeposit(RuleViolation):
    code: ClassVar[str] = "invalid_deposit"


class WrongStage(StateConflict):
    """The command does not fit the appeal's current stage."""

    code: ClassVar[str] = "appeal_wrong_stage"


class InvalidRouting(RuleViolation):
    code: ClassVar[str] = "invalid_routing"


class InvalidHearing(RuleViolation):
    code: ClassVar[str] = "invalid_hearing"


class NotTheHearingBody(RuleViolation):
    code: ClassVar[str] = "not_the_hearing_body"


class InvalidDecision(RuleViolation):
    code: ClassVar[str] = "invalid_decision"


class CommitteeOverreach(RuleViolation):
    """The committee may not overrule the Chief Director on law or discipline."""

    code: ClassVar[str] = "committee_overreach"


class DisciplinaryDecisionStands(RuleViolation):
    """FIGB §3: the chief director cannot change the table director's discipline."""

    code: ClassVar[str] = "disciplinary_decision_stands"


class NoFurtherAppeal(RuleViolation):
    code: ClassVar[str] = "no_further_appeal"


class FurtherAppealInadmissible(RuleViolation):
    code: ClassVar[str] = "further_appeal_inadmissible"


class FurtherAppealPeriodClosed(StateConflict):
    code: ClassVar[str] = "further_appeal_period_closed"


class NoTechnicalError(RuleViolation):
    """FIGB §4-§5: no change of result without an admitted technical error."""

    code: ClassVar[str] = "no_technical_error"


class NotTheAppellant(RuleViolation):
    code: ClassVar[str] = "not_the_appellant"


# -- pure helpers -----------------------------------------------------------------


def appeal_period_end(
    *,
    regulation: Regulation,
    appeal_minutes: int,
    ruling_at: datetime,
    published_deadline: datetime | None,
    grounds_evident: bool,
) -> datetime | None:
    """Return when the right to appeal the ruling ends; None if not yet known.

    Law 92B: the period ends after the official score is made available (the
    session's ``appeal_deadline``). FIGB N-L92-93 §2: when the grounds were
    evident at the moment of the ruling, 15 minutes from the ruling instead.
    """
    if regulation is Regulation.FIGB and grounds_evident:
        return ruling_at + timedelta(minutes=appeal_minutes)
    return published_deadline


def competition_end(tournament: TournamentState) -> datetime | None:
    """The end of the competition: its last session's end of play or publication.

    FIGB N-L92-93 §4 counts the pre-notice and filing periods from it.
    Ambiguity (FIGB §4): the norm does not define the instant. Decision 0047:
    the later of the scheduled end of the last session and the publication of
    its official scores.
    """
    if not tournament.sessions:
        return None
    last = tournament.sessions[max(tournament.sessions)]
    if last.published is not None:
        return max(last.ends_at, last.published.published_at)
    return last.ends_at


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    appellant: PairEntered
    parties: tuple[Party, ...]
    concurrence_from: tuple[UUID, ...]


def _entries_at(
    tournament: TournamentState, ruling: RulingGiven
) -> tuple[set[int], bool]:
    """Entry numbers seated where the ruling was given, and whether it was a table.

    Decision 0045: a ruling at a board and table concerns the two contestants
    seated there; at a table without a board, every contestant seated at that
    table in the session; without a table, the whole field.
    """
    session = tournament.sessions.get(ruling.session)
    if session is None:
        return set(), True
    if ruling.table is None:
        return set(tournament.entries), False
    numbers: set[int] = set()
    for a in session.assignments:
        if a.table != ruling.table:
            continue
        if ruling.board_number is not None and ruling.board_number not in a.boards:
            continue
        numbers.update(a.seated)
    return numbers, True


def standing(
    tournament: TournamentState, ruling_id: UUID, appellant_id: UUID
) -> Standing:
    """Return who may appeal the ruling and whose concurrence it needs, or refuse.

    Law 92A: a contestant (or its captain) may appeal a ruling given at its
    table. Law 92D: both members of a pair concur; in a team event the captain
    concurs (modelled as the team entry's first player, decision 0046); an
    individual needs no concurrence.
    """
    created = tournament.created
    if created is None:
        raise RulingNotFound("no such tournament", law=LawRef("92A"))
    ruling = tournament.rulings.get(ruling_id)
    if ruling is None:
        raise RulingNotFound(
            "only a Director's ruling of this tournament can be appealed",
            law=LawRef("92A"),
        )
    entry = next(
        (e for e in tournament.entries.values() if appellant_id in e.player_ids), None
    )
    if entry is None:
        raise NoStanding(
            "the appellant is not a contestant in this tournament", law=LawRef("92A")
        )
    seated, _ = _entries_at(tournament, ruling)
    if entry.number not in seated:
        raise NoStanding(
            "the ruling was not given at the appellant's table", law=LawRef("92A")
        )
    parties = tuple(
        Party(
            entry_number=n,
            player_ids=tournament.entries[n].player_ids,
            appellant=n == entry.number,
        )
        for n in sorted(seated)
        if n in tournament.entries and (ruling.table is not None or n == entry.number)
    )
    match created.form:
        case Form.PAIRS:
            concurrence = tuple(p for p in entry.player_ids if p != appellant_id)
        case Form.TEAMS:
            captain = entry.player_ids[0]
            concurrence = () if captain == appellant_id else (captain,)
        case Form.INDIVIDUAL:
            concurrence = ()
        case _:
            assert_never(created.form)
    return Standing(appellant=entry, parties=parties, concurrence_from=concurrence)


def _require(state: AppealState) -> AppealLodged:
    if state.lodged is None:
        raise AppealNotFound("no such appeal")
    return state.lodged


def _stage(state: AppealState, allowed: Iterable[Status], doing: str) -> None:
    if state.status not in tuple(allowed):
        shown = state.status.value if state.status else "not lodged"
        raise WrongStage(f"cannot {doing}: the appeal is {shown}")


def _check_scores(
    orders: tuple[ScoreOrder, ...], lodged: AppealLodged, tournament: TournamentState
) -> tuple[ScoreOrder, ...]:
    """An adjusted score (Law 12) names a board played at a table of the
    session and cites a Law that exists; return the orders with their Law
    references in canonical form."""
    session = tournament.sessions.get(lodged.session)
    checked = []
    for index, order in enumerate(orders):
        law = checked_law(order.law, field=f"adjusted_scores.{index}.law")
        parse_adjusted(order.score)
        if session is None or session.seating(order.board_number, order.table) is None:
            raise InvalidDecision(
                f"board {order.board_number} is not played at table {order.table}",
                law=LawRef("12"),
                field=f"adjusted_scores.{index}",
            )
        checked.append(replace(order, law=law))
    return tuple(checked)


def _deposit_outcome(state: AppealState, forfeit: bool) -> DepositOutcome:
    if not state.deposit_received:
        return DepositOutcome.NONE
    return DepositOutcome.FORFEITED if forfeit else DepositOutcome.RETURNED


# -- decide -------------------------------------------------------------------


def decide(
    state: AppealState, command: AppealCommand, facts: Facts
) -> list[AppealEvent]:
    """Turn a command into events, or raise the error that names the rule."""
    match command:
        case LodgeAppeal():
            return _lodge(state, command, facts)
        case ConcurAppeal():
            return _concur(state, command, facts)
        case RecordDeposit():
            _require(state)
            _stage(state, OPEN_BEFORE_DECISION, "record a deposit")
            if command.amount_cents != state.deposit_due or not state.deposit_due:
                raise InvalidDeposit(
                    f"the deposit this event sets is {state.deposit_due} cents",
                    law=LawRef("80B2"),
                )
            if state.deposit_received:
                return []
            return [
                DepositReceived(
                    amount_cents=command.amount_cents,
                    received_by=command.received_by,
                )
            ]
        case RouteAppeal():
            return _route(state, command, facts)
        case ScheduleHearing():
            _require(state)
            _stage(
                state, (Status.ROUTED, Status.HEARING_SCHEDULED), "schedule a hearing"
            )
            return [HearingScheduled(at=command.at, place=command.place)]
        case RecordHearing():
            _require(state)
            _stage(state, (Status.HEARING_SCHEDULED,), "record the hearing")
            if state.body is Body.COMMITTEE:
                if not command.members_present:
                    raise InvalidHearing(
                        "the minutes name the committee members who sat",
                        law=LawRef("93B"),
                    )
                strangers = set(command.members_present) - set(state.members)
                if strangers:
                    raise InvalidHearing(
                        "only appointed committee members sit", law=LawRef("93B")
                    )
            return [
                HearingHeld(
                    held_at=facts.now,
                    statements=command.statements,
                    members_present=command.members_present,
                )
            ]
        case AttachDirectorReport():
            _require(state)
            if state.status in (Status.WITHDRAWN, Status.LAPSED, Status.FINAL):
                raise WrongStage("the appeal file is closed")
            if not command.text.strip():
                raise InvalidHearing("a report has a text", law=LawRef("93"))
            return [
                DirectorReportAttached(
                    author=command.author,
                    text=command.text.strip(),
                    supplementary=command.supplementary,
                    admits_technical_error=command.admits_technical_error,
                )
            ]
        case DecideAppeal():
            return _decide_first_level(state, command, facts)
        case GiveFurtherAppealNotice():
            return _notice(state, command, facts)
        case FileFurtherAppeal():
            return _file_further(state, command, facts)
        case DecideFurtherAppeal():
            return _decide_further(state, command, facts)
        case WithdrawAppeal():
            return _withdraw(state, command, facts)
        case _:
            assert_never(command)


def _lodge(state: AppealState, command: LodgeAppeal, facts: Facts) -> list[AppealEvent]:
    if state.exists:
        raise AppealExists("this contestant has already appealed this ruling")
    if facts.conditions.structure is Structure.LOCAL_CONDUCTOR:
        raise AppealNotAvailable(
            "a local tournament conductor's decision cannot be appealed",
            law=figb("1"),
        )
    found = standing(facts.tournament, command.ruling_id, command.appellant_id)
    if not command.grounds.strip():
        raise GroundsMissing("an appeal states its grounds", law=LawRef("92A"))
    created = facts.tournament.created
    assert created is not None  # standing() checked it
    ruling = facts.tournament.rulings[command.ruling_id]
    session = facts.tournament.sessions[ruling.session]
    published = session.published
    evident = (
        command.grounds_evident_at_ruling
        if command.grounds_evident_at_ruling is not None
        else published is None
    )
    ruling_at = facts.ruling_times.get(command.ruling_id, facts.now)
    ends = appeal_period_end(
        regulation=created.windows.regulation,
        appeal_minutes=created.windows.appeal_minutes,
        ruling_at=ruling_at,
        published_deadline=None if published is None else published.appeal_deadline,
        grounds_evident=evident,
    )
    if ends is not None and facts.now >= ends:
        raise AppealPeriodEnded(
            f"the appeal period ended at {ends.isoformat()}", law=LawRef("92B")
        )
    if session.appeal_closed and not evident:
        raise AppealPeriodEnded("the appeal period has ended", law=LawRef("92B"))
    strangers = set(command.concurring_ids) - set(found.concurrence_from)
    if strangers:
        raise NotAConcurrer(
            "only the partner or the captain concurs in an appeal", law=LawRef("92D")
        )
    events: list[AppealEvent] = [
        AppealLodged(
            appeal_id=command.appeal_id,
            tournament_id=command.tournament_id,
            ruling_id=command.ruling_id,
            session=ruling.session,
            board_number=ruling.board_number,
            table=ruling.table,
            ruling_laws=ruling.laws,
            lodged_through=ruling.director,
            lodged_by=command.lodged_by,
            form=created.form,
            appellant_id=command.appellant_id,
            appellant_entry=found.appellant.number,
            parties=found.parties,
            concurrence_from=found.concurrence_from,
            grounds=command.grounds.strip(),
            grounds_evident_at_ruling=evident,
            period_ends_at=ends,
            lodged_at=facts.now,
            conditions=facts.conditions,
        )
    ]
    for player in dict.fromkeys(command.concurring_ids):
        events.append(ConcurrenceGiven(player_id=player, recorded_by=command.lodged_by))
    return events


def _concur(
    state: AppealState, command: ConcurAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = _require(state)
    if command.player_id not in lodged.concurrence_from:
        raise NotAConcurrer(
            "only the partner or the captain concurs in an appeal", law=LawRef("92D")
        )
    if command.player_id in state.concurred:
        return []
    if state.status is Status.LAPSED or (
        lodged.period_ends_at is not None and facts.now >= lodged.period_ends_at
    ):
        raise AppealPeriodEnded(
            "the appeal period ended before the concurrence", law=LawRef("92B")
        )
    _stage(state, (Status.AWAITING_CONCURRENCE,), "concur")
    return [
        ConcurrenceGiven(player_id=command.player_id, recorded_by=command.recorded_by)
    ]


def _route(state: AppealState, command: RouteAppeal, facts: Facts) -> list[AppealEvent]:
    """Law 93: who hears the appeal. Where the organizer appointed the event's
    appeals committee (Law 80B2(k)), the members who sit are drawn from it."""
    lodged = _require(state)
    if state.status is Status.AWAITING_CONCURRENCE:
        raise ConcurrenceMissing(
            "the appeal cannot be heard without the concurrence", law=LawRef("92D")
        )
    _stage(state, (Status.LODGED,), "route the appeal")
    if state.deposit_due and not state.deposit_received:
        raise DepositNotReceived(
            "the deposit the event sets has not been received", law=LawRef("80B2")
        )
    committee = lodged.conditions.committee_available
    match command.body:
        case Body.COMMITTEE:
            if not committee:
                raise InvalidRouting(
                    "there is no appeals committee: the Chief Director hears it",
                    law=LawRef("93A"),
                )
            if command.law_only:
                raise InvalidRouting(
                    "the Chief Director rules on an appeal solely on law",
                    law=LawRef("93B1"),
                )
            if not command.members:
                raise InvalidRouting(
                    "a committee needs its members", law=LawRef("93B2")
                )
        case Body.CHIEF_DIRECTOR:
            if committee and not (command.law_only or command.committee_cannot_operate):
                raise InvalidRouting(
                    "the Chief Director refers appeals on facts or judgement "
                    "to the committee",
                    law=LawRef("93B2"),
                )
            if command.members:
                raise InvalidRouting(
                    "the Chief Director hears it without a committee",
                    law=LawRef("93A"),
                )
        case Body.NATIONAL_BODY:
            raise InvalidRouting(
                "only a decided appeal goes to the national body", law=LawRef("93C1")
            )
        case _:
            assert_never(command.body)
    if len(set(command.members)) != len(command.members):
        raise InvalidRouting("a member sits once", law=LawRef("93B2"))
    roster = {
        user
        for user, official in facts.tournament.officials.items()
        if official.role is OfficialRole.COMMITTEE_MEMBER
    }
    outside = [m for m in command.members if roster and m not in roster]
    if outside:
        raise InvalidRouting(
            f"not on the event's appeals committee: {', '.join(outside)}",
            law=LawRef("80B2"),
        )
    return [
        AppealRouted(
            body=command.body,
            members=command.members,
            law_points=command.law_points if command.body is Body.COMMITTEE else (),
            reason=command.reason,
            routed_by=command.routed_by,
        )
    ]


def _decide_first_level(
    state: AppealState, command: DecideAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = _require(state)
    _stage(state, (Status.HEARD,), "decide before the hearing")
    if command.by is not state.body:
        body = state.body.value if state.body else "nobody"
        raise NotTheHearingBody(
            f"this appeal is heard by the {body.replace('_', ' ')}",
            law=LawRef("93B") if state.body is Body.COMMITTEE else LawRef("93A"),
        )
    _check_outcome(command.outcome, command.changed_points, command.adjusted_scores)
    changed = set(command.changed_points)
    if command.by is Body.COMMITTEE and changed & RESERVED_TO_CHIEF_DIRECTOR:
        raise CommitteeOverreach(
            "the committee may not overrule the Chief Director on a point of law or "
            "regulation or a disciplinary decision; it may only recommend",
            law=LawRef("93B3"),
        )
    if (
        command.by is Body.CHIEF_DIRECTOR
        and Point.DISCIPLINARY in changed
        and facts.tournament.created is not None
        and facts.tournament.created.windows.regulation is Regulation.FIGB
    ):
        raise DisciplinaryDecisionStands(
            "the chief director cannot change the table director's disciplinary "
            "decision",
            law=figb("3"),
        )
    if not command.reasons.strip():
        raise InvalidDecision("a decision states its reasons", law=LawRef("93"))
    orders = _check_scores(command.adjusted_scores, lodged, facts.tournament)
    meritless = command.outcome is Outcome.WITHOUT_MERIT
    conditions = lodged.conditions
    ended = competition_end(facts.tournament)
    prenotice = further = None
    if conditions.further_appeal:
        base = ended if ended is not None and ended > facts.now else facts.now
        # Decision 0047: a decision given after the end of the competition
        # counts its periods from the decision, or no further appeal could lie.
        prenotice = base + timedelta(minutes=conditions.prenotice_minutes)
        further = base + timedelta(hours=conditions.further_appeal_hours)
    return [
        AppealDecided(
            body=command.by,
            outcome=command.outcome,
            changed_points=command.changed_points,
            adjusted_scores=orders,
            reasons=command.reasons.strip(),
            recommendation=command.recommendation.strip(),
            sanction_unit=conditions.sanction_unit if meritless else SanctionUnit.NONE,
            sanction_amount=conditions.sanction_amount if meritless else 0,
            deposit=_deposit_outcome(state, forfeit=meritless),
            decided_by=command.decided_by,
            decided_at=facts.now,
            competition_ended_at=ended,
            prenotice_deadline=prenotice,
            further_appeal_deadline=further,
        )
    ]


def _check_outcome(
    outcome: Outcome, points: tuple[Point, ...], scores: tuple[ScoreOrder, ...]
) -> None:
    if outcome is Outcome.CHANGED and not points:
        raise InvalidDecision(
            "a changed ruling names what the decision changes", law=LawRef("93B3")
        )
    if outcome is not Outcome.CHANGED and (points or scores):
        raise InvalidDecision(
            "only a changed ruling changes points or scores", law=LawRef("93B3")
        )


def _party_for_further(state: AppealState, player_id: UUID) -> Party:
    """FIGB §4: a member of the pair or the team captain; no concurrence."""
    lodged = _require(state)
    party = state.party_of(player_id)
    if party is None:
        raise NoStanding(
            "only a contestant at the ruling's table may appeal further",
            law=figb("4"),
        )
    if lodged.form is Form.TEAMS and party.player_ids[0] != player_id:
        raise NoStanding("in a team event the captain appeals further", law=figb("4"))
    return party


def _notice(
    state: AppealState, command: GiveFurtherAppealNotice, facts: Facts
) -> list[AppealEvent]:
    lodged = _require(state)
    if not lodged.conditions.further_appeal:
        raise NoFurtherAppeal(
            "this event provides no further appeal", law=LawRef("93C1")
        )
    party = _party_for_further(state, command.player_id)
    if state.notice is not None:
        return []
    # Before the decision the period cannot have ended: it runs from the later
    # of the end of the competition and the decision (decision 0047).
    deadline = None if state.decision is None else state.decision.prenotice_deadline
    if state.notice_period_ended or (deadline is not None and facts.now >= deadline):
        raise FurtherAppealPeriodClosed(
            "the written pre-notice is due within 30 minutes of the end of the "
            "competition",
            law=figb("4"),
        )
    _stage(state, (*OPEN_BEFORE_DECISION, Status.DECIDED), "give notice")
    return [
        FurtherAppealNoticeGiven(
            player_id=command.player_id,
            entry_number=party.entry_number,
            given_at=facts.now,
        )
    ]


def _file_further(
    state: AppealState, command: FileFurtherAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = _require(state)
    if not lodged.conditions.further_appeal:
        raise NoFurtherAppeal(
            "this event provides no further appeal", law=LawRef("93C1")
        )
    party = _party_for_further(state, command.player_id)
    if state.decision is None:
        raise WrongStage(
            "a further appeal lies once the first appeal is decided",
            law=LawRef("93C1"),
        )
    if state.notice is None:
        raise FurtherAppealInadmissible(
            "no written pre-notice was given: the further appeal is inadmissible",
            law=figb("4"),
        )
    _stage(state, (Status.DECIDED,), "appeal further")
    deadline = state.decision.further_appeal_deadline
    if deadline is None or facts.now >= deadline:
        raise FurtherAppealPeriodClosed(
            "the period for a further appeal has ended", law=figb("4")
        )
    if not command.grounds.strip():
        raise FurtherAppealInadmissible("a further appeal states its grounds")
    base = state.decision.competition_ended_at or state.decision.decided_at
    return [
        FurtherAppealFiled(
            player_id=command.player_id,
            entry_number=party.entry_number,
            grounds=command.grounds.strip(),
            filed_at=facts.now,
            after_24_hours=facts.now >= base + FIGB_24_HOURS,
        )
    ]


def _decide_further(
    state: AppealState, command: DecideFurtherAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = _require(state)
    _stage(state, (Status.FURTHER_APPEAL_FILED,), "decide a further appeal")
    points = (Point.JUDGEMENT,) if command.outcome is Outcome.CHANGED else ()
    _check_outcome(command.outcome, points, command.adjusted_scores)
    if command.adjusted_scores and not state.technical_error_admitted:
        raise NoTechnicalError(
            "the national body changes a result only for a technical error the "
            "Director admits",
            law=figb("4"),
        )
    if not command.reasons.strip():
        raise InvalidDecision("a decision states its reasons", law=LawRef("93C2"))
    orders = _check_scores(command.adjusted_scores, lodged, facts.tournament)
    meritless = command.outcome is Outcome.WITHOUT_MERIT
    return [
        FurtherAppealDecided(
            outcome=command.outcome,
            adjusted_scores=orders,
            reasons=command.reasons.strip(),
            technical_error=state.technical_error_admitted,
            sanction_unit=lodged.conditions.sanction_unit
            if meritless
            else SanctionUnit.NONE,
            sanction_amount=lodged.conditions.sanction_amount if meritless else 0,
            decided_by=command.decided_by,
            decided_at=facts.now,
        )
    ]


def _withdraw(
    state: AppealState, command: WithdrawAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = _require(state)
    if command.player_id is not None:
        party = state.party_of(command.player_id)
        filer = (
            state.further.entry_number
            if state.status is Status.FURTHER_APPEAL_FILED and state.further
            else lodged.appellant_entry
        )
        if party is None or party.entry_number != filer:
            raise NotTheAppellant(
                "only the appellant contestant withdraws its appeal", law=LawRef("92A")
            )
    if state.status is Status.FURTHER_APPEAL_FILED:
        return [
            AppealWithdrawn(
                by=command.by,
                further_appeal_only=True,
                deposit=DepositOutcome.NONE,
                withdrawn_at=facts.now,
            )
        ]
    _stage(state, OPEN_BEFORE_DECISION, "withdraw")
    return [
        AppealWithdrawn(
            by=command.by,
            further_appeal_only=False,
            deposit=_deposit_outcome(state, forfeit=False),
            withdrawn_at=facts.now,
        )
    ]


# -- windows --------------------------------------------------------------------


def windows(state: AppealState, events: Iterable[AppealEvent]) -> list[Window]:
    """The periods new events open (or make moot), for the deadline sweeper.

    Law 92B with 92D: an appeal waiting for its concurrence lapses when the
    appeal period ends. FIGB §4: the pre-notice and further-appeal periods
    after a decision; a further appeal filed, or an appeal withdrawn, cancels
    what is pending. Each closing event is appended exactly once.
    """
    out: list[Window] = []
    for event in events:
        before = state
        state = evolve(state, event)
        lodged = state.lodged
        match event:
            case AppealLodged() if (
                event.period_ends_at is not None
                and state.status is Status.AWAITING_CONCURRENCE
            ):
                out.append(
                    Window(
                        kind="concurrence",
                        due_at=event.period_ends_at,
                        on_due=ConcurrencePeriodEnded(),
                    )
                )
            case ConcurrenceGiven() if (
                before.status is Status.AWAITING_CONCURRENCE
                and state.status is Status.LODGED
                and lodged is not None
                and lodged.period_ends_at is not None
            ):
                out.append(_cancel("concurrence", lodged.period_ends_at))
            case AppealDecided():
                if event.prenotice_deadline is not None:
                    out.append(
                        Window(
                            kind="prenotice",
                            due_at=event.prenotice_deadline,
                            on_due=PreNoticePeriodEnded(),
                        )
                    )
                if event.further_appeal_deadline is not None:
                    out.append(
                        Window(
                            kind="further_appeal",
                            due_at=event.further_appeal_deadline,
                            on_due=FurtherAppealPeriodEnded(),
                        )
                    )
            case FurtherAppealFiled() if (
                before.decision is not None
                and before.decision.further_appeal_deadline is not None
            ):
                out.append(
                    _cancel("further_appeal", before.decision.further_appeal_deadline)
                )
            case AppealWithdrawn() if (
                before.status is Status.AWAITING_CONCURRENCE
                and before.lodged is not None
                and before.lodged.period_ends_at is not None
            ):
                out.append(_cancel("concurrence", before.lodged.period_ends_at))
            case _:
                pass
    return _net(out)


def _net(windows: list[Window]) -> list[Window]:
    """One row per kind: a window opened and cancelled by one append is dropped."""
    opened: dict[str, Window] = {}
    for window in windows:
        if (
            window.cancelled
            and window.kind in opened
            and not opened[window.kind].cancelled
        ):
            del opened[window.kind]
        else:
            opened[window.kind] = window
    return list(opened.values())


def _cancel(kind: str, due_at: datetime) -> Window:
    on_due: AppealEvent = (
        ConcurrencePeriodEnded()
        if kind == "concurrence"
        else FurtherAppealPeriodEnded()
    )
    return Window(kind=kind, due_at=due_at, on_due=on_due, cancelled=True)
