"""Export one session of a tournament as a JSON, PBN or USEBIO results file.

Built from the read models (decision 0040): registered players' names and
federation numbers from the register, the deals of the hand records with
their double-dummy tricks and par; the venue is not recorded, so not exported.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.errors import DomainError
from tournaments.results_io import (
    FORMATS,
    export_file,
    project,
)


class Command(BaseCommand):
    help = "Write a tournament's results as a JSON, PBN or USEBIO file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament_id", type=uuid.UUID)
        parser.add_argument("--format", choices=FORMATS, required=True)
        parser.add_argument(
            "--session",
            type=int,
            help="the session (default: the only one; every session of a teams "
            "event in one USEBIO file)",
        )
        parser.add_argument(
            "-o", "--output", help="the file to write (default: standard output)"
        )
        parser.add_argument(
            "--usebio-version",
            choices=("1.2", "1.3"),
            default="1.2",
            help="USEBIO version: 1.3 adds ISO dates, double-dummy tricks and par",
        )
        parser.add_argument(
            "--no-names",
            action="store_true",
            help="leave out players' names and federation numbers",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        project()
        try:
            text, notes = export_file(
                options["tournament_id"],
                options["session"],
                options["format"],
                names=not options["no_names"],
                usebio_version=options["usebio_version"],
            )
        except DomainError as exc:  # FormatError is one too
            law = f" ({exc.law})" if exc.law is not None else ""
            raise CommandError(f"not exported: {exc.message}{law}") from None
        for note in notes:
            self.stderr.write(f"note: {note}")
        output = options["output"]
        if output is None:
            self.stdout.write(text, ending="" if text.endswith("\n") else "\n")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{output}: {exc.strerror}") from None
        self.stderr.write(f"wrote {output}")
