"""The record, read back: a result's history and a session's standings as
they stood at any moment, both from the event store (issue 17).

Only the results site asks, through ``tournaments.selectors`` (which applies
the visibility rule, decision 0105, before calling here). Nothing here
scores: the standings at a moment are the results projection's own fold of
the result streams (``TournamentResults.handle``, in memory, nothing written)
scored by the one pipeline (``session_scoring.score_session``) and rounded as
published (``kept_sessions.published_standing``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any
from uuid import UUID

from eventstore.store import RecordedEvent, event_store
from tournaments.domain import board_result, session_scoring, tournament
from tournaments.kept_sessions import published_standing
from tournaments.models import ResultRow, RulingRow, StandingRow
from tournaments.projections import TournamentResults
from tournaments.result_reads import session_conditions, session_lines
from tournaments.result_rows import LINE_DEFAULTS, LINE_FIELDS, STANDING_FIELDS

__all__ = ["Replay", "ResultStep", "result_history", "standings_at"]


@dataclass(frozen=True, slots=True)
class RulingShown:
    """The ruling an adjusted score applied, as the rulings' read model holds it."""

    laws: tuple[str, ...]
    decision: str
    given_at: datetime


@dataclass(frozen=True, slots=True)
class ResultStep:
    """One event of a result's stream, as a page shows it.

    ``kind``: entered, confirmed, corrected, late_approved, adjusted,
    irregularity. ``by``: the seat (N, E, S, W) at a table device, "director"
    or "play" (card by card); never a person's name or account.
    """

    kind: str
    position: int
    at: datetime
    by: str = ""
    contract: str | None = None
    lead: str | None = None
    tricks: int | None = None
    score: str = ""
    law: str = ""
    reason: str = ""
    by_appeal: bool = False
    ruling: RulingShown | None = None


def _step(recorded: RecordedEvent, rulings: dict[UUID, RulingShown]) -> ResultStep:
    event: Any = recorded.event
    at, position = recorded.recorded_at, recorded.global_position
    match event:
        case board_result.ResultEntered():
            return ResultStep(
                "entered",
                position,
                at,
                event.entered_by,
                event.contract,
                event.lead,
                event.tricks,
            )
        case board_result.ResultConfirmed():
            return ResultStep("confirmed", position, at, event.by)
        case board_result.ResultCorrected():
            # Law 79C1 within the correction period; 79C2 after it, with the
            # organizer's approval.
            return ResultStep(
                "corrected",
                position,
                at,
                contract=event.contract,
                lead=event.lead,
                tricks=event.tricks,
                law="79C2" if event.after_period else "79C1",
                reason=event.reason,
            )
        case board_result.LateCorrectionApproved():
            return ResultStep(
                "late_approved", position, at, event.by, law="79C2", reason=event.reason
            )
        case board_result.AdjustedScoreAwarded():
            return ResultStep(
                "adjusted",
                position,
                at,
                score=event.score,
                law=event.law,
                reason=event.reason,
                by_appeal=event.by_appeal,
                ruling=None
                if event.ruling_id is None
                else rulings.get(event.ruling_id),
            )
        case _:
            return ResultStep(
                "irregularity", position, at, score=event.kind, reason=event.note
            )


def result_history(
    tournament_id: UUID, session: int, board: int, table: int
) -> list[ResultStep] | None:
    """A result's stream, oldest first, or None when no result is recorded
    at that table on that board. Three queries: the row, the stream, the
    rulings it names."""
    stream_id = (
        ResultRow.objects.filter(
            tournament_id=tournament_id,
            session=session,
            board_number=board,
            table=table,
        )
        .values_list("stream_id", flat=True)
        .first()
    )
    if stream_id is None:
        return None
    events = [
        e for e in event_store().read_stream(stream_id).events if e.event is not None
    ]
    ids = [
        e.event.ruling_id
        for e in events
        if isinstance(e.event, board_result.AdjustedScoreAwarded) and e.event.ruling_id
    ]
    rulings = {
        r.ruling_id: RulingShown(tuple(r.laws), r.decision, r.given_at)
        for r in (RulingRow.objects.filter(ruling_id__in=ids) if ids else ())
    }
    return [_step(e, rulings) for e in events]


@dataclass(frozen=True, slots=True)
class Moment:
    """An event that changed the session's scores: where the control stops."""

    position: int
    at: datetime


@dataclass(frozen=True, slots=True)
class Replay:
    """A session's standings as they stood after ``shown`` of its ``moments``
    (0: before any result), as unsaved ``StandingRow``s ranked as published."""

    moments: list[Moment]
    shown: int
    standings: list[StandingRow]


# The events that open a result stream (naming its session), and those of a
# result stream that move the session's scores (a confirmation does not).
_OPENS = (board_result.ResultEntered, board_result.BoardIrregularityRecorded)
_SCORES = (*_OPENS, board_result.ResultCorrected, board_result.AdjustedScoreAwarded)


def standings_at(
    tournament_id: UUID,
    session: int,
    moment: int | None = None,
    instant: datetime | None = None,
) -> Replay:
    """The session's standings after its first ``moment`` score-changing
    events, or as they stood at ``instant``, or now (neither given).

    The tournament's events are read once (``read_tournament``); the result
    streams folded by the projection's own ``handle`` in memory; the Law 90
    penalties imposed by then applied; the lines scored by
    ``session_scoring.score_session`` with the session's conditions."""
    events = event_store().read_tournament(tournament_id)
    fold = TournamentResults()
    streams: dict[UUID, int] = {}  # a result stream -> its session
    penalties: list[session_scoring.Penalty] = []
    moments: list[Moment] = []
    for recorded in events:
        event = recorded.event
        if isinstance(event, _OPENS):
            streams[recorded.stream_id] = event.session
        if isinstance(event, tournament.PenaltyImposed):
            if event.session == session:
                moments.append(Moment(recorded.global_position, recorded.recorded_at))
        elif streams.get(recorded.stream_id) == session and isinstance(event, _SCORES):
            moments.append(Moment(recorded.global_position, recorded.recorded_at))
    if moment is None:
        moment = (
            len(moments)
            if instant is None
            else sum(1 for m in moments if m.at <= instant)
        )
    moment = max(0, min(moment, len(moments)))
    until = moments[moment - 1].position if moment else 0
    for recorded in events:
        if recorded.global_position > until:
            break
        event = recorded.event
        if isinstance(event, tournament.PenaltyImposed):
            if event.session == session:
                penalties.append(
                    session_scoring.Penalty(
                        event.entry_number,
                        event.kind,
                        event.unit,
                        event.amount,
                        event.round,
                    )
                )
        elif streams.get(
            recorded.stream_id
        ) == session and recorded.event_type.startswith("board_result."):
            fold.handle(recorded)
    rows = [
        tuple(
            sid if name == "stream_id" else values.get(name, LINE_DEFAULTS.get(name))
            for name in LINE_FIELDS
        )
        for sid, values in fold.pending.items()
    ]
    conditions = replace(
        session_conditions(tournament_id, session), penalties=tuple(penalties)
    )
    figures = session_scoring.score_session(conditions, session_lines(rows))
    standings = [
        StandingRow(
            tournament_id=tournament_id,
            session=session,
            entry_number=s.entry_number,
            **dict(zip(STANDING_FIELDS, published_standing(s), strict=True)),
        )
        for s in figures.standings
    ]
    standings.sort(key=lambda s: (s.direction, s.rank, s.entry_number))
    return Replay(moments, moment, standings)
