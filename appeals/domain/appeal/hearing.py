"""Routing and hearing an appeal: who hears it, the hearing, the Director's report.

Law 93A (the Chief Director hears it when there is no committee, or it
cannot operate without disturbing the event), Law 93B1 (he keeps the points
of law and regulation), Law 93B2 (he refers facts and judgement to the
committee), Law 80B2 (the organizer appoints the appeals committee and sets
the deposit), Law 92D (no hearing without the concurrence). Norme integrative
FIGB (2004), N-L74 (the Director's report is privileged evidence), N-L92-93
§3 (the parties and the Director are heard), §5 (a technical error the
Director admits).
"""

from __future__ import annotations

from typing import assert_never

from appeals.domain.appeal.commands import (
    AttachDirectorReport,
    Facts,
    RecordHearing,
    RouteAppeal,
    ScheduleHearing,
)
from appeals.domain.appeal.errors import (
    ConcurrenceMissing,
    DepositNotReceived,
    InvalidHearing,
    InvalidRouting,
    WrongStage,
)
from appeals.domain.appeal.events import (
    AppealEvent,
    AppealRouted,
    DirectorReportAttached,
    HearingHeld,
    HearingScheduled,
)
from appeals.domain.appeal.guards import require, stage
from appeals.domain.appeal.state import AppealState
from appeals.domain.appeal.values import Body, Status
from rules.errors import LawRef
from tournaments.domain.tournament import OfficialRole


def route(state: AppealState, command: RouteAppeal, facts: Facts) -> list[AppealEvent]:
    """Law 93: who hears the appeal. Where the organizer appointed the event's
    appeals committee (Law 80B2(k)), the members who sit are drawn from it."""
    lodged = require(state)
    if state.status is Status.AWAITING_CONCURRENCE:
        raise ConcurrenceMissing(
            "the appeal cannot be heard without the concurrence", law=LawRef("92D")
        )
    stage(state, (Status.LODGED,), "route the appeal")
    if state.deposit_due and not state.deposit_received:
        raise DepositNotReceived(
            "the deposit the event sets has not been received", law=LawRef("80B2")
        )
    # Decision 0139: the committee the event has when the appeal is routed,
    # not when it was lodged: an appeal may be lodged before the organizer
    # forms the committee (Law 80B2(k)) and is heard by the one formed after.
    committee = (
        facts.conditions.committee_available or lodged.conditions.committee_available
    )
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


def schedule_hearing(state: AppealState, command: ScheduleHearing) -> list[AppealEvent]:
    require(state)
    stage(state, (Status.ROUTED, Status.HEARING_SCHEDULED), "schedule a hearing")
    return [HearingScheduled(at=command.at, place=command.place)]


def record_hearing(
    state: AppealState, command: RecordHearing, facts: Facts
) -> list[AppealEvent]:
    """The minutes of the hearing; a committee names the members who sat (93B)."""
    require(state)
    stage(state, (Status.HEARING_SCHEDULED,), "record the hearing")
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


def attach_director_report(
    state: AppealState, command: AttachDirectorReport
) -> list[AppealEvent]:
    """The Director's report, until the appeal file is closed (Law 93)."""
    require(state)
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
