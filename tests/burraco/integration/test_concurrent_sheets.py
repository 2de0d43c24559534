"""Every table's sheet at once: all stored, none refused (decisions 0120, 0144).

A tournament opened before decision 0144 keeps every sheet on its burraco
stream, where a lost compare-and-set is decided again
(``CONFLICT_RETRIES``); this test keeps one so (``test_table_streams``
covers the stream a table). Threads in one process, each with
its own connection (the database is shared with other work: a couple of
dozen).
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from tests.support.burraco import open_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
TABLES = 24


def test_every_tables_sheet_at_once_is_stored() -> None:
    tid, meta = open_tournament(2 * TABLES, table_streams=False)
    handle_burraco(tid, b.FormLines(), metadata=meta)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)
    errors: list[str] = []
    barrier = threading.Barrier(TABLES)

    def enter(table: int) -> None:
        sheet = b.SheetHand(
            fixed_base=100, fixed_points=5 * table, mobile_base=0, mobile_points=0
        )
        try:
            barrier.wait()
            handle_burraco(
                tid,
                b.EnterScoreSheet(turn=1, table=table, hands=(sheet,)),
                metadata=meta,
            )
        except Exception as error:  # collected: the assertion names them
            errors.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=enter, args=(t,)) for t in range(1, TABLES + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    state = load_burraco(tid)
    assert state.turn_complete(1) is True
    assert [state.results[(1, t)].fixed_mp for t in range(1, TABLES + 1)] == [
        100 + 5 * t for t in range(1, TABLES + 1)
    ]
