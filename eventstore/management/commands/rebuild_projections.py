"""Rebuild projections from position 0, with a progress bar and its rate
(decisions 0072, 0109)."""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from eventstore.projections import (
    ProjectionLocked,
    ProjectionRunner,
    RunnerLock,
    configured_projections,
    projection_lock,
)
from eventstore.store import event_store


class Command(BaseCommand):
    help = (
        "Replay projections from the first event into a new read model. On "
        "PostgreSQL it is built beside the live tables and swapped in at once: "
        "readers and runners go on meanwhile (decision 0109). Otherwise it is "
        "rebuilt in place in one transaction (stop its runner first, decision "
        "0072)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("names", nargs="*", help="projection names (default: all)")
        parser.add_argument("--no-progress", action="store_true")
        parser.add_argument("--batch-size", type=int, default=500)
        parser.add_argument(
            "--lock-timeout",
            type=float,
            default=5.0,
            help="seconds the swap waits for the live tables before trying again",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        projections = configured_projections()
        if options["names"]:
            known = {p.name for p in projections}
            missing = set(options["names"]) - known
            if missing:
                raise CommandError(
                    f"unknown projection(s): {', '.join(sorted(missing))}"
                )
            projections = [p for p in projections if p.name in options["names"]]
        head = event_store().head_position()
        for projection in projections:
            runner = ProjectionRunner(projection, batch_size=options["batch_size"])
            beside = runner.rebuilds_beside()
            # Beside the live tables, one rebuild at a time (its own lock);
            # in place, no runner either (the runner's lock).
            lock: AbstractContextManager[RunnerLock] = projection_lock(
                f"{projection.name}.rebuild" if beside else projection.name
            )
            started = time.perf_counter()
            try:
                with lock:
                    bar = tqdm(
                        total=head,
                        desc=projection.name,
                        unit="ev",
                        unit_scale=True,
                        disable=options["no_progress"],
                        file=self.stderr,
                    )
                    count = runner.rebuild(
                        progress=bar.update, lock_timeout=options["lock_timeout"]
                    )
                    bar.close()
            except ProjectionLocked as exc:
                if beside:
                    raise CommandError(f"{exc}: another rebuild runs") from exc
                raise CommandError(f"{exc}: stop its runner before rebuilding") from exc
            seconds = time.perf_counter() - started
            rate = count / seconds if seconds else 0.0
            how = "built beside the live tables, swapped in" if beside else "in place"
            self.stdout.write(
                f"{projection.name}: rebuilt from {count} events in {seconds:.1f} s "
                f"({rate:,.0f} events/s), {how}"
            )
