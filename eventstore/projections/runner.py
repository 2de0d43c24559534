"""The runner of one projection: batches, parked partitions, retries, rebuild."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable, Sequence
from uuid import UUID

from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Now
from django.utils import timezone

from eventstore.errors import ProjectionHole
from eventstore.models import Checkpoint, ProjectionFailure
from eventstore.projections.base import CheckpointMoved, Projection
from eventstore.projections.checkpoints import (
    advance_checkpoint,
    read_checkpoint,
    read_checkpoints,
    stop_checkpoint,
)
from eventstore.projections.failures import _describe, _Outcome, _retry_delay, _trace
from eventstore.projections.locks import connection_lost, lock_holder
from eventstore.projections.shadow import Shadow
from eventstore.store import EventStore, RecordedEvent, event_store

logger = logging.getLogger(__name__)

LOCK_NOT_AVAILABLE = "55P03"  # lock_timeout ran out (PostgreSQL)


class SharedReads:
    """What one turn of the runner loop reads for all of its projections
    (issue 13): their checkpoints, in one statement, and each batch once for
    every projection that starts it at the same position (on event night
    the five start every batch together, and four of them want none of its
    events).

    A checkpoint read early is safe: a batch moves it by compare-and-set
    (``CheckpointMoved``). A batch read early is safe: it is the committed
    events after its start, each at its position for good; a projection
    given it later applies a shorter batch than a read of its own might
    have, and the next turn reads on. The events are shared, so a
    projection must not change one (``decoded_as`` gives it its own copy).
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.checkpoints = read_checkpoints(names)
        self.batches: dict[tuple[EventStore, int, int], list[RecordedEvent]] = {}

    def batch(self, store: EventStore, start: int, limit: int) -> list[RecordedEvent]:
        """The events after ``start``, up to ``limit``, read once a turn."""
        key = (store, start, limit)
        batch = self.batches.get(key)
        if batch is None:
            batch = self.batches[key] = store.read_all(
                after_position=start, limit=limit, decode=False
            )
        return batch


