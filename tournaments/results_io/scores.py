"""A session's exact scores, aligned with its read-model rows (decision 0040).

The projection publishes two decimals; the comparison and the export need
the exact figures (Law 78A; decision 0020). Both come from the one scoring
pipeline over the same rows and conditions (decision 0075), so the export,
the comparison and the projection cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from eventstore.projections import CheckpointMoved, ProjectionRunner, wait_for_position
from eventstore.store import event_store
from tournaments.domain.session_scoring import LineFigures, Standing
from tournaments.models import ResultRow
from tournaments.projections import TournamentResults as ResultsProjection
from tournaments.result_reads import score_read_model

__all__ = [
    "SessionScores",
    "project",
    "session_scores",
]


def project() -> None:
    """Bring the results read models up to date (read your writes)."""
    runner = ProjectionRunner(ResultsProjection())
    try:
        runner.catch_up()
    except CheckpointMoved:
        # A projection runner process is applying the same events: wait for it.
        wait_for_position([runner.name], event_store().head_position(), 30.0)


@dataclass(frozen=True, slots=True)
class SessionScores:
    """The session's exact figures, aligned with its read-model rows."""

    rows: dict[UUID, ResultRow]
    line: dict[UUID, LineFigures]
    standings: dict[int, Standing]


def session_scores(tournament_id: UUID, session: int) -> SessionScores:
    """Score the session's read-model travellers exactly, as the projection
    does (``score_read_model``); the file's own precision then decides
    (decision 0042)."""
    rows, figures = score_read_model(tournament_id, session)
    return SessionScores(
        rows={row.stream_id: row for row in rows},
        line={k: v for k, v in figures.lines.items() if isinstance(k, UUID)},
        standings={s.entry_number: s for s in figures.standings},
    )
