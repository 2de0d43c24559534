"""Live play at a table: drive the board-play aggregate from the event store.

Each call, card, claim and rectification choice is a command on the stream of
one board at one table (``tournaments.domain.board_play``). When the play
records a result (Law 79A), the result is carried into the board-result
stream that scoring reads, as the table device would enter it, in the same
transaction as the play; ``ResultCarry`` catches up any carry not stored, and
the carry's event ids derive from the play event, so it is stored once.
"""

from __future__ import annotations

import uuid
from uuid import UUID

from eventstore.commands import PendingAppend, StreamCache, execute
from eventstore.processes import ProcessManager
from eventstore.store import AppendResult, Metadata, RecordedEvent, event_store
from rules.errors import LawRef, RuleViolation, StateConflict
from tournaments import handlers
from tournaments.domain import board_play, board_result, tournament
from tournaments.domain.board_play.commands import BoardPlayCommand, StartBoard
from tournaments.domain.board_play.events import ResultRecorded

STREAM_TYPE = "board_play"
TABLES = uuid.UUID("5d0f3f0e-7f7a-4e7b-8f0c-2b8d2d6c9e11")
CARRIES = uuid.UUID("0b7c1f8e-4a52-4d1e-9c3a-6e2f5d8b1a07")


class NoDeal(StateConflict):
    code = "no_deal"


def table_id(tournament_id: UUID, session: int, table: int) -> UUID:
    """The stable id of a physical table in one session."""
    return uuid.uuid5(TABLES, f"{tournament_id}:{session}:{table}")


BOARDS = StreamCache(board_play.evolve, board_play.INITIAL)


def load(ref: handlers.TableRef) -> board_play.BoardPlayState:
    stream = board_play.stream_id(
        table_id(ref.tournament_id, ref.session, ref.table), ref.board_number
    )
    state: board_play.BoardPlayState = BOARDS.load(stream)[1]
    return state


def play(
    ref: handlers.TableRef,
    command: BoardPlayCommand,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    request: object = None,
) -> AppendResult | None:
    """Decide and append one table command and carry any new result (Law 79A)
    in the same transaction: the client's 201 means both are stored.

    The seating is checked when the board is put on the table (Laws 8 and
    15): a later command acts on a stream that exists only because that
    check passed, so the tournament is read again only to carry a result.
    A carry the result stream refuses (Law 79C) refuses the command.
    """
    if isinstance(command, StartBoard):
        _assignment(ref)
    stream = board_play.stream_id(
        table_id(ref.tournament_id, ref.session, ref.table), ref.board_number
    )

    def carry(events: list[object], ids: list[UUID]) -> list[PendingAppend]:
        outcomes = [
            (event, event_id)
            for event, event_id in zip(events, ids, strict=True)
            if isinstance(event, ResultRecorded)
        ]
        if not outcomes:
            return []
        outcome, source = outcomes[-1]
        return carry_result(ref, outcome, source, metadata)

    return execute(
        stream,
        STREAM_TYPE,
        BOARDS,
        lambda state, now: board_play.decide(state, command, now),
        metadata=metadata,
        request=command if request is None else request,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        also=carry,
        needs_clock=False,
    )


def _assignment(ref: handlers.TableRef) -> tournament.TableAssignment:
    """The pairs seated at this table for this board (Law 8), or a typed error."""
    state = handlers.load_tournament(ref.tournament_id)
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    return handlers.seating(state, ref)


def carry_result(
    ref: handlers.TableRef,
    outcome: ResultRecorded,
    source: UUID,
    metadata: Metadata,
) -> list[PendingAppend]:
    """The board-result append a recorded table result implies (Law 79A), as the
    table device would enter it; its event ids derive from ``source`` (the
    ``ResultRecorded`` event), so it is stored once whoever carries it."""
    state = handlers.load_tournament(ref.tournament_id)
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    assignment = handlers.seating(state, ref)
    result_stream = board_result.stream_id(
        ref.tournament_id, ref.session, ref.board_number, ref.table
    )
    version, existing = handlers.BOARD_RESULTS.load(result_stream)
    command: board_result.BoardResultCommand
    if existing.entered is None:
        command = board_result.EnterResult(
            tournament_id=ref.tournament_id,
            session=ref.session,
            board_number=ref.board_number,
            table=ref.table,
            ns=assignment.ns,
            ew=assignment.ew,
            contract=outcome.contract,
            lead=None,
            tricks=outcome.tricks_made,
            entered_by="play",
        )
    else:
        command = board_result.CorrectResult(
            contract=outcome.contract,
            lead=None,
            tricks=outcome.tricks_made,
            reason="result changed at the table (Law 79A)",
            at_table=True,
        )
    try:
        events = board_result.decide(
            existing,
            command,
            event_store().now(),
            handlers.window_for(state, ref.session),
        )
    except board_result.CorrectionPeriodClosed:
        raise RuleViolation(
            "the play changed a result after the correction period", law=LawRef("79C")
        ) from None
    if not events:
        return []
    return [
        PendingAppend(
            result_stream,
            board_result.STREAM_TYPE,
            events,
            version,
            Metadata(
                actor=metadata.actor,
                tournament_id=ref.tournament_id,
                causation_id=source,
                correlation_id=metadata.correlation_id,
                command="carry_result",
            ),
            event_ids=[
                uuid.uuid5(CARRIES, f"{source}:{index}") for index in range(len(events))
            ],
        )
    ]


class ResultCarry(ProcessManager):
    """Carries every recorded table result to its board-result stream: the
    catch-up for a carry the command path did not store (events recorded
    before this process existed are left as they were: its checkpoint starts
    at the head, migration ``tournaments`` 00xx)."""

    name = "tournaments.processes.result_carry.v1"
    event_types = (ResultRecorded.event_type,)
    refusals = (RuleViolation,)

    def react(self, recorded: RecordedEvent) -> list[PendingAppend]:
        tournament_id = recorded.metadata.get("tournament_id")
        outcome = recorded.event
        if tournament_id is None or not isinstance(outcome, ResultRecorded):
            return []
        ref = _table_of(UUID(tournament_id), recorded.stream_id)
        if ref is None:
            return []
        meta = Metadata(actor=str(recorded.metadata.get("actor", "system:carry")))
        return carry_result(ref, outcome, recorded.event_id, meta)


def _table_of(tournament_id: UUID, stream: UUID) -> handlers.TableRef | None:
    """The table and board whose play stream is ``stream``."""
    played: board_play.BoardPlayState = BOARDS.load(stream)[1]
    if played.table_id is None:
        return None
    state = handlers.load_tournament(tournament_id)
    for number, session in state.sessions.items():
        for table in sorted({a.table for a in session.assignments}):
            if table_id(tournament_id, number, table) == played.table_id:
                return handlers.TableRef(
                    tournament_id, number, played.board_number, table
                )
    return None
