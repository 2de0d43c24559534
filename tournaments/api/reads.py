"""The tournament reads' own parts of read-your-writes (decision 0073).

The machinery is ``httpapi.reads``, shared by every context.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from rest_framework.exceptions import NotFound

from httpapi.reads import by_tournament, reads
from tournaments.models import SessionRow
from tournaments.projections import TournamentResults

__all__ = [
    "results_read",
    "session_row",
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


def session_row(tournament_id: UUID, session: int) -> SessionRow:
    """The session's row in the results projection; 404 when there is none."""
    row = SessionRow.objects.filter(
        tournament_id=tournament_id, session=session
    ).first()
    if row is None:
        raise NotFound("no such session")
    return row
