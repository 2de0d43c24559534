"""Batches of results racing over the same tables: one is recorded whole, the
others refused whole (decision 0130).

Three batches, each of two rounds, so any two share a round's six tables;
they start together, in threads with a connection each. Whichever commits
first is recorded; the others find its results entered and are refused
naming those lines, with nothing of theirs written: no table ends with two
results, none with a half batch. The batches of a session take their turn
(decision 0197), so how long the first one's transaction takes on a loaded
machine decides nothing: no lock timeout, no deadlock, no retries to run out.
"""

from __future__ import annotations

import threading
import time
import uuid
from datetime import timedelta
from typing import Any
from uuid import UUID

import pytest
from django.db import connection

from eventstore import commands
from eventstore.store import Metadata, event_store
from tests.support.pairs_event import client_for, make_tournament, seat_pairs
from tournaments.domain import board_result
from tournaments.handlers import load_tournament
from tournaments.result_batch import LinesRefused, ResultLine, enter_results

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _round(tid: UUID, number: int) -> list[ResultLine]:
    session = load_tournament(tid).sessions[1]
    return [
        ResultLine(board, a.table, "3NTS", "SA", 9)
        for a in session.assignments
        if a.round == number
        for board in a.boards
    ]


def test_overlapping_batches_at_once_record_one_and_refuse_the_others() -> None:
    staff, _user = client_for(f"s-{uuid.uuid4().hex[:8]}", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=3))
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    tournament_id = UUID(tid)
    rounds = {n: _round(tournament_id, n) for n in (1, 2, 3)}
    batches = [rounds[1] + rounds[2], rounds[2] + rounds[3], rounds[3] + rounds[1]]
    before = event_store().head_position()
    outcomes: list[Any] = [None] * len(batches)
    barrier = threading.Barrier(len(batches))

    def enter(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = enter_results(
                tournament_id,
                1,
                batches[index],
                metadata=Metadata(actor="user:1", tournament_id=tournament_id),
            )
        except Exception as exc:
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=enter, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    recorded = [i for i, o in enumerate(outcomes) if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, LinesRefused)]
    assert (len(recorded), len(refused)) == (1, 2), outcomes
    [winner] = recorded
    assert event_store().head_position() == before + 12
    for error in refused:
        # Each refusal names exactly the six lines the winner entered first.
        assert len(error.errors) == 6
        assert {e["code"] for e in error.errors} == {"result_already_entered"}
    for line in batches[winner]:
        stream = board_result.stream_id(tournament_id, 1, line.board_number, line.table)
        assert event_store().stream_version(stream) == 1
    untouched = next(r for n, r in rounds.items() if r[0] not in batches[winner])
    for line in untouched:
        stream = board_result.stream_id(tournament_id, 1, line.board_number, line.table)
        assert event_store().stream_version(stream) == 0


def _waiting_for_a_batch() -> bool:
    """Whether a connection waits for a session's batch lock (decision 0197:
    the two-key advisory lock, outside any transaction)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
            "AND objsubid = 2 AND NOT granted"
        )
        return bool(cursor.fetchone()[0])


def test_a_second_batch_waits_for_the_first_before_reading_its_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first batch is held just before its transaction until the second
    is seen waiting for it: the second waits outside any transaction (no
    lock timeout runs), then reads the first's lines and is refused whole.
    Had it waited inside its transaction, on the position counter, it
    would never be seen waiting here."""
    staff, _user = client_for(f"s-{uuid.uuid4().hex[:8]}", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=3))
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    tournament_id = UUID(tid)
    first, second = (
        _round(tournament_id, 1) + _round(tournament_id, 2),
        _round(tournament_id, 2) + _round(tournament_id, 3),
    )
    append_together = commands.append_together
    holding = threading.Event()
    seen: list[bool] = []

    def held(appends: Any, within: Any = None) -> Any:
        if not holding.is_set():
            holding.set()
            end = time.monotonic() + 120  # a bound, not a measure
            while not _waiting_for_a_batch() and time.monotonic() < end:
                time.sleep(0.05)
            seen.append(_waiting_for_a_batch())
        return append_together(appends, within)

    monkeypatch.setattr(commands, "append_together", held)
    outcomes: dict[str, Any] = {}

    def enter(name: str, lines: list[ResultLine]) -> None:
        try:
            outcomes[name] = enter_results(
                tournament_id,
                1,
                lines,
                metadata=Metadata(actor="user:1", tournament_id=tournament_id),
            )
        except Exception as exc:
            outcomes[name] = exc
        finally:
            connection.close()

    one = threading.Thread(target=enter, args=("first", first))
    one.start()
    assert holding.wait(120)
    two = threading.Thread(target=enter, args=("second", second))
    two.start()
    one.join()
    two.join()
    assert seen == [True]
    assert len(outcomes["first"].lines) == 12, outcomes
    refused = outcomes["second"]
    assert isinstance(refused, LinesRefused), outcomes
    assert [(e["board_number"], e["table"]) for e in refused.errors] == [
        (line.board_number, line.table) for line in _round(tournament_id, 2)
    ]
    assert {e["code"] for e in refused.errors} == {"result_already_entered"}
