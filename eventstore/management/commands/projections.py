"""Projection status and repair: ``manage.py projections [status|retry]``.

``status`` (the default) prints what ``/api/health/`` reports, with each
parked partition's error: position, head, lag, state, heartbeat age, the
runner's process and the open failures. ``retry NAME PARTITION`` resets a
parked partition and replays its events (decision 0070): at once when no
runner holds the projection, else by asking the runner and waiting for its
answer. ``retry NAME --all`` retries every parked partition of the
projection, ``retry --all`` every parked partition of every projection
(after a deploy that fixes a handler, decision 0213).
"""

from __future__ import annotations

import json
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from eventstore.liveness import projection_report
from eventstore.models import ProjectionFailure
from eventstore.projections import (
    Projection,
    ProjectionLocked,
    ProjectionRunner,
    configured_projections,
    lock_holder,
    projection_lock,
)


class Command(BaseCommand):
    help = "Show projection status, or retry a parked partition."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "action", nargs="?", default="status", choices=["status", "retry"]
        )
        parser.add_argument("name", nargs="?", help="projection name (retry)")
        parser.add_argument(
            "partition", nargs="?", help="tournament:<id> or stream:<id> (retry)"
        )
        parser.add_argument(
            "--all",
            action="store_true",
            help="retry every parked partition (of the projection named, else of "
            "every projection)",
        )
        parser.add_argument("--json", action="store_true", help="status as JSON")
        parser.add_argument(
            "--wait",
            type=float,
            default=30.0,
            help="seconds to wait for a running runner's retry (default 30)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["action"] == "retry":
            self.retry(options)
        else:
            self.status(options["json"])

    # -- status ---------------------------------------------------------------

    def status(self, as_json: bool) -> None:
        report = projection_report(errors=True)
        if as_json:
            self.stdout.write(json.dumps(report, indent=2, default=str))
            return
        for name, p in report["projections"].items():
            runner = p["runner"]
            who = (
                f"runner {runner['process'] or 'unknown'} (backend {runner['pid']})"
                if runner["alive"]
                else "no runner"
            )
            age = "never" if p["heartbeat_age"] is None else f"{p['heartbeat_age']}s"
            self.stdout.write(
                f"{name:<32} {p['state']:<10} position {p['position']}/{p['head']} "
                f"lag {p['lag']} ({p['lag_seconds']} s)  heartbeat {age}  {who}  status {p['status']}"
            )
            if p["last_error"]:
                self.stdout.write(f"  last error: {p['last_error']}")
            for f in p["failures"]:
                self.stdout.write(
                    f"  parked {f['partition']} at {f['position']} ({f['event_type']}): "
                    f"{f['parked_events']} later events parked, "
                    f"{f['attempts']} attempts, since {f['first_seen']}"
                )
                self.stdout.write(f"    {f['error']}")
        self.stdout.write(f"overall: {report['status']}")

    # -- retry ----------------------------------------------------------------

    def retry(self, options: dict[str, Any]) -> None:
        known = {p.name: p for p in configured_projections()}
        name = options["name"]
        if name is None and options["all"]:
            for each in sorted(known):
                self._retry(known[each], None, options["wait"])
            return
        if name not in known:
            raise CommandError(
                "name a projection to retry (or --all for every one): "
                f"{', '.join(sorted(known))}"
            )
        if not options["all"] and not options["partition"]:
            raise CommandError("name a partition to retry, or --all")
        partition = None if options["all"] else options["partition"]
        self._retry(known[name], partition, options["wait"])

    def _retry(
        self, projection: Projection, partition: str | None, wait: float
    ) -> None:
        """Retry ``partition`` of ``projection``, or every parked one (None)."""
        name = projection.name
        open_failures = ProjectionFailure.objects.filter(
            projection=name, resolved_at__isnull=True
        )
        if partition is None:
            partitions = list(
                open_failures.order_by("position").values_list("partition", flat=True)
            )
        else:
            partitions = [partition]
            if not open_failures.filter(partition=partition).exists():
                raise CommandError(f"{name} has no parked partition {partition}")
        if not partitions:
            self.stdout.write(f"{name}: no parked partition")
            return
        if lock_holder(name) is None:
            try:
                with projection_lock(name):
                    runner = ProjectionRunner(projection)
                    for each in partitions:
                        self._report(name, each, runner.retry(each))
                return
            except ProjectionLocked:
                pass  # a runner started meanwhile: ask it
        self._ask_runner(name, partitions, wait)

    def _ask_runner(self, name: str, partitions: list[str], wait: float) -> None:
        rows = ProjectionFailure.objects.filter(
            projection=name, partition__in=partitions, resolved_at__isnull=True
        )
        ids = list(rows.values_list("id", flat=True))
        rows.update(retry_requested=True)
        self.stdout.write(f"{name}: asked its runner to retry {len(ids)} partition(s)")
        deadline = time.monotonic() + wait
        pending = ProjectionFailure.objects.filter(id__in=ids, retry_requested=True)
        while pending.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        for failure in ProjectionFailure.objects.filter(id__in=ids):
            if failure.retry_requested:
                outcome = None
                self.stdout.write(
                    f"{failure.partition}: the runner has not retried it yet"
                )
                continue
            outcome = failure.resolved_at is not None
            self._report(name, failure.partition, outcome)

    def _report(self, name: str, partition: str, outcome: bool | None) -> None:
        if outcome is None:
            self.stdout.write(f"{partition}: not parked (nothing to retry)")
        elif outcome:
            self.stdout.write(f"{partition}: replayed; {name} projects it again")
        else:
            failure = (
                ProjectionFailure.objects.filter(
                    projection=name, partition=partition, resolved_at__isnull=True
                )
                .values_list("error", flat=True)
                .first()
            )
            self.stdout.write(f"{partition}: still fails, stays parked: {failure}")
