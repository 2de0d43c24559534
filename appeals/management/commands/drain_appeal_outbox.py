"""Send pending appeal notifications once, or keep draining with --loop."""

from __future__ import annotations

import signal
import time
from typing import Any

from django.core.management.base import BaseCommand

from appeals.outbox import drain


class Command(BaseCommand):
    help = "Send the appeal outbox's pending emails (each exactly once)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--loop", action="store_true")
        parser.add_argument("--interval", type=float, default=5.0)

    def handle(self, *args: Any, **options: Any) -> None:
        stopping = False

        def stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        while True:
            sent = drain()
            if sent:
                self.stdout.write(f"sent {sent} email(s)")
            if not options["loop"] or stopping:
                return
            time.sleep(options["interval"])
