"""Checkpointed projection runner (spec/eventstore-research.md §6.3).

One active runner per projection (a PostgreSQL session advisory lock; a file
lock on SQLite). Each batch is applied together with a compare-and-set of the
checkpoint in one transaction, so a crash mid-batch leaves the read model and
checkpoint as they were. Positions are gapless by construction, so a hole is a
bug: the runner stops with ``ProjectionHole`` instead of skipping. It wakes on
``LISTEN es_events`` and polls as a fallback, because NOTIFY is not durable.

One partition's failure never stops the others (decision 0070). A partition
is the tournament the event's envelope names, else the event's stream. An
event a projection cannot apply is rolled back alone (a savepoint), recorded
in ``es_projection_failure`` against its partition, and the partition's later
events are parked (counted, not applied) while the checkpoint advances for
everyone else. A partition comes back when a retry (a new event of it, or
``manage.py projections retry``) resets its rows and replays its events and
they now apply.

The runner process survives a lost connection: it closes it, backs off,
reconnects and takes its lock again, and writes a heartbeat that health
reads beside the lock's holder (decision 0071). A rebuild resets and replays
in one transaction, so readers keep the old read model until it commits
(decision 0072).
"""

from __future__ import annotations

import dataclasses
import fcntl
import functools
import logging
import os
import socket
import time
import traceback
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import IO, Any, ClassVar
from uuid import UUID

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Case, F, Q, Value, When
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.module_loading import import_string

from eventstore.errors import ProjectionHole
from eventstore.models import Checkpoint, ProjectionFailure
from eventstore.store import EventStore, RecordedEvent, event_store

__all__ = [
    "CheckpointMoved",
    "Projection",
    "ProjectionLocked",
    "ProjectionRunner",
    "RunnerLock",
    "configured_projections",
    "lock_holder",
    "parked_at",
    "partition_of",
    "projection_lock",
    "read_position",
    "run_forever",
    "wait_for_position",
]

logger = logging.getLogger(__name__)


def partition_of(event: RecordedEvent) -> str:
    """The partition an event belongs to: its tournament, else its stream."""
    tournament_id = event.metadata.get("tournament_id")
    if tournament_id:
        return f"tournament:{tournament_id}"
    return f"stream:{event.stream_id}"


class Projection:
    """A read model fed by events; ``handle`` must be deterministic and idempotent."""

    name: ClassVar[str]
    event_types: ClassVar[tuple[str, ...]] = ()  # empty: every event

    def handle(self, event: RecordedEvent) -> None:
        raise NotImplementedError

    def reset(self) -> None:
        """Delete every row of the read model (before a rebuild)."""
        raise NotImplementedError

    def flush(self) -> None:
        """Finish a batch inside its transaction (recompute what it touched)."""

    def discard(self) -> None:
        """Forget work held in memory for a batch whose writes rolled back."""

    def partition(self, event: RecordedEvent) -> str:
        """The partition a failure of this event parks (``partition_of``).

        A projection whose rows are keyed by stream may answer the stream
        always; any other answer must be ``tournament:<the envelope's
        tournament_id>`` or ``stream:<the stream id>``, the two forms the
        runner can read back.
        """
        return partition_of(event)

    def reset_partition(self, partition: str) -> bool:
        """Delete the rows this partition's events produced, and only those.

        Return False when the projection cannot tell them apart: a retry then
        replays the partition's events from its first failed one over the
        rows as they were (they hold everything before it).
        """
        return False

    def wants(self, event: RecordedEvent) -> bool:
        return not self.event_types or event.event_type in self.event_types


class CheckpointMoved(Exception):
    """Another runner advanced the checkpoint: this one must stop."""


class ProjectionLocked(Exception):
    """Another runner holds this projection's lock."""


def configured_projections() -> list[Projection]:
    return [import_string(path)() for path in settings.ARBITRO_PROJECTIONS]


# -- the single-runner lock ---------------------------------------------------


def _lock_key(name: str) -> int:
    # Advisory locks take a signed 64-bit key; crc32 keeps it stable across runs.
    return 0x41524249_00000000 | zlib.crc32(f"projection:{name}".encode())


def _advisory_key(name: str) -> int:
    return _lock_key(name) - (1 << 63)


def _lock_path(name: str) -> Any:
    lock_dir = settings.VAR_DIR / "locks"
    lock_dir.mkdir(parents=True, exist_ok=True)
    return lock_dir / f"{name}.lock"


