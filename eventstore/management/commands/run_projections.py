"""Run the configured projections until SIGTERM/SIGINT (one batch at a time)."""

from __future__ import annotations

import signal
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from eventstore.projections import (
    ProjectionLocked,
    configured_projections,
    projection_lock,
    run_forever,
)


class Command(BaseCommand):
    help = "Run projections (one active runner per projection, advisory lock)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("names", nargs="*", help="projection names (default: all)")
        parser.add_argument("--poll", type=float, default=1.0)
        parser.add_argument("--batch-size", type=int, default=500)

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
        locks = [projection_lock(p.name) for p in projections]
        try:
            for lock in locks:
                lock.__enter__()
        except ProjectionLocked as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"running {', '.join(p.name for p in projections) or 'nothing'}"
        )
        try:
            run_forever(
                projections, lambda: stopping, options["poll"], options["batch_size"]
            )
        finally:
            for lock in reversed(locks):
                lock.__exit__(None, None, None)
