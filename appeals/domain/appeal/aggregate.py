"""The appeal's stream identity, and ``decide``: a command turned into events.

``decide`` is pure: the shell passes the appeal's state, the command and the
:class:`~appeals.domain.appeal.commands.Facts` it read (the tournament's
state, the database time of its rulings, the event's appeal conditions and
database time). Each stage lives in its own module: lodging and standing
(Law 92), routing and hearing (Law 93A-B), the first-level decision (Law
93B3), the further appeal to the national body (Law 93C1; FIGB N-L92-93
§4-§6) and withdrawal.
"""

from __future__ import annotations

import uuid
from typing import assert_never
from uuid import UUID

from appeals.domain.appeal.commands import (
    AcceptHandedAppeal,
    AppealCommand,
    AttachDirectorReport,
    ConcurAppeal,
    DecideAppeal,
    DecideFurtherAppeal,
    Facts,
    FileFurtherAppeal,
    GiveFurtherAppealNotice,
    LodgeAppeal,
    RecordDeposit,
    RecordHearing,
    RouteAppeal,
    ScheduleHearing,
    WithdrawAppeal,
)
from appeals.domain.appeal.decision import decide_first_level
from appeals.domain.appeal.events import AppealEvent
from appeals.domain.appeal.further_appeal import (
    decide_further,
    file_further,
    give_notice,
)
from appeals.domain.appeal.hearing import (
    attach_director_report,
    record_hearing,
    route,
    schedule_hearing,
)
from appeals.domain.appeal.lodging import accept_handed, concur, lodge, record_deposit
from appeals.domain.appeal.state import AppealState
from appeals.domain.appeal.withdrawal import withdraw

STREAM_TYPE = "appeal"
NAMESPACE = UUID("5d2e9b47-0c3a-4f86-a1e7-6b9c2d8f0e14")


def appeal_id_for(tournament_id: UUID, ruling_id: UUID, entry_number: int) -> UUID:
    """One appeal per ruling per contestant: a second lodging is a conflict."""
    return uuid.uuid5(NAMESPACE, f"appeal:{tournament_id}:{ruling_id}:{entry_number}")


def stream_id(appeal_id: UUID) -> UUID:
    return uuid.uuid5(NAMESPACE, f"appeal-stream:{appeal_id}")


def decide(
    state: AppealState, command: AppealCommand, facts: Facts
) -> list[AppealEvent]:
    """Turn a command into events, or raise the error that names the rule."""
    match command:
        case LodgeAppeal():
            return lodge(state, command, facts)
        case AcceptHandedAppeal():
            return accept_handed(state, command, facts)
        case ConcurAppeal():
            return concur(state, command, facts)
        case RecordDeposit():
            return record_deposit(state, command)
        case RouteAppeal():
            return route(state, command, facts)
        case ScheduleHearing():
            return schedule_hearing(state, command)
        case RecordHearing():
            return record_hearing(state, command, facts)
        case AttachDirectorReport():
            return attach_director_report(state, command)
        case DecideAppeal():
            return decide_first_level(state, command, facts)
        case GiveFurtherAppealNotice():
            return give_notice(state, command, facts)
        case FileFurtherAppeal():
            return file_further(state, command, facts)
        case DecideFurtherAppeal():
            return decide_further(state, command, facts)
        case WithdrawAppeal():
            return withdraw(state, command, facts)
        case _:
            assert_never(command)
