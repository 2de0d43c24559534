"""Cross-stream reactions to appeal decisions, driven by a checkpointed runner.

A decision that changes a ruling orders Law 12 adjusted scores; a decision
that finds an appeal without merit carries the regulation's sanction (Law
92A). This policy appends them to the board-result and tournament streams so
the standings update (FIGB N-L92-93 §3: the decision is executive at once;
§4.5 of the FIGB digest: reversals are new events, never edits).

A process manager (``eventstore.processes``): the appends a decision orders
and the checkpoint's advance past it commit in one transaction, so a kill at
any point neither loses nor doubles a score; each append also carries a
deterministic event id derived from the decision's event id.

Decision 0049: an appeal decision is not a score correction (Law 79C). It is
valid whenever the appeal was lodged in time (Law 92B), so the correction
window is not applied to the adjusted scores it orders.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from appeals.domain import appeal
from appeals.domain.conditions import SanctionUnit
from eventstore.commands import PendingAppend, StreamCache, fold
from eventstore.processes import ProcessManager, ProcessRunner
from eventstore.store import EventStore, Metadata, RecordedEvent, event_store
from rules.errors import RuleViolation
from tournaments import handlers
from tournaments.domain import board_result, tournament

__all__ = ["NAME", "AppealDecisions", "run_policies"]

logger = logging.getLogger(__name__)
NAME = "appeals.policies.decisions.v1"
ACTOR = "system:appeal-policy"
NAMESPACE = UUID("9a41c6e2-7b3d-4f58-8c0e-2d6b1f9a3e75")
DECISIONS = (appeal.AppealDecided.event_type, appeal.FurtherAppealDecided.event_type)


class AppealDecisions(ProcessManager):
    """The adjusted scores and sanctions each appeal decision orders."""

    name = NAME
    event_types = DECISIONS
    refusals = (RuleViolation,)

    def react(self, recorded: RecordedEvent) -> list[PendingAppend]:
        history = event_store().read_stream(recorded.stream_id)
        upto = [
            r.event
            for r in history.events
            if r.stream_version < recorded.stream_version
        ]
        state = fold(appeal.evolve, appeal.INITIAL, upto)
        lodged = state.lodged
        event = recorded.event
        if lodged is None or not isinstance(
            event, appeal.AppealDecided | appeal.FurtherAppealDecided
        ):
            return []
        plan = _Plan(recorded, lodged)
        for index, order in enumerate(event.adjusted_scores):
            plan.award(order, index)
        if event.sanction_unit is not SanctionUnit.NONE and event.sanction_amount:
            further = isinstance(event, appeal.FurtherAppealDecided) and state.further
            entry = state.further.entry_number if further and state.further else None
            plan.sanction(event, entry or lodged.appellant_entry)
        return plan.appends()


def run_policies(store: EventStore | None = None, batch_size: int = 100) -> int:
    """Apply every decision recorded since the checkpoint; return how many."""
    return ProcessRunner(AppealDecisions(), store, batch_size).catch_up()


class _Plan:
    """The appends one decision implies, one per stream, decided in order
    on each stream's state (two orders on one board follow each other)."""

    def __init__(self, recorded: RecordedEvent, lodged: appeal.AppealLodged) -> None:
        self.recorded = recorded
        self.lodged = lodged
        self.now = event_store().now()
        self.streams: dict[UUID, tuple[str, int, Any, list[Any], list[UUID], str]] = {}

    def _add(
        self,
        stream_id: UUID,
        stream_type: str,
        cache: StreamCache[Any],
        decide: Callable[[Any], Sequence[Any]],
        event_id: UUID,
        command: str,
    ) -> None:
        if stream_id not in self.streams:
            version, state = cache.load(stream_id)
            self.streams[stream_id] = (stream_type, version, state, [], [], command)
        kind, version, state, events, ids, name = self.streams[stream_id]
        decided = list(decide(state))
        for index, new in enumerate(decided):
            state = cache.evolve(state, new)
            events.append(new)
            ids.append(event_id if index == 0 else uuid.uuid5(event_id, str(index)))
        self.streams[stream_id] = (kind, version, state, events, ids, name)

    def appends(self) -> list[PendingAppend]:
        return [
            PendingAppend(
                stream_id,
                kind,
                events,
                version,
                _metadata(self.recorded, self.lodged.tournament_id, name),
                event_ids=ids,
            )
            for stream_id, (
                kind,
                version,
                _s,
                events,
                ids,
                name,
            ) in self.streams.items()
            if events
        ]

    def award(self, order: appeal.ScoreOrder, index: int) -> None:
        """Law 12 via Law 93B3 (or FIGB §4): the adjusted score the decision orders."""
        lodged = self.lodged
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
        self._add(
            board_result.stream_id(
                lodged.tournament_id, lodged.session, order.board_number, order.table
            ),
            board_result.STREAM_TYPE,
            handlers.BOARD_RESULTS,
            lambda state: board_result.decide(state, command, self.now, window),
            uuid.uuid5(NAMESPACE, f"score:{self.recorded.event_id}:{index}"),
            "appeal_adjusted_score",
        )

    def sanction(
        self,
        event: appeal.AppealDecided | appeal.FurtherAppealDecided,
        entry_number: int,
    ) -> None:
        """Law 92A (or 93C1): the regulation's sanction for an appeal without merit."""
        lodged = self.lodged
        command = tournament.ImposePenalty(
            session=lodged.session,
            entry_number=entry_number,
            kind="procedural",
            unit=event.sanction_unit.value,
            amount=event.sanction_amount,
            law="92A",
            reason=f"appeal {lodged.appeal_id} without merit",
        )
        self._add(
            tournament.stream_id(lodged.tournament_id),
            tournament.STREAM_TYPE,
            handlers.TOURNAMENTS,
            lambda state: tournament.decide(state, command, self.now),
            uuid.uuid5(NAMESPACE, f"sanction:{self.recorded.event_id}"),
            "appeal_sanction",
        )


def _metadata(recorded: RecordedEvent, tournament_id: UUID, command: str) -> Metadata:
    return Metadata(
        actor=ACTOR,
        tournament_id=tournament_id,
        causation_id=recorded.event_id,
        correlation_id=recorded.stream_id,
        command=command,
    )
