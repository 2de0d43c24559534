"""Live play at a table: drive the board-play aggregate from the event store.

Each call, card, claim and rectification choice is a command on the stream of
one board at one table (``tournaments.domain.board_play``). When the play
records a result (Law 79A), the result is carried into the board-result
stream that scoring reads, as the table device would enter it; the carry is
idempotent (keyed by the play event), so a retry never records it twice.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from uuid import UUID

from eventstore.store import AppendResult, Metadata
from rules.errors import LawRef, RuleViolation, StateConflict
from tournaments import handlers
from tournaments.domain import board_play, board_result, tournament
from tournaments.domain.board_play.commands import BoardPlayCommand, StartBoard
from tournaments.domain.board_play.events import ResultRecorded

STREAM_TYPE = "board_play"
TABLES = uuid.UUID("5d0f3f0e-7f7a-4e7b-8f0c-2b8d2d6c9e11")


class NoDeal(StateConflict):
    code = "no_deal"


def table_id(tournament_id: UUID, session: int, table: int) -> UUID:
    """The stable id of a physical table in one session."""
    return uuid.uuid5(TABLES, f"{tournament_id}:{session}:{table}")


BOARDS = handlers.StreamCache(board_play.evolve, board_play.INITIAL)


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
) -> AppendResult | None:
    """Decide and append one table command, then carry any new result (Law 79A).

    The seating is checked when the board is put on the table (Laws 8 and
    15): a later command acts on a stream that exists only because that
    check passed, so the tournament is read again only to carry a result.
    """
    if isinstance(command, StartBoard):
        _assignment(ref)
    stream = board_play.stream_id(
        table_id(ref.tournament_id, ref.session, ref.table), ref.board_number
    )
    decided: list[object] = []

    def decide(state: board_play.BoardPlayState, now: datetime) -> list[object]:
        decided[:] = board_play.decide(state, command, now)
        return decided

    result = handlers.run_command(
        stream,
        STREAM_TYPE,
        BOARDS,
        decide,
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        needs_clock=False,
    )
    outcomes = [e for e in decided if isinstance(e, ResultRecorded)]
    if result is not None and outcomes:
        _carry_result(ref, _assignment(ref), outcomes[-1], result, metadata)
    return result


def _assignment(ref: handlers.TableRef) -> tournament.TableAssignment:
    """The pairs seated at this table for this board (Law 8), or a typed error."""
    state = handlers.load_tournament(ref.tournament_id)
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    return handlers.seating(state, ref)


def _carry_result(
    ref: handlers.TableRef,
    assignment: tournament.TableAssignment,
    outcome: ResultRecorded,
    appended: AppendResult,
    metadata: Metadata,
) -> None:
    result_stream = board_result.stream_id(
        ref.tournament_id, ref.session, ref.board_number, ref.table
    )
    existing = handlers.BOARD_RESULTS.load(result_stream)[1]
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
        )
    try:
        handlers.handle_board_result(
            ref,
            lambda _a: command,
            metadata=metadata,
            idempotency_key=f"carry:{appended.stream_id}:{appended.last_position}",
        )
    except board_result.CorrectionPeriodClosed:
        raise RuleViolation(
            "the play changed a result after the correction period", law=LawRef("79C")
        ) from None
