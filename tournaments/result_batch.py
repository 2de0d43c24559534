"""A batch of table results in one command: all of it recorded, or none.

Issue 18. Each line is the single entry's command (``EnterResult``), checked
as the single entry checks it (``handlers.table_context``: the tournament, the
board at that table, Law 15; the session's windows, Law 79C) and decided by
the same pure ``board_result.decide`` (Law 77 impossible results, a result
already entered). Every line is decided before anything is stored; one
refused line refuses the batch, naming every refused line. The batch is one
command over its board-result streams on the command path
(``eventstore.commands.execute_together``, decisions 0130, 0219): answered
once per ``Idempotency-Key``, decided on the streams as cached and again on
them as read, stored in one transaction, retried where every command is.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from eventstore.commands import execute_together, fold
from eventstore.store import AppendResult, Metadata, event_store
from rules.errors import DomainError, RuleViolation, StateConflict
from tournaments.domain import board_result, tournament
from tournaments.handlers import BOARD_RESULTS, TableRef, load_tournament, table_context

__all__ = ["MAX_LINES", "BatchEntered", "LinesRefused", "ResultLine", "enter_results"]

# A round of a large club session is a few dozen lines; a whole 30-table,
# 15-board session is 450: one request, one transaction of that size at most.
MAX_LINES = 500


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One table's result as the single entry takes it."""

    board_number: int
    table: int
    contract: str | None
    lead: str | None
    tricks: int | None


@dataclass(frozen=True, slots=True)
class LineEntered:
    index: int
    board_number: int
    table: int
    stream_id: UUID
    stream_version: int
    position: int


@dataclass(frozen=True, slots=True)
class BatchEntered:
    """Where each line was recorded; the positions are contiguous, since the
    batch is one transaction holding the position counter."""

    lines: tuple[LineEntered, ...]

    def as_json(self) -> dict[str, Any]:
        positions = [line.position for line in self.lines]
        return {
            "recorded": len(self.lines),
            "first_position": min(positions),
            "last_position": max(positions),
            "results": [
                {
                    "index": line.index,
                    "board_number": line.board_number,
                    "table": line.table,
                    "stream_id": str(line.stream_id),
                    "stream_version": line.stream_version,
                    "position": line.position,
                }
                for line in self.lines
            ],
        }


class LinesRefused(RuleViolation):
    """Some lines are refused, so the batch is: nothing was recorded."""

    code = "results_refused"


def _refusal(index: int, line: ResultLine, exc: DomainError) -> dict[str, object]:
    """One refused line: its index, the field at fault (the line itself when
    the refusal is about the table's state), the status the single entry
    would have answered, the code and the Law."""
    out: dict[str, object] = {
        "index": index,
        "board_number": line.board_number,
        "table": line.table,
        "status": 409 if isinstance(exc, StateConflict) else 422,
        **exc.as_dict(),
    }
    out["field"] = f"results.{index}" + (f".{exc.field}" if exc.field else "")
    return out


def _decide(
    tournament_id: UUID,
    session: int,
    lines: list[ResultLine],
    state: tournament.TournamentState,
    streams: Mapping[UUID, board_result.BoardResultState],
    now: datetime,
) -> dict[UUID, list[Any]]:
    """Decide every line against its stream (and the lines before it in the
    batch): the events for each stream, or ``LinesRefused`` naming every
    refused line."""
    current = dict(streams)
    decided: dict[UUID, list[Any]] = {}
    first: dict[UUID, int] = {}  # the first line decided on each stream
    refused: list[dict[str, object]] = []
    for index, line in enumerate(lines):
        ref = TableRef(tournament_id, session, line.board_number, line.table)
        stream = board_result.stream_id(
            tournament_id, session, line.board_number, line.table
        )
        try:
            assignment, window = table_context(state, ref)
            command = board_result.EnterResult(
                tournament_id=tournament_id,
                session=session,
                board_number=line.board_number,
                table=line.table,
                ns=assignment.ns,
                ew=assignment.ew,
                contract=line.contract,
                lead=line.lead,
                tricks=line.tricks,
                entered_by="director",
            )
            events = board_result.decide(current[stream], command, now, window)
        except DomainError as exc:
            refusal = _refusal(index, line, exc)
            if stream in first and isinstance(exc, StateConflict):
                refusal["duplicate_of"] = first[stream]
                refusal["detail"] = (
                    f"line {first[stream]} of this batch enters the same "
                    "board at the same table"
                )
            refused.append(refusal)
            continue
        current[stream] = fold(BOARD_RESULTS.evolve, current[stream], events)
        decided.setdefault(stream, []).extend(events)
        first.setdefault(stream, index)
    if refused:
        error = LinesRefused(
            f"{len(refused)} of {len(lines)} results refused; nothing was recorded"
        )
        error.errors = tuple(refused)
        raise error
    return decided


