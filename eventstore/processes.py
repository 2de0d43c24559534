"""Process managers: reactions to events that append to other streams.

The shape of the ``eventsourcing`` library's process applications: a process
manager follows the store from its checkpoint (its tracking record), and for
each event it wants, the appends its reaction decides and the checkpoint's
advance to that event commit in one transaction. A kill at any point leaves
either both or neither, so on restart it carries on from the first event
whose reaction is not stored, and nothing is done twice.

Reactions name their events by deterministic ids (derived from the id of the
event they react to). The command path may run the same reaction inline, in
the command's own transaction (a result carried from play reaches the client
with the card); the runner then finds the ids stored and only moves on.

A reaction the target stream refuses (one of the manager's ``refusals``: a
window closed since, say) is an outcome, not a fault: it is recorded (``ProcessRefusal``) with its
position, in the transaction that moves the checkpoint past it. Any other error stops the runner at that event,
with the error on its checkpoint, to be retried on the next run; the
database going away is no event's error and is not recorded.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import ClassVar

from django.conf import settings
from django.db import transaction
from django.utils.module_loading import import_string

from eventstore.commands import PendingAppend, append_together
from eventstore.database import connection_lost
from eventstore.models import ProcessRefusal
from eventstore.projections import (
    CheckpointMoved,
    advance_checkpoint,
    projection_lock,
    read_checkpoint,
    stop_checkpoint,
)
from eventstore.store import AppendResult, EventStore, RecordedEvent, event_store

__all__ = [
    "ProcessManager",
    "ProcessRunner",
    "configured_processes",
    "fresh",
    "run_processes",
]

logger = logging.getLogger(__name__)


class ProcessManager:
    """Decides, for one recorded event, the appends it implies elsewhere."""

    name: ClassVar[str]
    event_types: ClassVar[tuple[str, ...]]
    refusals: ClassVar[tuple[type[Exception], ...]] = ()

    def react(self, recorded: RecordedEvent) -> Sequence[PendingAppend]:
        raise NotImplementedError


def configured_processes() -> list[ProcessManager]:
    return [import_string(path)() for path in settings.ARBITRO_PROCESSES]


def fresh(
    appends: Sequence[PendingAppend], store: EventStore | None = None
) -> list[PendingAppend]:
    """The appends whose events are not stored yet (their ids are checked)."""
    store = store or event_store()
    ids = [i for a in appends for i in (a.event_ids or ())]
    stored = store.stored_event_ids(ids)
    return [a for a in appends if not stored.intersection(a.event_ids or ())]


class ProcessRunner:
    """Feeds one process manager from its checkpoint, event by event."""

    def __init__(
        self,
        manager: ProcessManager,
        store: EventStore | None = None,
        batch_size: int = 100,
    ) -> None:
        self.manager = manager
        self.store = store or event_store()
        self.batch_size = batch_size

    @property
    def name(self) -> str:
        return self.manager.name

    def checkpoint(self) -> int:
        return read_checkpoint(self.name)

    def _advance(self, start: int, end: int) -> None:
        advance_checkpoint(self.name, start, end)

    def run_batch(self) -> int:
        """React to the next events; return how many were handled."""
        start = self.checkpoint()
        head = self.store.head_position()
        batch = self.store.read_all(
            after_position=start,
            limit=self.batch_size,
            event_types=self.manager.event_types,
        )
        for recorded in batch:
            self._handle(start, recorded)
            start = recorded.global_position
        if len(batch) < self.batch_size and head > start:
            # Nothing this manager wants up to the head read before the batch.
            with transaction.atomic():
                self._advance(start, head)
        return len(batch)

    def _handle(self, start: int, recorded: RecordedEvent) -> None:
        end = recorded.global_position
        try:
            appends = fresh(self.manager.react(recorded), self.store)
        except self.manager.refusals as refused:
            note = f"refused at {end}: {type(refused).__name__}: {refused}"
            logger.warning(
                "process reaction refused",
                extra={"process_manager": self.name, "note": note},
            )
            with transaction.atomic(durable=True):
                ProcessRefusal.objects.create(
                    process=self.name,
                    global_position=end,
                    event_id=recorded.event_id,
                    reason=f"{type(refused).__name__}: {refused}"[:2000],
                )
                self._advance(start, end)
            return
        except Exception as exc:
            self._record_error(f"{type(exc).__name__} at {end}: {exc}")
            raise

        def advance(_results: list[AppendResult]) -> None:
            self._advance(start, end)

        try:
            if appends:
                append_together(appends, advance)
            else:
                with transaction.atomic(durable=True):
                    self._advance(start, end)
        except CheckpointMoved:
            raise
        except Exception as exc:
            self._record_error(f"{type(exc).__name__} at {end}: {exc}")
            raise

    def _record_error(self, message: str) -> None:
        if connection_lost():
            # The database went away, no fault of the event: the next run
            # starts again from the checkpoint (decision 0216). Recording it
            # would open a new connection to say the process stopped.
            return
        logger.error(
            "process stopped", extra={"process_manager": self.name, "error": message}
        )
        stop_checkpoint(self.name, message)

    def catch_up(self) -> int:
        total = 0
        with projection_lock(self.name):
            while True:
                done = self.run_batch()
                total += done
                if done < self.batch_size:
                    return total


def run_processes(store: EventStore | None = None) -> int:
    """Run every configured process manager to the head; return events handled."""
    return sum(
        ProcessRunner(manager, store).catch_up() for manager in configured_processes()
    )
