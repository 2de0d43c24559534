"""gunicorn settings of the web processes (``gunicorn -c config/gunicorn_conf.py``).

Used by the Procfile and the event-night benchmark, and meant for production
(decision 0111). The web workers give way to the projection runner: each
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


def post_fork(server: Any, worker: Any) -> None:
    """gunicorn's hook, in each worker: lower its priority (``os.nice``)."""
    if WEB_NICE:
        os.nice(WEB_NICE)
