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
from scoring.formats.conventions import (
    PROGRAMS,
    SETTING_NAMES,
    FewerPlayed,
    FewerPlayedTotals,
    Rounding,
    Totals,
)
from tournaments.results_io import FORMATS, guess_format, import_file
from tournaments.results_io.importing import METHOD_SETTINGS

KINDS = {"teams": "teams", "individual": "players"}


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
        conventions = parser.add_argument_group(
            "the producing program's conventions (decision 0129); by default "
            "those of the program the file names"
        )
        conventions.add_argument(
            "--program",
            choices=sorted(PROGRAMS),
            help="take this program's conventions, whatever the file says",
        )
        conventions.add_argument(
            "--rounding",
            choices=[r.value for r in Rounding],
            help="how the file rounds its figures",
        )
        conventions.add_argument(
            "--totals",
            choices=[t.value for t in Totals],
            help="totals add the printed (rounded) or the exact board figures",
        )
        conventions.add_argument(
            "--fewer-played",
            choices=[f.value for f in FewerPlayed],
            help="a board played fewer times printed by Neuberg or on its own top",
        )
        conventions.add_argument(
            "--fewer-played-totals",
            choices=[f.value for f in FewerPlayedTotals],
            help="totals add a board played fewer times by its exact Neuberg "
            "figure or as its percentage kept to two decimals",
        )
        conventions.add_argument(
            "--scale-missed",
            choices=["yes", "no"],
            help="a pair who missed boards has its total scaled to the full number",
        )
        conventions.add_argument(
            "--average-plus",
            metavar="PERCENT",
            help="what A+ is worth (Law 12C2; default 60)",
        )
        conventions.add_argument(
            "--average-minus",
            metavar="PERCENT",
            help="what A- is worth (Law 12C2; default 40)",
        )
        conventions.add_argument(
            "--datum-discard",
            type=int,
            metavar="N",
            help="results the file's Butler datum drops at each end (default 1)",
        )
        conventions.add_argument(
            "--datum-rounding",
            type=int,
            choices=[1, 5, 10],
            help="what the file's Butler datum is rounded to (default 10; 1: not)",
        )

        methods = parser.add_argument_group(
            "regulation", "the tournament's regulation and scoring methods"
        )
        methods.add_argument(
            "--regulation",
            choices=["figb", "laws"],
            help="FIGB norms (default) or the Laws' defaults",
        )
        methods.add_argument(
            "--averaged-boards",
            choices=["figb_n_l12", "neuberg"],
            help="a board with averaged tables (FIGB N-L12 by default)",
        )
        methods.add_argument(
            "--fouled-boards",
            choices=["figb_n_l87_7", "law_87b"],
            help="a fouled board (FIGB N-L87 §7 by default)",
        )
        methods.add_argument(
            "--section",
            metavar="SECTION_ID",
            help="the section to read from a USEBIO session of several",
        )
        methods.add_argument(
            "--imp-pairs",
            choices=["cross_imps", "butler"],
            help="a pairs file scored in plain IMP: across the field or against "
            "a datum (Law 78D)",
        )
        methods.add_argument(
            "--average-revision",
            choices=[
                "figb_session_percent",
                "figb_session_percent_min_60",
                "law_12c2c",
                "none",
            ],
            help="the no-fault average's revision (FIGB N-L12 by default)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from None
        fmt = options["format"] or guess_format(path.name, data)
        settings = {
            name: options[name]
            for name in (*SETTING_NAMES, *METHOD_SETTINGS)
            if options.get(name) is not None
        }
        try:
            report = import_file(data, fmt, source=path.stem, settings=settings)
        except FormatError as exc:
            raise CommandError(f"{path}: malformed {fmt} file: {exc}") from None
        except DomainError as exc:
            law = f" ({exc.law})" if exc.law is not None else ""
            raise CommandError(f"{path}: not imported: {exc.message}{law}") from None
        self.stdout.write(
            f"imported {path} as tournament {report.tournament_id}: "
            f"{len(report.entries)} {KINDS.get(report.form, 'pairs')}, "
            + (f"{report.sessions} sessions, " if report.sessions > 1 else "")
            + f"{report.recorded} events, movement {report.movement}"
        )
        c = report.conventions
        self.stdout.write(
            f"conventions: {c.program}, rounding {c.rounding.value}, totals "
            f"{c.totals.value}, fewer played {c.fewer_played.value} (totals "
            f"{c.fewer_played_totals.value}), scale missed "
            f"{'yes' if c.scale_missed else 'no'}, A+ {c.average_plus}% A- "
            f"{c.average_minus}%, datum drops {c.datum_discard}, to "
            f"{c.datum_rounding}"
        )
        for note in report.notes:
            self.stdout.write(f"note: {note}")
        if any(pid != str(n) for pid, n in report.entries.items()):
            pairs = ", ".join(f"{pid}={n}" for pid, n in report.entries.items())
            self.stdout.write(f"entries: {pairs}")
        for difference in report.differences:
            # The line, the figure, theirs, ours, why, and the cause from a
            # closed list (decision 0224).
            self.stdout.write(difference.report())
        if not report.differences:
            self.stdout.write("no differences")
