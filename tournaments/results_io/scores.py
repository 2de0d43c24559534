"""A session's exact scores, aligned with its read-model rows (decision 0040).

The projection publishes two decimals; the comparison and the per-line
percentages of the export need the exact figures (Law 78A; decision 0020).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from uuid import UUID

from eventstore.projections import CheckpointMoved, ProjectionRunner, wait_for_position
from eventstore.store import event_store
from scoring.bridge import (
    Adjustment,
    SessionResult,
    TableResult,
    publish,
    score_pairs_session,
)
from scoring.bridge.individual import (
    IndividualSession,
    SeatedResult,
    score_individual_session,
)
from scoring.bridge.matchpoints import percent_of_top
from tournaments.domain.board_result import parse_adjusted
from tournaments.models import ResultRow, StandingRow
from tournaments.projections import TournamentResults as ResultsProjection
from tournaments.projections import individual_seats, session_penalties

__all__ = [
    "Number",
    "SessionScores",
    "exact_or",
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


Number = int | Fraction | Decimal


def exact_or(exact: Number, published: Decimal | None) -> Number:
    """Return the exact figure when it is the one the read model published."""
    if published is None or publish(Fraction(exact)) == published:
        return exact
    return published


@dataclass(frozen=True, slots=True)
class SessionScores:
    """The session's exact scores, aligned with its read-model rows."""

    rows: dict[UUID, ResultRow]
    line: dict[UUID, tuple[Number, Number, Number, Number]]  # mp ns/ew, % ns/ew
    standings: dict[int, StandingRow]
    totals: dict[int, tuple[Number, Number]]  # net matchpoints, percentage


def session_scores(tournament_id: UUID, session: int) -> SessionScores:
    """Score the session's read-model travellers exactly, as ``rescore_session``.

    The projection publishes two decimals; the exact figures let the file's
    own precision decide (decision 0042). Each figure falls back to the
    published one should the two ever disagree.
    """
    rows = list(
        ResultRow.objects.filter(tournament_id=tournament_id, session=session).order_by(
            "id"
        )
    )
    seats = individual_seats(tournament_id, session)
    # Pairs lines name the two pairs; an individual session's the four players.
    pairs: dict[int, list[TableResult]] = {}
    seated: dict[int, list[SeatedResult]] = {}
    placed: dict[UUID, tuple[int, int]] = {}
    for row in rows:
        result: int | Adjustment
        if row.adjusted:
            result = parse_adjusted(row.adjusted)
        elif row.score_ns is not None:
            result = row.score_ns
        else:
            continue
        if seats:
            table = seated.setdefault(row.board_number, [])
            placed[row.stream_id] = (row.board_number, len(table))
            players = seats[(row.board_number, row.table)]
            table.append(SeatedResult(*players, result, group=row.group))
        else:
            traveller = pairs.setdefault(row.board_number, [])
            placed[row.stream_id] = (row.board_number, len(traveller))
            traveller.append(TableResult(row.ns, row.ew, result, group=row.group))
    penalties = session_penalties(tournament_id, session)
    standings = {
        s.entry_number: s
        for s in StandingRow.objects.filter(
            tournament_id=tournament_id, session=session
        )
    }
    line: dict[UUID, tuple[Number, Number, Number, Number]] = {}
    totals: dict[int, tuple[Number, Number]] = {}
    if placed:
        # Individual sessions are scored as the projection scores them (Law 4).
        scored: SessionResult | IndividualSession = (
            score_individual_session(seated, penalties=penalties)
            if seats
            else score_pairs_session(pairs, penalties=penalties)
        )
        by_stream = {row.stream_id: row for row in rows}
        for stream, (number, index) in placed.items():
            row = by_stream[stream]
            board = scored.boards[number]
            top = board.top_at(index)
            ns = exact_or(board.ns[index], row.mp_ns)
            ew = exact_or(board.ew[index], row.mp_ew)
            line[stream] = (
                ns,
                ew,
                percent_of_top(Fraction(ns), top),
                percent_of_top(Fraction(ew), top),
            )
        for standing in scored.standings:
            number = int(standing.participant)  # type: ignore[call-overload]
            published = standings.get(number)
            totals[number] = (
                exact_or(
                    standing.net,
                    None
                    if published is None
                    else published.matchpoints - published.penalty,
                ),
                exact_or(
                    standing.percent, None if published is None else published.percent
                ),
            )
    return SessionScores(
        rows={row.stream_id: row for row in rows},
        line=line,
        standings=standings,
        totals=totals,
    )
