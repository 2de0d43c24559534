"""One appeal's state, and ``evolve``: the fold of its recorded events.

``evolve`` never refuses a recorded event; an event that closes a period
(Law 92B with 92D; FIGB N-L92-93 §4, §6) is a no-op once moot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import assert_never
from uuid import UUID

from appeals.domain.appeal.events import (
    AppealDecided,
    AppealEvent,
    AppealHandedElsewhere,
    AppealLodged,
    AppealRouted,
    AppealWithdrawn,
    ConcurrenceGiven,
    ConcurrencePeriodEnded,
    DepositReceived,
    DirectorReportAttached,
    FurtherAppealDecided,
    FurtherAppealFiled,
    FurtherAppealNoticeGiven,
    FurtherAppealPeriodEnded,
    HearingHeld,
    HearingScheduled,
    PreNoticePeriodEnded,
)
from appeals.domain.appeal.values import Body, LawPointRuling, Party, Status


@dataclass(frozen=True, slots=True)
class AppealState:
    lodged: AppealLodged | None = None
    handed: AppealHandedElsewhere | None = None  # Law 92C
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
        case AppealHandedElsewhere():
            return replace(state, handed=event)
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
