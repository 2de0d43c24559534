"""A management command that does one pass of work, or keeps doing it with
``--loop`` until SIGTERM (the outbox drain, the deadline sweep)."""

from __future__ import annotations

import signal
import time
from typing import Any

from django.core.management.base import BaseCommand


class LoopCommand(BaseCommand):
    """One pass (``run_once``), repeated every ``--interval`` seconds with
    ``--loop``; SIGTERM ends the loop after the pass under way."""

    interval = 5.0
    done = "{count} done"  # what a pass reports when it did something

    def run_once(self) -> int:
        raise NotImplementedError

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--loop", action="store_true")
        parser.add_argument("--interval", type=float, default=self.interval)

    def handle(self, *args: Any, **options: Any) -> None:
        stopping = False

        def stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        while True:
            count = self.run_once()
            if count:
                self.stdout.write(self.done.format(count=count))
            if not options["loop"] or stopping:
                return
            time.sleep(options["interval"])