class RunnerLock:
    """The lock that makes one process the runner of a projection.

    On PostgreSQL a session advisory lock: it lives and dies with the
    connection that took it, so ``held`` is true only while that very
    connection is still Django's. On SQLite a file lock.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._connection: Any = None
        self._file: IO[str] | None = None

    @property
    def held(self) -> bool:
        if connection.vendor == "postgresql":
            conn = self._connection
            return (
                conn is not None
                and conn is connection.connection
                and not getattr(conn, "closed", False)
            )
        return self._file is not None

    def acquire(self) -> bool:
        if self.held:
            return True
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_try_advisory_lock(%s)", [_advisory_key(self.name)]
                )
                taken = bool(cursor.fetchone()[0])
            self._connection = connection.connection if taken else None
            return taken
        handle: IO[str] = open(_lock_path(self.name), "w")  # noqa: SIM115
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            return False
        self._file = handle
        return True

    def lost(self) -> None:
        """Forget a lock whose connection is gone (the server released it)."""
        self._connection = None

    def release(self) -> None:
        if connection.vendor == "postgresql":
            if self.held:
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_advisory_unlock(%s)", [_advisory_key(self.name)]
                    )
            self._connection = None
            return
        if self._file is not None:
            self._file.close()
            self._file = None


@contextmanager
def projection_lock(name: str) -> Iterator[RunnerLock]:
    """Hold the single-runner lock for ``name`` or raise ``ProjectionLocked``."""
    lock = RunnerLock(name)
    if not lock.acquire():
        raise ProjectionLocked(f"projection {name} is run by another process")
    try:
        yield lock
    finally:
        lock.release()


def lock_holder(name: str) -> int | None:
    """The process holding ``name``'s runner lock, None when nobody does.

    PostgreSQL answers from ``pg_locks`` (the holder's backend pid) without
    touching the lock, so a probe can never keep a runner from starting. On
    SQLite the file lock is tried and let go at once (0: held, pid unknown).
    """
    if connection.vendor == "postgresql":
        key = _advisory_key(name) % (1 << 64)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND database = (SELECT oid FROM pg_database "
                "WHERE datname = current_database()) "
                "AND classid = %s AND objid = %s AND objsubid = 1",
                [key >> 32, key & 0xFFFFFFFF],
            )
            row = cursor.fetchone()
        return None if row is None else int(row[0])
    with open(_lock_path(name), "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return 0
        fcntl.flock(handle, fcntl.LOCK_UN)
    return None


def connection_lost() -> bool:
    """Whether Django's connection is gone (closed, or no longer answering)."""
    if connection.connection is None:
        return True
    try:
        return not connection.is_usable()
    except Exception:
        return True


# -- one batch ----------------------------------------------------------------


@dataclass
class _Outcome:
    """What a batch did to the partitions that failed or were parked."""

    failed: dict[str, tuple[RecordedEvent, BaseException]] = field(default_factory=dict)
    parked: dict[str, list[int]] = field(default_factory=dict)

    def park(self, partition: str, event: RecordedEvent) -> None:
        self.parked.setdefault(partition, []).append(event.global_position)


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


def _trace(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc))[-8000:]


def _retry_delay(attempts: int) -> timedelta:
    """Back off a partition that keeps failing: base, 2x, 4x ... at most 10 min."""
    base = float(settings.ARBITRO_PROJECTION_RETRY_SECONDS)
    return timedelta(seconds=min(base * 2 ** max(attempts - 2, 0), 600.0))


def read_checkpoint(name: str) -> int:
    """The last position a runner (projection or process manager) applied."""
    row, _ = Checkpoint.objects.get_or_create(name=name)
    return row.last_position


def advance_checkpoint(name: str, start: int, end: int) -> None:
    """Move ``name`` from ``start`` to ``end`` in the caller's transaction; a
    checkpoint another runner moved meanwhile is ``CheckpointMoved``."""
    moved = Checkpoint.objects.filter(name=name, last_position=start).update(
        last_position=end,
        status=Checkpoint.Status.RUNNING,
        last_error="",
        updated_at=timezone.now(),
    )
    if moved != 1:
        raise CheckpointMoved(f"{name}: checkpoint moved from {start}")


