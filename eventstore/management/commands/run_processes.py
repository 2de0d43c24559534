"""Run the process managers to the head, once or in a loop (``--loop``).

In a loop the process outlives the database going away (decision 0216): a
connection dropped between runs is replaced before the next, and a run cut
in the middle backs off (0.5 s doubling to 30 s) and starts again from the
checkpoints, which moved only with the reactions they cover.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from eventstore.database import database_gone, replace_dropped
from eventstore.processes import run_processes
from eventstore.projections import ProjectionLocked

logger = logging.getLogger(__name__)

MAX_BACKOFF = 30.0


class Command(BaseCommand):
    help = "Run the process managers (result carry, appeal policies) to the head."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--loop", action="store_true")
        parser.add_argument("--interval", type=float, default=1.0)

    def handle(self, *args: Any, **options: Any) -> None:
        backoff = 0.5
        while True:
            replace_dropped()
            try:
                handled = run_processes()
            except ProjectionLocked as exc:
                raise CommandError(str(exc)) from exc
            except Exception as exc:
                if not options["loop"] or not database_gone(exc):
                    raise
                logger.warning(
                    "the process managers lost the database; again in %.1fs",
                    backoff,
                    exc_info=True,
                )
                time.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF)
                continue
            backoff = 0.5
            if handled or not options["loop"]:
                self.stdout.write(f"handled {handled} event(s)")
                self.stdout.flush()
            if not options["loop"]:
                return
            time.sleep(options["interval"])
