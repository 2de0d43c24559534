"""Appeal command handlers: read the streams, decide (pure), append. The only impure step.

Each command reads the appeal stream, the tournament stream it concerns (for
the rulings, seating, publications and database time of each ruling) and the
event's appeal conditions, then calls ``appeals.domain.appeal.decide`` with
database time. The windows the new events open are written as deadline rows
in the same append, so the sweeper records each closing exactly once; every
command also checks its window itself (Law 92B; FIGB N-L92-93 §2, §4).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID

from access.models import RoleGrant
from appeals.domain import appeal, conditions
from eventstore.commands import StreamCache, execute, fold
from eventstore.store import AppendResult, Metadata, NewDeadline, event_store
from rules.errors import LawRef
from tournaments.domain import tournament

__all__ = [
    "handle_appeal",
    "load_appeal",
    "load_conditions",
    "lodge_appeal",
    "set_conditions",
    "tournament_facts",
]

logger = logging.getLogger(__name__)


APPEALS = StreamCache(appeal.evolve, appeal.INITIAL, size=256)
CONDITIONS = StreamCache(conditions.evolve, conditions.INITIAL, size=64)


def load_appeal(appeal_id: UUID) -> tuple[appeal.AppealState, int]:
    version, state = APPEALS.load(appeal.stream_id(appeal_id))
    return state, version


def load_conditions(tournament_id: UUID) -> conditions.ConditionsState:
    state: conditions.ConditionsState = CONDITIONS.load(
        conditions.stream_id(tournament_id)
    )[1]
    return state


def tournament_facts(tournament_id: UUID, now: datetime) -> appeal.Facts:
    """The tournament as its stream records it, with the time of each ruling."""
    history = event_store().read_stream(tournament.stream_id(tournament_id))
    state = fold(tournament.evolve, tournament.INITIAL, history.domain_events)
    ruling_times = {
        r.event.ruling_id: r.recorded_at
        for r in history.events
        if isinstance(r.event, tournament.RulingGiven)
    }
    return appeal.Facts(
        now=now,
        tournament=state,
        ruling_times=ruling_times,
        conditions=load_conditions(tournament_id).conditions,
    )


def _deadlines(windows: list[appeal.Window]) -> list[NewDeadline]:
    return [
        NewDeadline(
            kind=w.kind, due_at=w.due_at, on_due=w.on_due, cancelled=w.cancelled
        )
        for w in windows
    ]


def handle_appeal(
    appeal_id: UUID,
    command: appeal.AppealCommand,
    *,
    metadata: Metadata,
    tournament_id: UUID | None = None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    within: Callable[[AppendResult], None] | None = None,
) -> AppendResult | None:
    """Run one appeal command on the one command path (``eventstore.commands``);
    the windows its events open are deadline rows of the same append."""
    state, _version = load_appeal(appeal_id)
    found = state.lodged or state.handed  # handed: Law 92C, not yet lodged
    tid = found.tournament_id if found else tournament_id
    if tid is None:
        raise appeal.AppealNotFound("no such appeal")
    before: list[appeal.AppealState] = []

    def decide(current: appeal.AppealState, now: datetime) -> list[Any]:
        before[:] = [current]
        return list(appeal.decide(current, command, tournament_facts(tid, now)))

    return execute(
        appeal.stream_id(appeal_id),
        appeal.STREAM_TYPE,
        APPEALS,
        decide,
        metadata=Metadata(
            actor=metadata.actor,
            tournament_id=tid,
            command=metadata.command,
            correlation_id=metadata.correlation_id,
            causation_id=metadata.causation_id,
        ),
        request=command,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        deadlines=lambda events: _deadlines(appeal.windows(before[0], events)),
        within=within,
    )


def lodge_appeal(
    *,
    tournament_id: UUID,
    ruling_id: UUID,
    appellant_id: UUID,
    grounds: str,
    lodged_by: str,
    grounds_evident_at_ruling: bool | None,
    concurring_ids: tuple[UUID, ...],
    metadata: Metadata,
    channel: appeal.Channel,
    received_by: str = "",
    idempotency_key: str | None = None,
) -> tuple[UUID, AppendResult | None]:
    """Lodge an appeal; its id follows from the ruling and the contestant (Law 92A).

    Law 92C: one handed to anyone but the Director is recorded as handed and,
    unless the regulation lets the Director accept it, refused (422) once
    recorded, a retry refused the same way.
    """
    facts = tournament_facts(tournament_id, event_store().now())
    found = appeal.standing(facts.tournament, ruling_id, appellant_id)
    appeal_id = appeal.appeal_id_for(tournament_id, ruling_id, found.appellant.number)
    command = appeal.LodgeAppeal(
        appeal_id=appeal_id,
        tournament_id=tournament_id,
        ruling_id=ruling_id,
        appellant_id=appellant_id,
        grounds=grounds,
        lodged_by=lodged_by,
        grounds_evident_at_ruling=grounds_evident_at_ruling,
        concurring_ids=concurring_ids,
        channel=channel,
        received_by=received_by,
    )
    result = handle_appeal(
        appeal_id,
        command,
        metadata=metadata,
        tournament_id=tournament_id,
        idempotency_key=idempotency_key,
    )
    state, _version = load_appeal(appeal_id)
    handed = state.handed
    if (
        channel is not appeal.Channel.DIRECTOR
        and handed is not None
        and handed.refused
        and state.lodged is None
    ):
        raise appeal.NotThroughDirector(
            f"the appeal was handed to the {channel.value.replace('_', ' ')}: "
            "it is recorded, and lodged only through the director",
            law=LawRef("92C"),
        )
    return appeal_id, result


def grant_committee(appeal_id: UUID, members: tuple[str, ...]) -> None:
    """Give each appointed member the committee role for this appeal (Law 93B2);
    run inside the routing command's transaction."""
    for member in members:
        RoleGrant.objects.get_or_create(
            user_id=int(member.removeprefix("user:")),
            role=RoleGrant.Role.COMMITTEE_MEMBER,
            appeal_id=appeal_id,
        )


def set_conditions(
    tournament_id: UUID,
    values: conditions.AppealConditions,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """Record the event's appeal conditions (Law 80B2(k))."""
    command = conditions.SetAppealConditions(
        tournament_id=tournament_id, conditions=values
    )
    return execute(
        conditions.stream_id(tournament_id),
        conditions.STREAM_TYPE,
        CONDITIONS,
        lambda state, now: list(conditions.decide(state, command)),
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
    )
