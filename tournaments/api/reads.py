"""The tournament reads' own parts of read-your-writes (decision 0073).

The machinery is ``httpapi.reads``, shared by every context; its names are
re-exported here for the modules that still import them from this path.
"""

from __future__ import annotations

from typing import Any

from httpapi.reads import (
    MIN_POSITION,
    READ_PARAMETERS,
    Freshness,
    by_stream,
    by_tournament,
    freshness,
    reads,
)
from tournaments.projections import TournamentResults

__all__ = [
    "MIN_POSITION",
    "READ_PARAMETERS",
    "Freshness",
    "by_stream",
    "by_tournament",
    "freshness",
    "reads",
    "results_read",
    "with_revision",
]


def with_revision(line: dict[str, Any], own: str | None) -> dict[str, Any]:
    """Show a player's Law 12C2(c) figure on a board beside his side's award
    (individual events: ``StandingRow.revised``, decision 0056)."""
    if own is not None:
        line.update(awarded=line["points"], points=own, law="12C2(c)")
    return line


# A view of the results projection honours ?min_position= (decision 0073).
results_read = reads(TournamentResults.name, partition=by_tournament)