def stop_checkpoint(name: str, message: str) -> None:
    """Mark ``name`` stopped on an error, with the error for the operator."""
    Checkpoint.objects.filter(name=name).update(
        status=Checkpoint.Status.ERROR, last_error=message[:2000]
    )


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

    def run_batch(self) -> int:
        """Apply the next batch; return how many positions it covered."""
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
        try:
            with transaction.atomic():
                parked = set(
                    ProjectionFailure.objects.filter(
                        projection=self.name, resolved_at__isnull=True
                    ).values_list("partition", flat=True)
                )
                wanted = [e for e in batch if self.projection.wants(e)]
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
        try:
            return self.store.read_all(after_position=start, limit=self.batch_size)
        except Exception:
            if connection_lost():
                raise
            # An event that cannot be decoded: read the batch raw and decode
            # each event where it is applied, so that it fails alone.
            logger.warning(
                "an event of the batch cannot be decoded",
                exc_info=True,
                extra={"projection": self.name, "position": start},
            )
            return self.store.read_all(
                after_position=start, limit=self.batch_size, decode=False
            )

    def _decoded(self, event: RecordedEvent) -> RecordedEvent:
        codec = self.store.codec
        if event.event is not None or not codec.is_registered(event.event_type):
            return event
        decoded = codec.decode(event.event_type, event.schema_version, event.payload)
        return dataclasses.replace(event, event=decoded)

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

    def rebuild(self, progress: Callable[[int], None] | None = None) -> int:
        """Reset the read model and replay every event from position 0.

        All of it in one transaction (decision 0072): readers keep seeing
        the old read model until the new one commits, never a hole. The
        partitions' failures are closed ("rebuilt"); any the replay meets
        again are recorded afresh.
        """
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
                count = self.catch_up(progress)
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


# -- the runner process -------------------------------------------------------


