"""A session's exact scores, aligned with its read-model rows (decision 0040).

The projection publishes two decimals; the comparison and the export need
the exact figures (Law 78A; decision 0020). Both come from the one scoring
pipeline over the same rows and conditions (decision 0075), so the export,
the comparison and the projection cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from uuid import UUID

from eventstore.projections import CheckpointMoved, ProjectionRunner, wait_for_position
from eventstore.store import event_store
from rules.errors import DomainError
from tournaments.domain.session_scoring import LineFigures, Standing, score_session
from tournaments.models import ResultRow
from tournaments.projections import TournamentResults as ResultsProjection
from tournaments.result_reads import (
    score_read_model,
    session_conditions,
    session_lines,
)
from tournaments.result_rows import LINE_FIELDS

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
    # The lines of boards with an artificial score under the other averaged-
    # board method (FIGB N-L12 or Neuberg), and its name: what a file scored
    # the other way prints (decision 0147).
    other: dict[UUID, LineFigures] = field(default_factory=dict)
    other_method: str = ""


def session_scores(tournament_id: UUID, session: int) -> SessionScores:
    """Score the session's read-model travellers exactly, as the projection
    does (``score_read_model``); the file's own precision then decides
    (decision 0042)."""
    rows, figures = score_read_model(tournament_id, session)
    other: dict[UUID, LineFigures] = {}
    method = ""
    averaged = {r.board_number for r in rows if r.adjusted}
    if averaged:
        conditions = session_conditions(tournament_id, session)
        method = OTHER_METHOD.get(conditions.averaged_boards, "")
        lines = session_lines([[getattr(r, n) for n in LINE_FIELDS] for r in rows])
        if method:
            try:
                scored = score_session(
                    replace(conditions, averaged_boards=method), lines
                )
            except DomainError:
                scored = None
            boards = {r.stream_id: r.board_number for r in rows}
            other = {
                k: v
                for k, v in (scored.lines.items() if scored else ())
                if isinstance(k, UUID) and boards.get(k) in averaged
            }
    return SessionScores(
        rows={row.stream_id: row for row in rows},
        line={k: v for k, v in figures.lines.items() if isinstance(k, UUID)},
        standings={s.entry_number: s for s in figures.standings},
        other=other,
        other_method=method,
    )


OTHER_METHOD = {"figb_n_l12": "neuberg", "neuberg": "figb_n_l12"}