class ProjectionRunner:
    """Feeds one projection from the store, batch by batch."""

    def __init__(
        self,
        projection: Projection,
        store: EventStore | None = None,
        batch_size: int = 500,
    ) -> None:
        self.projection = projection
        self.store = store or event_store()
        self.batch_size = batch_size

    @property
    def name(self) -> str:
        return self.projection.name

    def checkpoint(self) -> int:
        return read_checkpoint(self.name)

    def run_batch(self, shared: SharedReads | None = None) -> int:
        """Apply the next batch; return how many positions it covered.
        ``shared``: the loop's turn's reads, which the batch starts from."""
        if shared is not None and self.name in shared.checkpoints:
            start = shared.checkpoints[self.name]
            batch = shared.batch(self.store, start, self.batch_size)
        else:
            start = self.checkpoint()
            batch = self._read(start)
        if not batch:
            return 0
        for offset, event in enumerate(batch, start=1):
            if event.global_position != start + offset:
                self._record_error(f"hole after position {start + offset - 1}")
                raise ProjectionHole(
                    f"{self.name}: expected position {start + offset}, "
                    f"found {event.global_position}"
                )
        end = batch[-1].global_position
        wanted = [e for e in batch if self.projection.wants(e)]
        try:
            if not wanted:
                # Nothing to apply or park: the checkpoint moves, one statement
                # (the registry's runner meets every result of event night).
                advance_checkpoint(self.name, start, end)
                return len(batch)
            with transaction.atomic():
                parked = set(
                    ProjectionFailure.objects.filter(
                        projection=self.name, resolved_at__isnull=True
                    ).values_list("partition", flat=True)
                )
                outcome = self._apply_together(wanted, parked)
                if outcome is None:
                    outcome = self._apply_one_by_one(wanted, parked)
                self._record(outcome)
                advance_checkpoint(self.name, start, end)
        except CheckpointMoved:
            self.projection.discard()
            raise
        except Exception as exc:
            self.projection.discard()
            if not connection_lost():
                self._record_error(f"{_describe(exc)} (batch after {start})")
            raise
        return len(batch)

    def _read(self, start: int) -> list[RecordedEvent]:
        """The next batch, undecoded: each event is decoded where it is
        applied (``_decoded``), so the events this projection does not want
        are never decoded, and one that cannot be decoded fails alone."""
        return self.store.read_all(
            after_position=start, limit=self.batch_size, decode=False
        )

    def _decoded(self, event: RecordedEvent) -> RecordedEvent:
        codec = self.store.codec
        if event.event is not None or not codec.is_registered(event.event_type):
            return event
        return event.decoded_as(
            codec.decode(event.event_type, event.schema_version, event.payload)
        )

    def _apply_together(
        self, events: list[RecordedEvent], parked: set[str]
    ) -> _Outcome | None:
        """Apply the batch at once; None when any event or the flush failed."""
        outcome = _Outcome()
        try:
            with transaction.atomic():
                for event in events:
                    if parked:
                        partition = self.projection.partition(event)
                        if partition in parked:
                            outcome.park(partition, event)
                            continue
                    self.projection.handle(self._decoded(event))
                self.projection.flush()
        except Exception:
            if connection_lost():
                raise
            self.projection.discard()
            return None
        return outcome

    def _apply_one_by_one(
        self, events: list[RecordedEvent], parked: set[str]
    ) -> _Outcome:
        """Apply each event and its flush alone, so a failure names its event."""
        outcome = _Outcome()
        parked = set(parked)
        for event in events:
            partition = self.projection.partition(event)
            if partition in parked:
                outcome.park(partition, event)
                continue
            error = self._attempt(functools.partial(self._apply, [event]))
            if error is not None:
                logger.error(
                    "projection parked a partition",
                    exc_info=error,
                    extra={
                        "projection": self.name,
                        "partition": partition,
                        "position": event.global_position,
                        "stream_id": str(event.stream_id),
                    },
                )
                outcome.failed[partition] = (event, error)
                parked.add(partition)
        return outcome

    def _apply(self, events: Iterable[RecordedEvent]) -> None:
        for event in events:
            self.projection.handle(self._decoded(event))
        self.projection.flush()

    def _attempt(self, work: Callable[[], None]) -> BaseException | None:
        """Run ``work`` in a savepoint; return its error once rolled back."""
        try:
            with transaction.atomic():
                work()
        except Exception as exc:
            if connection_lost():
                raise
            self.projection.discard()
            return exc
        return None

    def _record(self, outcome: _Outcome) -> None:
        """Write the batch's failures and parked events with its checkpoint."""
        now = timezone.now()
        for partition, (event, exc) in outcome.failed.items():
            parked = outcome.parked.get(partition, [])
            try:
                with transaction.atomic():
                    ProjectionFailure.objects.create(
                        projection=self.name,
                        partition=partition,
                        position=event.global_position,
                        event_type=event.event_type,
                        error=_describe(exc),
                        traceback=_trace(exc),
                        parked=len(parked),
                        last_parked_position=max(parked) if parked else None,
                        retried_through=event.global_position,
                        next_retry_at=now,
                    )
            except IntegrityError:
                # Another process recorded it: it is applying this very batch.
                raise CheckpointMoved(f"{self.name}: {partition} recorded") from None
        for partition, positions in outcome.parked.items():
            if partition in outcome.failed:
                continue
            counted = ProjectionFailure.objects.filter(
                projection=self.name, partition=partition, resolved_at__isnull=True
            ).update(
                parked=F("parked") + len(positions),
                last_parked_position=max(positions),
                last_seen=now,
            )
            if counted != 1:
                # A retry resolved the partition meanwhile: apply the batch again.
                raise CheckpointMoved(f"{self.name}: {partition} was resolved")

    def catch_up(self, progress: Callable[[int], None] | None = None) -> int:
        """Apply batches until the head; return the number of events applied."""
        total = 0
        while True:
            done = self.run_batch()
            if not done:
                return total
            total += done
            if progress is not None:
                progress(done)

    def _record_error(self, message: str) -> None:
        logger.error(
            "projection stopped", extra={"projection": self.name, "error": message}
        )
        stop_checkpoint(self.name, message)

    # -- parked partitions ----------------------------------------------------

    def partition_events(self, partition: str, through: int) -> list[RecordedEvent]:
        """The partition's events this projection wants, up to ``through``."""
        kind, _, key = partition.partition(":")
        if kind == "tournament":
            events = self.store.read_tournament(UUID(key), up_to=through)
        elif kind == "stream":
            events = [
                e
                for e in self.store.read_stream(UUID(key)).events
                if e.global_position <= through
            ]
        else:
            raise ValueError(f"not a partition: {partition!r}")
        return [
            e
            for e in events
            if self.projection.wants(e) and self.projection.partition(e) == partition
        ]

    def retry(self, partition: str) -> bool | None:
        """Reset the partition and replay its events to the checkpoint.

        True when they now apply (the failure is resolved and the partition
        projected again), False when they still fail (the partition stays
        parked as it was), None when the partition has no open failure.
        """
        with transaction.atomic():
            # Lock order as a batch's: the failure row, then the checkpoint.
            failure = (
                ProjectionFailure.objects.select_for_update()
                .filter(
                    projection=self.name, partition=partition, resolved_at__isnull=True
                )
                .first()
            )
            if failure is None:
                return None
            through = (
                Checkpoint.objects.select_for_update()
                .filter(name=self.name)
                .values_list("last_position", flat=True)
                .first()
            ) or 0
            stage = ["reading its events"]

            def replay() -> None:
                todo = events = self.partition_events(partition, through)
                stage[0] = "reset"
                if not self.projection.reset_partition(partition):
                    todo = [e for e in events if e.global_position >= failure.position]
                for event in todo:
                    stage[0] = f"position {event.global_position}"
                    self.projection.handle(event)
                stage[0] = "flush"
                self.projection.flush()

            error = self._attempt(replay)
            now = timezone.now()
            failure.retry_requested = False
            failure.retried_through = through
            failure.last_seen = now
            if error is None:
                failure.resolved_at = now
                failure.resolution = f"replayed through position {through}"
                failure.save()
                logger.info(
                    "projection partition resolved",
                    extra={"projection": self.name, "partition": partition},
                )
                return True
            failure.attempts += 1
            failure.error = f"{_describe(error)} (retry, at {stage[0]})"[:2000]
            failure.traceback = _trace(error)
            failure.next_retry_at = now + _retry_delay(failure.attempts)
            failure.save()
            return False

    def retry_due(self) -> int:
        """Retry the partitions asked for, and those that got new events since
        their last attempt once their back-off is over; return how many."""
        due = ProjectionFailure.objects.filter(
            projection=self.name, resolved_at__isnull=True
        ).filter(
            Q(retry_requested=True)
            | Q(
                last_parked_position__gt=F("retried_through"),
                next_retry_at__lte=timezone.now(),
            )
        )
        partitions = list(due.values_list("partition", flat=True))
        for partition in partitions:
            self.retry(partition)
        return len(partitions)

    # -- runner state ---------------------------------------------------------

    def heartbeat(self, runner: str) -> None:
        """Say that ``runner`` holds the lock and is alive (health reads it)."""
        Checkpoint.objects.get_or_create(name=self.name)
        Checkpoint.objects.filter(name=self.name).update(
            heartbeat_at=Now(),
            runner=runner,
            status=Case(
                When(status=Checkpoint.Status.ERROR, then=Value("error")),
                default=Value(str(Checkpoint.Status.RUNNING)),
            ),
        )

    def rebuilds_beside(self) -> bool:
        """Whether ``rebuild`` builds beside the live tables (decision 0109):
        on PostgreSQL, for a projection that names its tables."""
        return (
            connection.vendor == "postgresql"
            and self.projection.read_models is not None
        )

    def rebuild(
        self,
        progress: Callable[[int], None] | None = None,
        *,
        lock_timeout: float = 5.0,
        lock_attempts: int = 12,
    ) -> int:
        """Replay every event from position 0 into a new read model.

        Beside the live tables when it can (``rebuilds_beside``, decision
        0109): readers and the runner keep the live tables until one short
        transaction swaps the new ones in, waiting at most ``lock_timeout``
        seconds for the live tables, ``lock_attempts`` times. Otherwise in
        place, in one transaction (decision 0072). Either way readers see
        the whole old read model or the whole new one, the partitions'
        failures are closed ("rebuilt"), and any the replay meets again are
        recorded afresh. Returns the number of events replayed.
        """
        if self.rebuilds_beside():
            return self._rebuild_beside(progress, lock_timeout, lock_attempts)
        return self._rebuild_in_place(progress)

    def _rebuild_beside(
        self,
        progress: Callable[[int], None] | None,
        lock_timeout: float,
        lock_attempts: int,
    ) -> int:
        shadow = Shadow(self.name, self.projection.read_models or ())
        with transaction.atomic():
            shadow.create()
        if not connection.in_atomic_block:
            # Health shows the rebuild while no runner says otherwise.
            Checkpoint.objects.get_or_create(name=self.name)
            Checkpoint.objects.filter(
                name=self.name, status=Checkpoint.Status.STOPPED
            ).update(status=Checkpoint.Status.REBUILDING)
        try:
            with shadow.writing():
                self.projection.discard()
                self.projection.start_rebuild()
                count = 0
                while True:
                    shadow.check()
                    done = self.run_batch()
                    if not done:
                        break
                    count += done
                    if progress is not None:
                        progress(done)
                with transaction.atomic():
                    self.projection.finish_rebuild()
                count += self._swap(shadow, progress, lock_timeout, lock_attempts)
            shadow.drop()
        except BaseException:
            self.projection.discard()
            if not connection_lost() and not connection.in_atomic_block:
                shadow.drop()
                Checkpoint.objects.filter(
                    name=self.name, status=Checkpoint.Status.REBUILDING
                ).update(status=Checkpoint.Status.STOPPED)
            raise
        return count

    def _swap(
        self,
        shadow: Shadow,
        progress: Callable[[int], None] | None,
        lock_timeout: float,
        attempts: int,
    ) -> int:
        """Apply the tail and swap, in one transaction; retried while the
        live tables stay busy past ``lock_timeout``."""
        for attempt in range(1, attempts + 1):
            try:
                with transaction.atomic():
                    shadow.lock_live(int(lock_timeout * 1000))
                    shadow.check()
                    tail = self.catch_up(progress)
                    self.projection.swap_in()
                    # A runner that holds the lock goes on from the new position.
                    running = lock_holder(self.name) is not None
                    shadow.swap(
                        Checkpoint.Status.RUNNING
                        if running
                        else Checkpoint.Status.STOPPED
                    )
                return tail
            except OperationalError as exc:
                busy = getattr(exc.__cause__, "sqlstate", None) == LOCK_NOT_AVAILABLE
                if not busy or attempt == attempts:
                    raise
                self.projection.discard()
                logger.warning(
                    "the live tables stayed busy; the swap waits again",
                    extra={"projection": self.name, "attempt": attempt},
                )
        raise AssertionError("unreachable")  # pragma: no cover

    def _rebuild_in_place(self, progress: Callable[[int], None] | None) -> int:
        if not connection.in_atomic_block:
            # Committed before the long transaction, so health can show it.
            Checkpoint.objects.update_or_create(
                name=self.name, defaults={"status": Checkpoint.Status.REBUILDING}
            )
        try:
            with transaction.atomic():
                self.projection.discard()
                self.projection.reset()
                ProjectionFailure.objects.filter(
                    projection=self.name, resolved_at__isnull=True
                ).update(resolved_at=timezone.now(), resolution="rebuilt")
                Checkpoint.objects.update_or_create(
                    name=self.name,
                    defaults={
                        "last_position": 0,
                        "status": Checkpoint.Status.REBUILDING,
                        "last_error": "",
                    },
                )
                self.projection.start_rebuild()
                count = self.catch_up(progress)
                with transaction.atomic():
                    self.projection.finish_rebuild()
                self.projection.swap_in()
                Checkpoint.objects.filter(name=self.name).update(
                    status=Checkpoint.Status.STOPPED
                )
        except BaseException:
            if not connection.in_atomic_block and not connection_lost():
                Checkpoint.objects.filter(
                    name=self.name, status=Checkpoint.Status.REBUILDING
                ).update(status=Checkpoint.Status.STOPPED)
            raise
        return count
