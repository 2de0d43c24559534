"""gunicorn settings of the web processes (``gunicorn -c config/gunicorn_conf.py``).

Used by the Procfile and the event-night benchmark, and meant for production.

The application is imported once, in the master, and the workers are forked
from it (``preload_app``, decision 0209): a worker starts serving at once,
sharing the master's imported code, where each worker used to import and
compile the whole project on its first request (seconds of CPU on two
cores, while its clients waited; again after every restart of a worker). A
new release needs a restart of the master, not a HUP.

The web workers give way to the projection runner (decision 0111): each
worker lowers its own CPU priority by ``ARBITRO_WEB_NICE`` (default 5, ``0``
leaves it) right after it is forked, and ``run_projections`` raises its own
(``ARBITRO_RUNNER_NICE``, -5) where the system allows it. On event night a
hundred table devices keep every web thread busy, and the one runner, which
the standings wait for, would otherwise get one share among the web threads
and the database's backends and fall behind each round. Lowering the web
workers needs no privilege; under systemd, ``CPUWeight=`` or ``Nice=`` on
the units does the same.
"""

from __future__ import annotations

import os
from typing import Any

WEB_NICE = int(os.environ.get("ARBITRO_WEB_NICE", "5"))

preload_app = True


def when_ready(server: Any) -> None:
    """gunicorn's hook, in the master once the application is loaded and
    before any worker is forked: no database connection may be inherited
    (two processes on one socket). Loading opens none; this makes sure."""
    from django.db import connections

    connections.close_all()


def post_fork(server: Any, worker: Any) -> None:
    """gunicorn's hook, in each worker: lower its priority (``os.nice``)."""
    if WEB_NICE:
        os.nice(WEB_NICE)
