"""A batch of table results in one command: all of it recorded, or none.

Issue 18. Each line is the single entry's command (``EnterResult``), checked
as the single entry checks it (``handlers.table_context``: the tournament, the
board at that table, Law 15; the session's windows, Law 79C) and decided by
the same pure ``board_result.decide`` (Law 77 impossible results, a result
already entered). Every line is decided before anything is stored; one
refused line refuses the batch, naming every refused line. The accepted
batch is one ``append_together`` transaction over its board-result streams
(decision 0130), answered once per ``Idempotency-Key`` as every command is
(``eventstore.commands``).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import OperationalError, connection
from django.utils import timezone

from eventstore.commands import (
    RETRIES,
    PendingAppend,
    append_together,
    client_key,
    fingerprint,
    fold,
)
from eventstore.errors import WrongExpectedVersion
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


@dataclass(slots=True)
class _Decided:
    """A stream's lines decided so far in this batch."""

    version: int
    state: board_result.BoardResultState
    events: list[Any]
    first_index: int


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
    now: datetime,
    *,
    trusted: bool,
) -> tuple[dict[UUID, _Decided], list[tuple[int, UUID]], list[dict[str, object]]]:
    """Decide every line against its stream (and the lines before it in the
    batch): the appends per stream, each line's stream, the refusals."""
    decided: dict[UUID, _Decided] = {}
    placed: list[tuple[int, UUID]] = []
    refused: list[dict[str, object]] = []
    for index, line in enumerate(lines):
        ref = TableRef(tournament_id, session, line.board_number, line.table)
        stream = board_result.stream_id(
            tournament_id, session, line.board_number, line.table
        )
        earlier = decided.get(stream)
        try:
            assignment, window = table_context(state, ref)
            if earlier is not None:
                version, current = earlier.version, earlier.state
            elif trusted:
                version, current = BOARD_RESULTS.load(stream)
            else:
                version, current = BOARD_RESULTS.peek(stream) or (
                    0,
                    BOARD_RESULTS.initial,
                )
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
            events = board_result.decide(current, command, now, window)
        except DomainError as exc:
            refusal = _refusal(index, line, exc)
            if earlier is not None and isinstance(exc, StateConflict):
                refusal["duplicate_of"] = earlier.first_index
                refusal["detail"] = (
                    f"line {earlier.first_index} of this batch enters the same "
                    "board at the same table"
                )
            refused.append(refusal)
            continue
        after = fold(BOARD_RESULTS.evolve, current, events)
        if earlier is None:
            decided[stream] = _Decided(version, after, list(events), index)
        else:
            earlier.state = after
            earlier.events.extend(events)
        placed.append((index, stream))
    return decided, placed, refused


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


def _retryable(exc: OperationalError) -> bool:
    """A deadlock or lock timeout between two writers: decide again."""
    state = getattr(exc.__cause__, "sqlstate", None)
    return state in ("40P01", "55P03", "40001")


@contextmanager
def _one_batch_at_a_time(tournament_id: UUID, session: int) -> Iterator[None]:
    """Batches of one session decide and append one after the other
    (decision 0197): a PostgreSQL session advisory lock, taken before the
    batch reads its tables and released once it has committed or refused.

    Two batches over the same new tables would otherwise both decide on
    empty tables and meet in their transaction, where the first holds the
    position counter through its whole batch: the second waits there under
    ``es_append``'s 2 s lock timeout, or deadlocks on a table row the first
    inserts, and a loaded machine turned those retries (``RETRIES``) into a
    500 instead of the refusal naming the lines already entered. Waiting
    here, outside any transaction, has no timeout; a batch holds the lock
    for one transaction of at most ``MAX_LINES`` appends. The two-key form
    of the lock is its own space, apart from the one-key locks of the
    projection runners and burraco."""
    if connection.vendor != "postgresql":
        yield  # SQLite's IMMEDIATE transaction already holds the database
        return
    key = (zlib.crc32(tournament_id.bytes) - (1 << 31), session)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", key)
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", key)


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
    store = event_store()
    key = client_key(metadata.actor, idempotency_key)
    mark = (
        fingerprint(
            tournament.stream_id(tournament_id),
            {"session": session, "results": [asdict(line) for line in lines]},
        )
        if key is not None
        else None
    )
    if key is not None:
        first = store.idempotent_result(key, mark or "")
        if first is not None:
            return _answered(lines, _placed(tournament_id, session, lines), first)
    state = load_tournament(tournament_id)
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    if session not in state.sessions:
        raise tournament.SessionNotFound(f"session {session} is not scheduled")
    published = state.sessions[session].published is not None
    with _one_batch_at_a_time(tournament_id, session):
        return _enter(
            tournament_id, session, lines, state, published, metadata, key, mark
        )


def _enter(
    tournament_id: UUID,
    session: int,
    lines: list[ResultLine],
    state: tournament.TournamentState,
    published: bool,
    metadata: Metadata,
    key: str | None,
    mark: str | None,
) -> BatchEntered:
    """Decide the batch on its tables as they are and append it whole, or
    refuse it whole; decided again after a lost race with a single entry."""
    store = event_store()
    trusted = False
    conflicts = 0
    while True:
        now = store.now() if published else timezone.now()
        decided, placed, refused = _decide(
            tournament_id, session, lines, state, now, trusted=trusted
        )
        if refused:
            if not trusted:
                # The process's cache may be behind: read every stream.
                trusted = True
                continue
            error = LinesRefused(
                f"{len(refused)} of {len(lines)} results refused; nothing was recorded"
            )
            error.errors = tuple(refused)
            raise error
        # Stream id order: two batches over the same tables take their rows
        # in one order. The key goes with the first append (decision 0130).
        order = sorted(decided)
        appends = [
            PendingAppend(
                stream,
                board_result.STREAM_TYPE,
                decided[stream].events,
                decided[stream].version,
                metadata,
                idempotency_key=key if n == 0 else None,
                fingerprint=mark if n == 0 else None,
            )
            for n, stream in enumerate(order)
        ]
        try:
            results = append_together(appends)
        except WrongExpectedVersion:
            if not trusted:
                trusted = True
                continue
            conflicts += 1
            if conflicts >= RETRIES:
                raise
            continue
        except OperationalError as exc:
            conflicts += 1
            if not _retryable(exc) or conflicts >= RETRIES:
                raise
            trusted = True
            continue
        if results[0].replayed:
            # The same keyed batch committed first, while this one decided.
            return _answered(lines, placed, results[0])
        stored = dict(zip(order, results, strict=True))
        for stream, result in stored.items():
            BOARD_RESULTS.remember(
                stream,
                result.stream_version,
                result.last_position,
                decided[stream].state,
            )
        # One line, one event: a stream's append is that line's result.
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
