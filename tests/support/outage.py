"""The database going away, as a restart or a failover does it to its clients.

``cut_connections`` ends every other client session on the test database
(``pg_terminate_backend``): the server processes', the runners', the
workers'. The test process keeps its own. ``hold_appends`` makes every
append wait in its transaction (it holds the append queue's advisory lock,
decision 0206) so that ``cut_waiting_append`` can end a request's session
in the middle of its transaction.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from django.db import connection

from eventstore.migrations._append_sql import APPEND_LOCK_KEY

__all__ = ["cut_connections", "cut_waiting_append", "hold_appends", "waiting_append"]

_OTHERS = (
    "FROM pg_stat_activity WHERE datname = current_database() "
    "AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
)


def cut_connections() -> int:
    """End every other client session on the test database; how many."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) {_OTHERS}"
        )
        ended: int = cursor.fetchone()[0]
    return ended


def _url() -> str:
    s = connection.settings_dict
    return f"postgresql://{s['USER']}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


@contextmanager
def hold_appends() -> Iterator[None]:
    """Hold the append queue's lock: every append waits in its transaction
    (up to the append's own 2 s lock timeout) until the block ends, or until
    ``cut_connections`` ends this session too."""
    with psycopg.connect(_url(), autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", [APPEND_LOCK_KEY])
        try:
            yield
        finally:
            # Cut with the others (``cut_connections``): the lock went with it.
            with contextlib.suppress(psycopg.OperationalError):
                holder.execute("SELECT pg_advisory_unlock(%s)", [APPEND_LOCK_KEY])


def waiting_append(timeout: float = 10.0) -> int:
    """The pid of the first append found waiting for the queue's lock
    (``hold_appends``): a request in the middle of its transaction."""
    end = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < end:
            cursor.execute(
                f"SELECT pid {_OTHERS} AND wait_event_type = 'Lock' "
                "AND wait_event = 'advisory' AND xact_start IS NOT NULL"
            )
            row = cursor.fetchone()
            if row is not None:
                pid: int = row[0]
                return pid
            time.sleep(0.01)
    raise AssertionError("no append waited for the queue's lock")


def cut_waiting_append(timeout: float = 10.0) -> int:
    """End the session of an append waiting in its transaction; its pid."""
    pid = waiting_append(timeout)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    return pid
