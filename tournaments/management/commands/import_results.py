"""Import a results file (PBN, USEBIO or JSON) as a tournament, and compare scores.

Every result is recorded as an event through the handlers, scored by our
engine, and every figure where the file's own scoring differs from ours is
printed, one line each. A malformed or unrecordable file records nothing
(decision 0041).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.errors import DomainError
from scoring.formats import FormatError
from tournaments.results_io import FORMATS, guess_format, import_file


class Command(BaseCommand):
    help = (
        "Create a tournament from a PBN, USEBIO or JSON results file, record "
        "every result as an event, and print where its scores differ from ours."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the results file")
        parser.add_argument(
            "--format",
            choices=FORMATS,
            help="the file's format (default: from its name or content)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None
        fmt = options["format"] or guess_format(path.name, data)
        try:
            report = import_file(data, fmt, source=path.stem)
        except FormatError as exc:
            raise CommandError(f"{path}: malformed {fmt} file: {exc}") from None
        except DomainError as exc:
            law = f" ({exc.law})" if exc.law is not None else ""
            raise CommandError(f"{path}: not imported: {exc.message}{law}") from None
        self.stdout.write(
            f"imported {path} as tournament {report.tournament_id}: "
            f"{len(report.entries)} pairs, {report.recorded} events, movement {report.movement}"
        )
        for note in report.notes:
            self.stdout.write(f"note: {note}")
        if any(pid != str(n) for pid, n in report.entries.items()):
            pairs = ", ".join(f"{pid}={n}" for pid, n in report.entries.items())
            self.stdout.write(f"entries: {pairs}")
        for difference in report.differences:
            self.stdout.write(str(difference))
        if not report.differences:
            self.stdout.write("no differences")
