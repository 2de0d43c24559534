"""When the database goes away and comes back (decision 0216).

A database restart, a failover, an operator's ``pg_terminate_backend`` or
PostgreSQL's own ``idle_session_timeout`` end a process's session. Django
replaces a dropped persistent connection at the first query of a request
(``CONN_HEALTH_CHECKS``, config/settings.py), and Celery's Django fixup
opens a new one for each task; the long-running loops (``run_projections``,
``run_processes --loop``) call ``replace_dropped`` once a turn, since they
serve no requests. What is cut in the middle of its work is told apart by
``database_gone``: a request answers 503 ``database_unavailable``
(``httpapi.problems``), a loop backs off and reconnects, and neither
records it as the fault of an event.
"""

from __future__ import annotations

import logging

import psycopg
from django.db import InterfaceError, OperationalError, connection

__all__ = ["connection_lost", "database_gone", "replace_dropped"]

logger = logging.getLogger(__name__)

_CONNECTION_ERRORS = (
    OperationalError,
    InterfaceError,
    psycopg.OperationalError,
    psycopg.InterfaceError,
)


def connection_lost() -> bool:
    """Whether Django's connection is gone (closed, or no longer answering)."""
    if connection.connection is None:
        return True
    try:
        return not connection.is_usable()
    except Exception:
        return True


def database_gone(exc: BaseException) -> bool:
    """Whether ``exc`` is the database going away rather than a fault of the
    work: a connection error while Django's connection is lost (the session
    ended, or none could be opened). A lock or statement timeout leaves the
    connection usable, so it is not one."""
    return isinstance(exc, _CONNECTION_ERRORS) and connection_lost()


def replace_dropped() -> bool:
    """Close Django's connection if the database has dropped it, so that the
    next query opens a new one; whether it did. Django's own health check
    runs once a request; a process with no requests calls this once a turn.
    A connection never opened, or closed, is left for the next query."""
    if connection.connection is None or connection.is_usable():
        return False
    logger.info("the database dropped this process's connection; replacing it")
    try:
        connection.close()
    except Exception:
        logger.debug("closing a dropped connection failed", exc_info=True)
    return True
