"""Run the configured projections until SIGTERM/SIGINT (one batch at a time).

The process outlives a lost database connection: it backs off, reconnects
and takes its lock again (``eventstore.projections.RunnerLoop``, decision
0071). A second runner started while one holds the lock is refused.
"""

from __future__ import annotations

import os
import signal
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, OutputWrapper

from eventstore.projections import (
    RunnerLock,
    configured_projections,
    run_forever,
)

# A health probe on SQLite tries the file lock for an instant: try a few times.
LOCK_TRIES = 3


def _prioritise(err: OutputWrapper) -> None:
    """Set this process's niceness to ``ARBITRO_RUNNER_NICE`` (decision 0111).

    On event night the standings wait for this one process while the web
    workers are all busy: it takes the CPU first. Raising a priority needs
    CAP_SYS_NICE; without it the runner says so and runs as it is (then
    start the web workers niced, ``ARBITRO_WEB_NICE``).
    """
    wanted = int(settings.ARBITRO_RUNNER_NICE)
    if os.getpriority(os.PRIO_PROCESS, 0) == wanted:
        return
    try:
        os.setpriority(os.PRIO_PROCESS, 0, wanted)
    except PermissionError:
        err.write(
            f"run_projections: may not set its niceness to {wanted}; running at "
            f"{os.getpriority(os.PRIO_PROCESS, 0)} (set ARBITRO_WEB_NICE for the "
            "web workers instead, docs/operations.md)"
        )


class Command(BaseCommand):
    help = "Run projections (one active runner per projection, advisory lock)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("names", nargs="*", help="projection names (default: all)")
        parser.add_argument("--poll", type=float, default=1.0)
        parser.add_argument("--batch-size", type=int, default=500)
        parser.add_argument(
            "--window",
            type=float,
            default=None,
            help="while events keep coming, start a turn at most once in this "
            "many seconds (default: ARBITRO_PROJECTION_WINDOW_SECONDS)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        projections = configured_projections()
        if options["names"]:
            projections = [p for p in projections if p.name in options["names"]]
            missing = set(options["names"]) - {p.name for p in projections}
            if missing:
                raise CommandError(
                    f"unknown projection(s): {', '.join(sorted(missing))}"
                )
        stopping = False

        def stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True  # finish the current batch, then exit

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        _prioritise(self.stderr)
        locks = {p.name: RunnerLock(p.name) for p in projections}
        for name, lock in locks.items():
            for attempt in range(LOCK_TRIES):
                if lock.acquire():
                    break
                if attempt < LOCK_TRIES - 1:
                    time.sleep(0.2)
            else:
                for held in locks.values():
                    held.release()
                raise CommandError(f"projection {name} is run by another process")
        self.stdout.write(
            f"running {', '.join(p.name for p in projections) or 'nothing'}"
        )
        self.stdout.flush()
        run_forever(
            projections,
            lambda: stopping,
            options["poll"],
            options["batch_size"],
            locks=locks,
            window=(
                settings.ARBITRO_PROJECTION_WINDOW_SECONDS
                if options["window"] is None
                else options["window"]
            ),
        )
