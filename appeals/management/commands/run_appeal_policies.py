"""Apply new appeal decisions to scores and standings, once or with --loop."""

from __future__ import annotations

import signal
import time
from typing import Any

from django.core.management.base import BaseCommand

from appeals.policies import run_policies


class Command(BaseCommand):
    help = "Append the adjusted scores and sanctions that appeal decisions order."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--loop", action="store_true")
        parser.add_argument("--interval", type=float, default=2.0)

    def handle(self, *args: Any, **options: Any) -> None:
        stopping = False

        def stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        while True:
            applied = run_policies()
            if applied:
                self.stdout.write(f"applied {applied} decision(s)")
            if not options["loop"] or stopping:
                return
            time.sleep(options["interval"])
