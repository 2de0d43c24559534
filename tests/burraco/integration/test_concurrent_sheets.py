"""Every table's sheet at once: all stored, none refused (decisions 0120, 0144).

Each table's sheet goes to its own stream (decision 0144); a tournament
opened before keeps them on its burraco stream, where a lost compare-and-set
is decided again (``CONFLICT_RETRIES``). Threads in one process, each with
its own connection (the database is shared with other work: a couple of
dozen).
"""

from __future__ import annotations

import threading
import uuid
from uuid import UUID

import pytest
from django.db import connection

from burraco import domain as b
from burraco.handlers import create_burraco, handle_burraco, load_burraco
from eventstore.store import Metadata, event_store
from tests.support.players import register_players
from tournaments.domain import tournament
from tournaments.handlers import handle_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
TABLES = 24


def test_every_tables_sheet_at_once_is_stored() -> None:
    tid = uuid.uuid4()
    meta = Metadata(actor="system:tests", tournament_id=tid)
    create_burraco(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name="Burraco",
            game=tournament.Game.BURRACO,
            form=tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.BURRACO_VP,
            windows=tournament.WindowRules(),
            starts_at=event_store().now(),
        ),
        b.OpenBurraco(tournament_id=tid, hands_per_turn=2, turns=1),
        metadata=meta,
    )
    for number in range(1, 2 * TABLES + 1):
        handle_tournament(
            tid,
            tournament.EnterPair(
                number=number,
                entry_id=uuid.uuid4(),
                player_ids=tuple(UUID(p) for p in register_players(2)),
            ),
            metadata=meta,
        )
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
