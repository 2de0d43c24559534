"""Cross-stream reactions to appeal decisions, driven by a checkpointed runner.

A decision that changes a ruling orders Law 12 adjusted scores; a decision
that finds an appeal without merit carries the regulation's sanction (Law
92A). This policy appends them to the board-result and tournament streams so
the standings update (FIGB N-L92-93 §3: the decision is executive at once;
§4.5 of the FIGB digest: reversals are new events, never edits).

Each append carries a deterministic event id derived from the decision's
event id, and the policy skips an append whose id the target stream already
holds: a crash between the append and the checkpoint, or a second run, never
adds a second score. Appends run in their own transactions (the event store
refuses an outer ``atomic()``), so this is a loop of its own, not a
``Projection``; it advances its checkpoint row with a compare-and-set.

Decision 0049: an appeal decision is not a score correction (Law 79C). It is
valid whenever the appeal was lodged in time (Law 92B), so the correction
window is not applied to the adjusted scores it orders.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from functools import reduce
from typing import Any
from uuid import UUID

from django.utils import timezone

from appeals.domain import appeal
from appeals.domain.conditions import SanctionUnit
from eventstore.errors import WrongExpectedVersion
from eventstore.models import Checkpoint
from eventstore.projections import projection_lock
from eventstore.store import EventStore, Metadata, RecordedEvent, event_store
from tournaments import handlers
from tournaments.domain import board_result, tournament

__all__ = ["NAME", "run_policies"]

logger = logging.getLogger(__name__)
NAME = "appeals.policies.decisions.v1"
ACTOR = "system:appeal-policy"
NAMESPACE = UUID("9a41c6e2-7b3d-4f58-8c0e-2d6b1f9a3e75")
DECISIONS = (appeal.AppealDecided.event_type, appeal.FurtherAppealDecided.event_type)


def _checkpoint() -> int:
    row, _ = Checkpoint.objects.get_or_create(name=NAME)
    return row.last_position


def _advance(start: int, end: int) -> None:
    moved = Checkpoint.objects.filter(name=NAME, last_position=start).update(
        last_position=end,
        status=Checkpoint.Status.RUNNING,
        last_error="",
        updated_at=timezone.now(),
    )
    if moved != 1:
        raise RuntimeError(f"{NAME}: checkpoint moved from {start}")


def run_policies(store: EventStore | None = None, batch_size: int = 100) -> int:
    """Apply every decision recorded since the checkpoint; return how many."""
    store = store or event_store()
    done = 0
    with projection_lock(NAME):
        while True:
            start = _checkpoint()
            batch = store.read_all(
                after_position=start, limit=batch_size, event_types=DECISIONS
            )
            if not batch:
                return done
            for recorded in batch:
                try:
                    _apply(store, recorded)
                except Exception as exc:
                    Checkpoint.objects.filter(name=NAME).update(
                        status=Checkpoint.Status.ERROR,
                        last_error=f"{type(exc).__name__} at {recorded.global_position}: "
                        f"{exc}"[:2000],
                    )
                    raise
                _advance(start, recorded.global_position)
                start = recorded.global_position
                done += 1


def _apply(store: EventStore, recorded: RecordedEvent) -> None:
    history = store.read_stream(recorded.stream_id)
    upto = [
        r.event for r in history.events if r.stream_version < recorded.stream_version
    ]
    state: appeal.AppealState = reduce(appeal.evolve, upto, appeal.INITIAL)  # type: ignore[arg-type]
    lodged = state.lodged
    event = recorded.event
    if lodged is None or not isinstance(
        event, appeal.AppealDecided | appeal.FurtherAppealDecided
    ):
        return
    for index, order in enumerate(event.adjusted_scores):
        _award(store, recorded, lodged, order, index)
    if event.sanction_unit is not SanctionUnit.NONE and event.sanction_amount:
        further = isinstance(event, appeal.FurtherAppealDecided) and state.further
        entry = state.further.entry_number if further and state.further else None
        _sanction(store, recorded, lodged, event, entry or lodged.appellant_entry)


def _once(
    store: EventStore,
    stream_id: UUID,
    stream_type: str,
    event_id: UUID,
    decide: Callable[[Sequence[object]], list[Any]],
    metadata: Metadata,
) -> None:
    """Append what ``decide`` returns under ``event_id``, unless already there."""
    for attempt in range(3):
        history = store.read_stream(stream_id)
        if any(r.event_id == event_id for r in history.events):
            return
        events = decide(history.domain_events)
        if not events:
            return
        try:
            store.append(
                stream_id,
                events,
                stream_type=stream_type,
                expected_version=history.version,
                metadata=metadata,
                event_ids=[event_id],
            )
        except WrongExpectedVersion:
            if attempt == 2:
                raise
            continue
        return


def _metadata(recorded: RecordedEvent, tournament_id: UUID, command: str) -> Metadata:
    return Metadata(
        actor=ACTOR,
        tournament_id=tournament_id,
        causation_id=recorded.event_id,
        correlation_id=recorded.stream_id,
        command=command,
    )


def _award(
    store: EventStore,
    recorded: RecordedEvent,
    lodged: appeal.AppealLodged,
    order: appeal.ScoreOrder,
    index: int,
) -> None:
    """Law 12 via Law 93B3 (or FIGB §4): the adjusted score the decision orders."""
    command = board_result.AwardAdjustedScore(
        score=order.score,
        law=order.law,
        reason=f"appeal {lodged.appeal_id}",
        ruling_id=lodged.ruling_id,
        by_appeal=True,  # Law 93: governed by the appeal period, not Law 79C
    )
    window = handlers.window_for(
        handlers.load_tournament(lodged.tournament_id), lodged.session
    )

    def decide(events: Sequence[object]) -> list[Any]:
        state = reduce(board_result.evolve, events, board_result.INITIAL)  # type: ignore[arg-type]
        return list(board_result.decide(state, command, store.now(), window))

    _once(
        store,
        board_result.stream_id(
            lodged.tournament_id, lodged.session, order.board_number, order.table
        ),
        board_result.STREAM_TYPE,
        uuid.uuid5(NAMESPACE, f"score:{recorded.event_id}:{index}"),
        decide,
        _metadata(recorded, lodged.tournament_id, "appeal_adjusted_score"),
    )


def _sanction(
    store: EventStore,
    recorded: RecordedEvent,
    lodged: appeal.AppealLodged,
    event: appeal.AppealDecided | appeal.FurtherAppealDecided,
    entry_number: int,
) -> None:
    """Law 92A (or 93C1): the regulation's sanction for an appeal without merit."""
    command = tournament.ImposePenalty(
        session=lodged.session,
        entry_number=entry_number,
        kind="procedural",
        unit=event.sanction_unit.value,
        amount=event.sanction_amount,
        law="92A",
        reason=f"appeal {lodged.appeal_id} without merit",
    )

    def decide(events: Sequence[object]) -> list[Any]:
        state = reduce(tournament.evolve, events, tournament.INITIAL)  # type: ignore[arg-type]
        return list(tournament.decide(state, command, store.now()))

    _once(
        store,
        tournament.stream_id(lodged.tournament_id),
        tournament.STREAM_TYPE,
        uuid.uuid5(NAMESPACE, f"sanction:{recorded.event_id}"),
        decide,
        _metadata(recorded, lodged.tournament_id, "appeal_sanction"),
    )
