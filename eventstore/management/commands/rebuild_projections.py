"""Rebuild projections from position 0, with a progress bar and its rate
(decisions 0072, 0109, 0213).

An owner's command: on PostgreSQL a rebuild creates a schema of copies and
swaps tables, which only the tables' owner may do, so with
``ARBITRO_OWNER_DATABASE_URL`` set it connects as the owner (config.settings)
and, run as a role that may not, it refuses before building anything (exit
2, naming the setting). The swapped-in tables carry the live ones' grants
(``Shadow.carry_grants``): the application's role reads and writes them at
once. Every projection named (default: all) is rebuilt, each all or nothing
beside its running runner (the swap waits for the runner's batch); one that
fails leaves its live tables as they were, the others are still rebuilt,
and the command ends by naming which were swapped in and which were not
(exit 1).
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from tqdm import tqdm

from eventstore.projections import (
    Projection,
    ProjectionLocked,
    ProjectionRunner,
    RunnerLock,
    configured_projections,
    connection_lost,
    lock_holder,
    projection_lock,
)
from eventstore.projections.shadow import rebuild_refusal
from eventstore.store import event_store


class Command(BaseCommand):
    help = (
        "Replay projections from the first event into a new read model. On "
        "PostgreSQL it is built beside the live tables and swapped in at once, "
        "with the live tables' grants: readers and runners go on meanwhile "
        "(decision 0109). Run it as the owner (ARBITRO_OWNER_DATABASE_URL, "
        "decision 0213). Otherwise it is rebuilt in place in one transaction "
        "(stop its runner first, decision 0072)."
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
        runners = [
            ProjectionRunner(p, batch_size=options["batch_size"]) for p in projections
        ]
        self._refuse(runners)
        head = event_store().head_position()
        rebuilt: list[str] = []
        failed: list[str] = []
        for runner in runners:
            try:
                self._rebuild(runner, head, options)
            except Exception as exc:
                if connection_lost():
                    connection.close()  # the next projection reconnects
                failed.append(f"{runner.name} ({exc})")
                self.stderr.write(
                    f"{runner.name}: not rebuilt, its live tables are as they "
                    f"were: {exc}"
                )
            else:
                rebuilt.append(runner.name)
        if failed:
            done = ", ".join(rebuilt) if rebuilt else "none"
            raise CommandError(
                f"{len(failed)} of {len(runners)} projection(s) not rebuilt: "
                f"{'; '.join(failed)}. Rebuilt and swapped in: {done}"
            )

    def _refuse(self, runners: list[ProjectionRunner]) -> None:
        """Refuse before anything is built: a role that cannot build beside
        (exit 2), a projection rebuilt in place while its runner runs."""
        beside = [r for r in runners if r.rebuilds_beside()]
        if beside:
            tables = [t for r in beside for t in _tables(r.projection)]
            refusal = rebuild_refusal(tables)
            if refusal is not None:
                raise CommandError(
                    "rebuild_projections runs as the tables' owner: "
                    f"{refusal}. Set ARBITRO_OWNER_DATABASE_URL to the owner's "
                    "URL (decision 0118)",
                    returncode=2,
                )
        running = [
            r.name
            for r in runners
            if not r.rebuilds_beside() and lock_holder(r.name) is not None
        ]
        if running:
            raise CommandError(
                f"{', '.join(running)}: rebuilt in place, and its runner runs: "
                "stop it before rebuilding (nothing was rebuilt)"
            )

    def _rebuild(
        self, runner: ProjectionRunner, head: int, options: dict[str, Any]
    ) -> None:
        beside = runner.rebuilds_beside()
        # Beside the live tables, one rebuild at a time (its own lock); in
        # place, no runner either (the runner's lock).
        lock: AbstractContextManager[RunnerLock] = projection_lock(
            f"{runner.name}.rebuild" if beside else runner.name
        )
        started = time.perf_counter()
        try:
            with lock:
                bar = tqdm(
                    total=head,
                    desc=runner.name,
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
                raise ProjectionLocked(f"{exc}: another rebuild runs") from exc
            raise ProjectionLocked(f"{exc}: stop its runner before rebuilding") from exc
        seconds = time.perf_counter() - started
        rate = count / seconds if seconds else 0.0
        how = "built beside the live tables, swapped in" if beside else "in place"
        self.stdout.write(
            f"{runner.name}: rebuilt from {count} events in {seconds:.1f} s "
            f"({rate:,.0f} events/s), {how}"
        )


def _tables(projection: Projection) -> list[str]:
    return [m._meta.db_table for m in projection.read_models or ()]
