"""The single-runner lock: one process runs a projection (decision 0071)."""

from __future__ import annotations

import fcntl
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

from django.conf import settings
from django.db import connection

from eventstore.database import connection_lost
from eventstore.projections.base import ProjectionLocked

__all__ = [
    "RunnerLock",
    "connection_lost",
    "lock_holder",
    "projection_lock",
]


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
