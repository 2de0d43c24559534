"""Close due windows once, or keep sweeping with --loop (no Celery needed)."""

from __future__ import annotations

import signal
import time
from typing import Any

from django.core.management.base import BaseCommand

from eventstore.deadlines import sweep


class Command(BaseCommand):
    help = "Append the window-closed events of every due deadline (idempotent)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--loop", action="store_true")
        parser.add_argument("--interval", type=float, default=15.0)

    def handle(self, *args: Any, **options: Any) -> None:
        stopping = False

        def stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        while True:
            fired = sweep()
            if fired:
                self.stdout.write(f"closed {fired} window(s)")
            if not options["loop"] or stopping:
                return
            time.sleep(options["interval"])
