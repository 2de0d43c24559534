"""Write a burraco tournament's JSON export (``burraco.export``, format
``arbitro.burraco.export`` v1), or with ``--standings-csv`` the standings
after its last complete turn as the API's CSV. There is no interchange
standard for burraco results: docs/features.md documents both shapes."""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from uuid import UUID

from django.core.management.base import BaseCommand, CommandError, CommandParser

from burraco.export import export_tournament

CSV_COLUMNS = (
    "rank",
    "tied",
    "pair",
    "vp",
    "turn_vp",
    "deduction",
    "mp",
    "turns",
    "group",
)


def standings_csv(exported: dict[str, Any], after_turn: int | None) -> str:
    """The standings after ``after_turn`` (default the last complete turn),
    columns as ``GET .../standings.csv``."""
    tables = exported["standings"]
    chosen = [s for s in tables if after_turn is None or s["after_turn"] == after_turn]
    if not chosen:
        raise CommandError(
            f"no standings after turn {after_turn}"
            if after_turn is not None
            else "no turn is complete: no standings yet"
        )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for line in chosen[-1]["lines"]:
        writer.writerow(
            [
                int(line["tied"])
                if c == "tied"
                else (line["group"] or "")
                if c == "group"
                else line[c]
                for c in CSV_COLUMNS
            ]
        )
    return out.getvalue()


class Command(BaseCommand):
    help = (
        "Export a burraco tournament as Arbitro's JSON (arbitro.burraco.export v1); "
        "--standings-csv for the standings CSV."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament_id", type=UUID)
        parser.add_argument("--output", "-o", help="file to write (default stdout)")
        parser.add_argument(
            "--standings-csv",
            action="store_true",
            help="the standings CSV instead of the JSON",
        )
        parser.add_argument(
            "--after-turn", type=int, default=None, help="with --standings-csv"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        exported = export_tournament(options["tournament_id"])
        if exported is None:
            raise CommandError(f"{options['tournament_id']} is no burraco tournament")
        if options["standings_csv"]:
            text = standings_csv(exported, options["after_turn"])
        else:
            text = json.dumps(exported, ensure_ascii=False, indent=2) + "\n"
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as out:
                out.write(text)
        else:
            self.stdout.write(text, ending="")
