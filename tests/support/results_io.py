"""Shared helpers for the results import/export tests: run the commands, map ids."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from decimal import Decimal
from io import StringIO
from pathlib import Path

from django.core.management import call_command

from eventstore.models import Event
from scoring.formats import TournamentResults
from tournaments.models import StandingRow

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "results"

# Real files of other programs, never committed: the Compscore files of
# ../shared/realfiles (ARBITRO_REALFILES elsewhere), and files fetched from
# public repositories into a local folder named by ARBITRO_OTHER_FILES
# (decision 0224). Tests that need them skip, saying so, when absent.
REALFILES = Path(
    os.environ.get("ARBITRO_REALFILES")
    or Path(__file__).resolve().parents[3] / "shared" / "realfiles"
)
OTHER_FILES = Path(os.environ.get("ARBITRO_OTHER_FILES") or "/nonexistent")


def other_file(relative: str) -> Path:
    """A fetched file of another program, or skip the test saying so."""
    import pytest

    path = OTHER_FILES / relative
    if not path.is_file():
        pytest.skip(f"{relative} is not in ARBITRO_OTHER_FILES ({OTHER_FILES})")
    return path


CLUB_PBN = FIXTURES / "club_pairs_mp.pbn"
MITCHELL_XML = FIXTURES / "mitchell_pairs_mp.xml"
MAGIC_CONTEST_PBN = FIXTURES / "magic_contest_mp.pbn"  # Latin-1, CRLF
RUTER_PBN = FIXTURES / "ruter_butler.pbn"  # UTF-8, LF

Line = tuple[object, ...]

# The fixtures' figures were made by Neuberg on a board with an artificial
# score (decision 0023): imported so, as their programs scored them; an
# import takes FIGB N-L12 by default (decision 0147).
NEUBERG = ("--averaged-boards", "neuberg")
NEUBERG_SETTINGS = {"averaged_boards": "neuberg"}


_CAUSE = re.compile(r" \[(convention not set|hand edit|figure we cannot reproduce)\]$")


def without_cause(line: str) -> str:
    """A difference as the command prints it, without its closed-list cause
    (decision 0224): the tests that read reasons compare the rest."""
    return _CAUSE.sub("", line)


def run(*args: str) -> str:
    """Run a management command and return what it printed."""
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def event_count() -> int:
    return Event.objects.count()


def lines(
    results: TournamentResults, ids: Mapping[str, str] | None = None
) -> list[Line]:
    """Return every table result with its points, ids mapped, in a fixed order.

    Decimals compare by value, so the file's "2.0" equals our "2.00".
    """
    ids = ids or {}
    out = [
        (
            r.board_number,
            ids.get(r.ns_id, r.ns_id),
            ids.get(r.ew_id, r.ew_id),
            r.contract,
            r.declarer,
            r.lead,
            r.tricks,
            r.score_ns,
            r.assigned,
            r.table_number,
            r.round_number,
            r.mp_ns,
            r.mp_ew,
            r.percentage_ns,
            r.percentage_ew,
        )
        for r in results.results
    ]
    return sorted(out, key=lambda line: (line[0], line[1]))


def totals(
    results: TournamentResults, ids: Mapping[str, str] | None = None
) -> dict[str, tuple[Decimal | None, Decimal | None]]:
    """Return each ranked contestant's total and percentage, ids mapped."""
    ids = ids or {}
    return {
        ids.get(e.participant_id, e.participant_id): (e.total, e.percentage)
        for e in results.ranking
    }


def ranks(results: TournamentResults) -> dict[str, tuple[int, str]]:
    """Return each contestant's rank and direction ("" for one field)."""
    direction = {p.participant_id: p.direction or "" for p in results.participants}
    return {
        e.participant_id: (e.rank, direction[e.participant_id]) for e in results.ranking
    }


def standing_ranks(tournament_id: object) -> dict[str, tuple[int, str]]:
    """Return the read model's rank and direction of every entry."""
    return {
        str(s.entry_number): (s.rank, s.direction)
        for s in StandingRow.objects.filter(tournament_id=tournament_id, session=1)
    }


def order_within(
    results: TournamentResults, groups: Mapping[str, tuple[int, str]]
) -> dict[str, list[str]]:
    """Return, per group of ``groups``, the file's contestants in the file's rank order."""
    out: dict[str, list[str]] = {}
    for entry in sorted(results.ranking, key=lambda e: e.rank):
        out.setdefault(groups[entry.participant_id][1], []).append(entry.participant_id)
    return out
