"""Register players in bulk from a CSV file (decision 0037).

Every row is checked first; if any is rejected nothing is written and each
rejection is printed as "row N, column C: reason". ``--dry-run`` checks only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from eventstore.store import Metadata
from registry.handlers import register
from registry.importing import import_players


class Command(BaseCommand):
    help = "Register players from a CSV file; nothing is written if a row is rejected."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--dry-run", action="store_true", help="check only")
        parser.add_argument(
            "--actor",
            default="system:import_players",
            help="the actor recorded in the events' metadata",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from None
        register()
        report = import_players(
            data,
            metadata=Metadata(actor=options["actor"], command="import_players"),
            dry_run=options["dry_run"],
        )
        for rejection in report.rejected:
            self.stderr.write(str(rejection))
        if report.rejected:
            raise CommandError(
                f"{len(report.rejected)} problem(s) in {report.rows} rows; "
                "nothing was written"
            )
        verb = "would register" if report.dry_run else "registered"
        count = len(report.accepted) if report.dry_run else len(report.imported)
        self.stdout.write(
            f"{report.rows} rows: {verb} {count}, unchanged {len(report.unchanged)}"
        )
