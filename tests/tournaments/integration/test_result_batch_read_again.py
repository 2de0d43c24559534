"""A batch is decided on this process's cached tables first and, when that
loses, on the tables as read: the command path's one retry loop
(``eventstore.commands.execute_together``, decision 0219)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from uuid import UUID

import pytest

from eventstore.store import Metadata, event_store
from tests.support.pairs_event import client_for, make_tournament, seat_pairs
from tournaments.domain import board_result
from tournaments.handlers import BOARD_RESULTS, load_tournament
from tournaments.result_batch import LinesRefused, ResultLine, enter_results

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _first_round(tid: UUID) -> list[ResultLine]:
    session = load_tournament(tid).sessions[1]
    return [
        ResultLine(board, a.table, "3NTS", "SA", 9)
        for a in session.assignments
        if a.round == 1
        for board in a.boards
    ]


def test_a_batch_on_a_table_another_process_entered_is_refused_whole() -> None:
    """This process never saw the table's result (its cache takes the stream
    to be new): the batch's append loses its compare-and-set, the tables are
    read and the batch refused naming that line (Law 79A: a result entered
    once), with nothing of it written."""
    staff, _user = client_for(f"s-{uuid.uuid4().hex[:8]}", federation_staff={})
    tid = UUID(make_tournament(staff, timedelta(hours=3)))
    seat_pairs(staff, str(tid), {}, timedelta(hours=1))
    lines = _first_round(tid)
    metadata = Metadata(actor="user:1", tournament_id=tid)
    enter_results(tid, 1, lines[2:3], metadata=metadata)
    BOARD_RESULTS.entries.clear()  # entered by another process
    before = event_store().head_position()

    with pytest.raises(LinesRefused) as refused:
        enter_results(tid, 1, lines, metadata=metadata)

    assert [(e["index"], e["code"], e["status"]) for e in refused.value.errors] == [
        (2, "result_already_entered", 409)
    ]
    assert event_store().head_position() == before
    for line in lines[:2] + lines[3:]:
        stream = board_result.stream_id(tid, 1, line.board_number, line.table)
        assert event_store().stream_version(stream) == 0


def test_a_batch_beside_a_table_another_process_entered_is_recorded() -> None:
    """Another process entered a table of the round, and this one's cache
    holds none of the round's tables: the batch of the other tables is
    decided on them as new, recorded in one transaction (contiguous
    positions), and the cache then holds each table as stored."""
    staff, _user = client_for(f"s-{uuid.uuid4().hex[:8]}", federation_staff={})
    tid = UUID(make_tournament(staff, timedelta(hours=3)))
    seat_pairs(staff, str(tid), {}, timedelta(hours=1))
    lines = _first_round(tid)
    metadata = Metadata(actor="user:1", tournament_id=tid)
    enter_results(tid, 1, lines[:1], metadata=metadata)
    BOARD_RESULTS.entries.clear()
    before = event_store().head_position()

    entered = enter_results(tid, 1, lines[1:], metadata=metadata)

    assert sorted(line.position for line in entered.lines) == list(
        range(before + 1, before + len(lines))
    )
    for line in entered.lines:
        cached = BOARD_RESULTS.peek(line.stream_id)
        assert cached is not None
        assert cached == BOARD_RESULTS.load(line.stream_id)
        assert cached[0] == 1
