"""The runner process: its loop, its LISTEN connection, its back-off."""

from __future__ import annotations

import gc
import logging
import os
import socket
import time
from collections.abc import Callable, Iterable
from enum import IntEnum
from typing import Any

from django.conf import settings
from django.db import connection

from eventstore.database import replace_dropped
from eventstore.models import Checkpoint
from eventstore.projections.base import CheckpointMoved, Projection
from eventstore.projections.locks import RunnerLock, connection_lost
from eventstore.projections.runner import ProjectionRunner, SharedReads

logger = logging.getLogger(__name__)


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

    def wait(self, timeout: float) -> bool:
        """Wait for a NOTIFY up to ``timeout``; whether one came."""
        if self.conn is None:
            time.sleep(timeout)
            if connection.vendor == "postgresql":
                self._connect()
            return False
        try:
            for _ in self.conn.notifies(timeout=timeout, stop_after=1):
                return True
        except Exception:
            logger.warning("LISTEN connection lost; reconnecting", exc_info=True)
            self.close()
            self._connect()
        return False

    def close(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                logger.debug("closing the LISTEN connection failed", exc_info=True)
            finally:
                self.conn = None


class Collector:
    """When the runner's cyclic garbage collector runs (decision 0132).

    Python's full collection walks every object the process holds; the
    runner keeps each session's scorer (thousands of boards, lines and
    figures), so that pause grew as the session filled, and it fell in the
    middle of event night's batches (up to 160 ms at 2,800 results). After
    each batch the survivors are frozen (``gc.freeze``: the collector skips
    them; refcounting still frees what they drop), so a collection looks at
    one batch's objects. The frozen objects are collected whole only when
    the runner has had nothing to do for a poll interval, or at the latest
    every ``FULL_SECONDS`` (cyclic garbage among them waits until then).
    """

    FULL_SECONDS = 300.0

    def __init__(self) -> None:
        self.collected = time.monotonic()
        self.pending = False
        gc.freeze()

    def after_batch(self) -> None:
        """Freeze what the batch left; collect whole if it is overdue."""
        if time.monotonic() - self.collected >= self.FULL_SECONDS:
            self.full()
        else:
            gc.freeze()
            self.pending = True

    def idle(self) -> None:
        """The runner waited a whole poll interval: collect whole, once."""
        if self.pending:
            self.full()

    def full(self) -> None:
        """Collect every object, then freeze the survivors."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.collected = time.monotonic()
        self.pending = False


class Turn(IntEnum):
    """What a turn of the loop did, ordered: a turn is the most it did."""

    IDLE = 0  # nothing: wait for NOTIFY or the poll interval
    WORKED = 1  # applied something: the next turn after the window
    FULL = 2  # read a full batch: the next turn at once


class RunnerLoop:
    """The runner process's loop, in the shape of healthchecks' ``sendalerts``.

    Each turn takes any runner lock it does not hold (a process that lost
    its connection takes its lock again, or waits as a standby while another
    process holds it), writes the heartbeat, applies one batch per projection
    and the retries that are due, then waits for NOTIFY or the poll interval.
    While events keep coming, a turn starts at most once a ``window``
    (decision 0196): the events of a burst are applied together, so a
    board re-scored and the standings rewritten once a window rather than
    once every few results; a turn after a quiet spell starts at once.
    A connection the database dropped between turns is replaced at the
    start of the next; one lost during a turn is closed and the loop backs
    off (0.5 s doubling to 30 s) and reconnects; one projection's error
    backs off that projection only. It stops only when ``should_stop()``.
    """

    MAX_BACKOFF = 30.0
    RETRY_CHECK_SECONDS = 1.0

    def __init__(
        self,
        projections: Iterable[Projection],
        should_stop: Callable[[], bool],
        poll_interval: float = 1.0,
        batch_size: int = 500,
        locks: dict[str, RunnerLock] | None = None,
        window: float = 0.0,
    ) -> None:
        self.runners = [ProjectionRunner(p, batch_size=batch_size) for p in projections]
        self.should_stop = should_stop
        self.poll_interval = poll_interval
        self.window = window
        self.locks = locks or {}
        for runner in self.runners:
            self.locks.setdefault(runner.name, RunnerLock(runner.name))
        self.identity = f"{socket.gethostname()}:{os.getpid()}"
        self.beaten: dict[str, float] = {}
        self.retry_checked: dict[str, float] = {}
        self.errors: dict[str, int] = {}
        self.blocked_until: dict[str, float] = {}
        self.standby: set[str] = set()
        self.notifications = Notifications()

    def run(self) -> None:
        backoff = 0.5
        collector = Collector()
        try:
            while not self.should_stop():
                began = time.monotonic()
                try:
                    turn = self.turn()
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
                if turn:
                    collector.after_batch()
                    if turn is not Turn.FULL:  # after a full batch more is waiting
                        self._sleep(began + self.window - time.monotonic())
                elif not self.notifications.wait(self.poll_interval):
                    collector.idle()
        finally:
            self._shutdown()

    def turn(self) -> Turn:
        """One turn of the loop: whether it did work (more may be waiting)
        and whether a batch was full (more is waiting now).

        A connection the database dropped since the last turn (a restart,
        ``pg_terminate_backend``) is replaced before its first use, and its
        locks are taken again on the new one (decision 0216): the loop only
        backs off for a connection cut in the middle of a turn."""
        if replace_dropped():
            for lock in self.locks.values():
                lock.lost()  # the session that held them has ended
        active = self._active()
        if not active:
            self._sleep(self.poll_interval)
            return Turn.WORKED
        turn = Turn.IDLE
        now = time.monotonic()
        due = [r for r in active if self.blocked_until.get(r.name, 0.0) <= now]
        if not due:
            return turn
        shared = SharedReads([r.name for r in due])
        for runner in due:
            self._beat(runner)
            try:
                covered = runner.run_batch(shared)
                if covered:
                    full = covered >= runner.batch_size
                    turn = max(turn, Turn.FULL if full else Turn.WORKED)
                if self._retry_now(runner.name) and runner.retry_due():
                    turn = max(turn, Turn.WORKED)
            except CheckpointMoved:
                turn = max(turn, Turn.WORKED)  # another process applied it: read again
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
        return turn

    def _retry_now(self, name: str) -> bool:
        """Whether to look for due retries this turn: at most once every
        ``RETRY_CHECK_SECONDS`` per projection (a parked partition's first
        retry waits 5 s anyway), not on every batch of event night."""
        now = time.monotonic()
        if now < self.retry_checked.get(name, 0.0) + self.RETRY_CHECK_SECONDS:
            return False
        self.retry_checked[name] = now
        return True

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
    window: float = 0.0,
) -> None:
    """Run the given projections until ``should_stop()`` (``RunnerLoop``)."""
    RunnerLoop(projections, should_stop, poll_interval, batch_size, locks, window).run()