class Notifications:
    """Wakes the runner on ``NOTIFY es_events``; a no-op wait on SQLite."""

    def __init__(self) -> None:
        self.conn: Any = None
        if connection.vendor == "postgresql":
            self._connect()

    def _connect(self) -> None:
        try:
            params = connection.get_connection_params()
            self.conn = connection.get_new_connection(params)
            self.conn.autocommit = True
            self.conn.execute("LISTEN es_events")
        except Exception as exc:
            logger.warning("LISTEN failed; polling only: %s", exc)
            self.close()

    def wait(self, timeout: float) -> None:
        if self.conn is None:
            time.sleep(timeout)
            if connection.vendor == "postgresql":
                self._connect()
            return
        try:
            for _ in self.conn.notifies(timeout=timeout, stop_after=1):
                break
        except Exception:
            logger.warning("LISTEN connection lost; reconnecting", exc_info=True)
            self.close()
            self._connect()

    def close(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                logger.debug("closing the LISTEN connection failed", exc_info=True)
            finally:
                self.conn = None


class RunnerLoop:
    """The runner process's loop, in the shape of healthchecks' ``sendalerts``.

    Each turn takes any runner lock it does not hold (a process that lost
    its connection takes its lock again, or waits as a standby while another
    process holds it), writes the heartbeat, applies one batch per projection
    and the retries that are due, then waits for NOTIFY or the poll interval.
    A lost connection is closed and the loop backs off (0.5 s doubling to
    30 s) and reconnects; one projection's error backs off that projection
    only. It stops only when ``should_stop()``.
    """

    MAX_BACKOFF = 30.0

    def __init__(
        self,
        projections: Iterable[Projection],
        should_stop: Callable[[], bool],
        poll_interval: float = 1.0,
        batch_size: int = 500,
        locks: dict[str, RunnerLock] | None = None,
    ) -> None:
        self.runners = [ProjectionRunner(p, batch_size=batch_size) for p in projections]
        self.should_stop = should_stop
        self.poll_interval = poll_interval
        self.locks = locks or {}
        for runner in self.runners:
            self.locks.setdefault(runner.name, RunnerLock(runner.name))
        self.identity = f"{socket.gethostname()}:{os.getpid()}"
        self.beaten: dict[str, float] = {}
        self.errors: dict[str, int] = {}
        self.blocked_until: dict[str, float] = {}
        self.standby: set[str] = set()
        self.notifications = Notifications()

    def run(self) -> None:
        backoff = 0.5
        try:
            while not self.should_stop():
                try:
                    busy = self.turn()
                except Exception:
                    logger.warning(
                        "projection runner lost its database; reconnecting in %.1fs",
                        backoff,
                        exc_info=True,
                    )
                    self._reset_connection()
                    self._sleep(backoff)
                    backoff = min(backoff * 2, self.MAX_BACKOFF)
                    continue
                backoff = 0.5
                if not busy:
                    self.notifications.wait(self.poll_interval)
        finally:
            self._shutdown()

    def turn(self) -> bool:
        """One turn of the loop; True when there may be more work at once."""
        active = self._active()
        if not active:
            self._sleep(self.poll_interval)
            return True
        busy = False
        now = time.monotonic()
        for runner in active:
            if self.blocked_until.get(runner.name, 0.0) > now:
                continue
            self._beat(runner)
            try:
                if runner.run_batch():
                    busy = True
                if runner.retry_due():
                    busy = True
            except CheckpointMoved:
                busy = True  # another process applied it: read again
            except Exception:
                if connection_lost():
                    raise
                errors = self.errors[runner.name] = self.errors.get(runner.name, 0) + 1
                delay = min(0.5 * 2**errors, self.MAX_BACKOFF)
                self.blocked_until[runner.name] = time.monotonic() + delay
                logger.exception(
                    "projection failed; retrying in %.1fs",
                    delay,
                    extra={"projection": runner.name},
                )
            else:
                self.errors.pop(runner.name, None)
        return busy

    def _active(self) -> list[ProjectionRunner]:
        active = []
        for runner in self.runners:
            lock = self.locks[runner.name]
            if lock.held:
                active.append(runner)
                continue
            if lock.acquire():
                logger.info(
                    "projection runner holds its lock",
                    extra={"projection": runner.name},
                )
                self.standby.discard(runner.name)
                self._beat(runner, force=True)
                active.append(runner)
            elif runner.name not in self.standby:
                self.standby.add(runner.name)
                logger.warning(
                    "another process runs this projection; standing by",
                    extra={"projection": runner.name},
                )
        return active

    def _beat(self, runner: ProjectionRunner, force: bool = False) -> None:
        every = float(settings.ARBITRO_PROJECTION_HEARTBEAT_SECONDS)
        now = time.monotonic()
        if force or now - self.beaten.get(runner.name, 0.0) >= every:
            runner.heartbeat(self.identity)
            self.beaten[runner.name] = now

    def _reset_connection(self) -> None:
        for lock in self.locks.values():
            lock.lost()
        self.notifications.close()
        try:
            connection.close()
        except Exception:
            logger.debug("closing a lost connection failed", exc_info=True)

    def _sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self.should_stop() and time.monotonic() < end:
            time.sleep(min(0.1, max(end - time.monotonic(), 0.0)))

    def _shutdown(self) -> None:
        self.notifications.close()
        try:
            for runner in self.runners:
                lock = self.locks[runner.name]
                if lock.held:
                    Checkpoint.objects.filter(name=runner.name).exclude(
                        status=Checkpoint.Status.ERROR
                    ).update(status=Checkpoint.Status.STOPPED)
                lock.release()
        except Exception:
            logger.warning("could not mark the projections stopped", exc_info=True)


def run_forever(
    projections: Iterable[Projection],
    should_stop: Callable[[], bool],
    poll_interval: float = 1.0,
    batch_size: int = 500,
    locks: dict[str, RunnerLock] | None = None,
) -> None:
    """Run the given projections until ``should_stop()`` (``RunnerLoop``)."""
    RunnerLoop(projections, should_stop, poll_interval, batch_size, locks).run()


# -- reads --------------------------------------------------------------------


def read_position(names: Iterable[str]) -> int:
    """The position every named projection has applied (the lowest one)."""
    names = list(names)
    positions = dict(
        Checkpoint.objects.filter(name__in=names).values_list("name", "last_position")
    )
    return min((positions.get(name, 0) for name in names), default=0)


def parked_at(names: Iterable[str], partition: str) -> int | None:
    """The first position a named projection could not apply to ``partition``
    (its read rows hold everything before it), None when none is parked."""
    return (
        ProjectionFailure.objects.filter(
            projection__in=list(names), partition=partition, resolved_at__isnull=True
        )
        .order_by("position")
        .values_list("position", flat=True)
        .first()
    )


def wait_for_position(names: Iterable[str], position: int, timeout: float) -> bool:
    """Wait (bounded) until every named projection has applied ``position``."""
    names = list(names)
    deadline = time.monotonic() + timeout
    while True:
        done = Checkpoint.objects.filter(
            name__in=names, last_position__gte=position
        ).count()
        if done == len(names):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
