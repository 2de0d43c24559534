"""Rebuild projections from position 0, with a progress bar (decision 0072)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from eventstore.projections import (
    ProjectionLocked,
    ProjectionRunner,
    configured_projections,
    projection_lock,
)
from eventstore.store import event_store


class Command(BaseCommand):
    help = (
        "Reset and replay projections from the first event, each in one "
        "transaction: readers see the old read model until it commits "
        "(stop runners first)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("names", nargs="*", help="projection names (default: all)")
        parser.add_argument("--no-progress", action="store_true")

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
            try:
                with projection_lock(projection.name):
                    bar = tqdm(
                        total=head,
                        desc=projection.name,
                        unit="ev",
                        disable=options["no_progress"],
                        file=self.stderr,
                    )
                    count = ProjectionRunner(projection).rebuild(progress=bar.update)
                    bar.close()
            except ProjectionLocked as exc:
                raise CommandError(f"{exc}: stop its runner before rebuilding") from exc
            self.stdout.write(f"{projection.name}: rebuilt from {count} events")
