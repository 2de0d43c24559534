"""Run the process managers to the head, once or in a loop (``--loop``)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from eventstore.processes import run_processes
from eventstore.projections import ProjectionLocked


class Command(BaseCommand):
    help = "Run the process managers (result carry, appeal policies) to the head."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--loop", action="store_true")
        parser.add_argument("--interval", type=float, default=1.0)

    def handle(self, *args: Any, **options: Any) -> None:
        while True:
            try:
                handled = run_processes()
            except ProjectionLocked as exc:
                raise CommandError(str(exc)) from exc
            if handled or not options["loop"]:
                self.stdout.write(f"handled {handled} event(s)")
            if not options["loop"]:
                return
            time.sleep(options["interval"])