def _answered(
    lines: list[ResultLine], placed: list[tuple[int, UUID]], first: AppendResult
) -> BatchEntered:
    """The batch's answer read back from its events: a retried key gets the
    first answer. The batch's events are the ``len(lines)`` positions from
    the first append's (one transaction holds the counter)."""
    events = event_store().read_all(
        after_position=first.first_position - 1, limit=len(placed), decode=False
    )
    at = {e.stream_id: e for e in events}
    return BatchEntered(
        tuple(
            LineEntered(
                index,
                lines[index].board_number,
                lines[index].table,
                stream,
                at[stream].stream_version,
                at[stream].global_position,
            )
            for index, stream in placed
        )
    )


def _placed(
    tournament_id: UUID, session: int, lines: list[ResultLine]
) -> list[tuple[int, UUID]]:
    return [
        (
            index,
            board_result.stream_id(
                tournament_id, session, line.board_number, line.table
            ),
        )
        for index, line in enumerate(lines)
    ]


def _serial(tournament_id: UUID, session: int) -> tuple[int, int]:
    """The key under which a session's batches take their turn (decision
    0197): one batch of a session decides and appends at a time."""
    return zlib.crc32(tournament_id.bytes) - (1 << 31), session


def enter_results(
    tournament_id: UUID,
    session: int,
    lines: list[ResultLine],
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> BatchEntered:
    """Enter every line as the director, in one transaction, or refuse all.

    Law 79A: the director enters results for the tables. A line refused on
    its own (Law 15, 77, 79C, a result already entered, the same table twice
    in the batch) is listed in ``LinesRefused.errors``, and nothing is
    written.
    """
    if not lines:
        raise RuleViolation("a batch enters at least one result", field="results")
    if len(lines) > MAX_LINES:
        raise RuleViolation(
            f"a batch enters at most {MAX_LINES} results", field="results"
        )
    state = load_tournament(tournament_id)
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    if session not in state.sessions:
        raise tournament.SessionNotFound(f"session {session} is not scheduled")
    placed = _placed(tournament_id, session, lines)
    results = execute_together(
        [stream for _, stream in placed],
        board_result.STREAM_TYPE,
        BOARD_RESULTS,
        lambda streams, now: _decide(
            tournament_id, session, lines, state, streams, now
        ),
        metadata=metadata,
        request={"session": session, "results": [asdict(line) for line in lines]},
        scope=tournament.stream_id(tournament_id),
        idempotency_key=idempotency_key,
        # Only a published session's windows (Law 79C) read the clock.
        needs_clock=state.sessions[session].published is not None,
        serial=_serial(tournament_id, session),
    )
    if results[0].replayed:
        return _answered(lines, placed, results[0])
    # One line, one event: a stream's append is that line's result.
    stored = {result.stream_id: result for result in results}
    return BatchEntered(
        tuple(
            LineEntered(
                index,
                lines[index].board_number,
                lines[index].table,
                stream,
                stored[stream].stream_version,
                stored[stream].first_position,
            )
            for index, stream in placed
        )
    )
