"""Checkpointed projection runner (spec/eventstore-research.md §6.3).

One active runner per projection (a PostgreSQL session advisory lock; a file
lock on SQLite). Each batch is applied together with a compare-and-set of the
checkpoint in one transaction, so a crash mid-batch leaves the read model and
checkpoint as they were. Positions are gapless by construction, so a hole is a
bug: the runner stops with ``ProjectionHole`` instead of skipping. It wakes on
``LISTEN es_events`` and polls as a fallback, because NOTIFY is not durable.
"""

from __future__ import annotations

import fcntl
import logging
import time
import zlib
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from typing import IO, Any, ClassVar

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from eventstore.errors import ProjectionHole
from eventstore.models import Checkpoint
from eventstore.store import EventStore, RecordedEvent, event_store

__all__ = [
    "CheckpointMoved",
    "Projection",
    "ProjectionLocked",
    "ProjectionRunner",
    "configured_projections",
    "projection_lag",
    "wait_for_position",
]

logger = logging.getLogger(__name__)


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

    def wants(self, event: RecordedEvent) -> bool:
        return not self.event_types or event.event_type in self.event_types


class CheckpointMoved(Exception):
    """Another runner advanced the checkpoint: this one must stop."""


class ProjectionLocked(Exception):
    """Another runner holds this projection's lock."""


def configured_projections() -> list[Projection]:
    return [import_string(path)() for path in settings.ARBITRO_PROJECTIONS]


def _lock_key(name: str) -> int:
    # Advisory locks take a signed 64-bit key; crc32 keeps it stable across runs.
    return 0x41524249_00000000 | zlib.crc32(f"projection:{name}".encode())


@contextmanager
def projection_lock(name: str) -> Any:
    """Hold the single-runner lock for ``name`` or raise ``ProjectionLocked``."""
    if connection.vendor == "postgresql":
        key = _lock_key(name) - (1 << 63)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [key])
            if not cursor.fetchone()[0]:
                raise ProjectionLocked(f"projection {name} is run by another process")
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [key])
        return
    lock_dir = settings.VAR_DIR / "locks"
    lock_dir.mkdir(parents=True, exist_ok=True)
    handle: IO[str] = open(lock_dir / f"{name}.lock", "w")  # noqa: SIM115
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ProjectionLocked(
                f"projection {name} is run by another process"
            ) from None
        yield
    finally:
        handle.close()


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
        row, _ = Checkpoint.objects.get_or_create(name=self.name)
        return row.last_position

    def run_batch(self) -> int:
        """Apply the next batch; return how many positions it covered."""
        start = self.checkpoint()
        batch = self.store.read_all(after_position=start, limit=self.batch_size)
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
                for event in batch:
                    if self.projection.wants(event):
                        self.projection.handle(event)
                self.projection.flush()
                moved = Checkpoint.objects.filter(
                    name=self.name, last_position=start
                ).update(
                    last_position=end,
                    status=Checkpoint.Status.RUNNING,
                    last_error="",
                    updated_at=timezone.now(),
                )
                if moved != 1:
                    raise CheckpointMoved(f"{self.name}: checkpoint moved from {start}")
        except CheckpointMoved:
            raise
        except Exception as exc:
            self._record_error(f"{type(exc).__name__} at position > {start}: {exc}")
            raise
        return len(batch)

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
        Checkpoint.objects.filter(name=self.name).update(
            status=Checkpoint.Status.ERROR, last_error=message[:2000]
        )

    def rebuild(self, progress: Callable[[int], None] | None = None) -> int:
        """Reset the read model and replay every event from position 0."""
        with transaction.atomic():
            self.projection.reset()
            Checkpoint.objects.update_or_create(
                name=self.name,
                defaults={
                    "last_position": 0,
                    "status": Checkpoint.Status.STOPPED,
                    "last_error": "",
                },
            )
        return self.catch_up(progress)


class Notifications:
    """Wakes the runner on ``NOTIFY es_events``; a no-op wait on SQLite."""

    def __init__(self) -> None:
        self.conn: Any = None
        if connection.vendor == "postgresql":
            self._connect()

    def _connect(self) -> None:
        try:
            connection.ensure_connection()
            params = connection.get_connection_params()
            self.conn = connection.get_new_connection(params)
            self.conn.autocommit = True
            self.conn.execute("LISTEN es_events")
        except Exception:
            logger.warning("LISTEN failed; polling only", exc_info=True)
            self.conn = None

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
            finally:
                self.conn = None


def run_forever(
    projections: Iterable[Projection],
    should_stop: Callable[[], bool],
    poll_interval: float = 1.0,
    batch_size: int = 500,
) -> None:
    """Run the given projections until ``should_stop()``; the sendalerts loop shape."""
    runners = [ProjectionRunner(p, batch_size=batch_size) for p in projections]
    notifications = Notifications()
    try:
        while not should_stop():
            busy = False
            for runner in runners:
                if runner.run_batch():
                    busy = True
            if not busy:
                notifications.wait(poll_interval)
    finally:
        notifications.close()
        for runner in runners:
            Checkpoint.objects.filter(name=runner.name).exclude(
                status=Checkpoint.Status.ERROR
            ).update(status=Checkpoint.Status.STOPPED)


def projection_lag() -> dict[str, dict[str, Any]]:
    head = event_store().head_position()
    rows = {c.name: c for c in Checkpoint.objects.all()}
    lag = {}
    for projection in configured_projections():
        row = rows.get(projection.name)
        position = row.last_position if row else 0
        lag[projection.name] = {
            "position": position,
            "lag": head - position,
            "status": row.status if row else Checkpoint.Status.STOPPED,
        }
    return lag


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
