"""A turn's sheets are ONE command (decision 0221): every sheet decided by
the command path on its table's stream, all stored in one transaction or
none, a refusal naming the sheet and its article (Arts. 18, 19); the
scoring room's page sends that command and decides nothing itself."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from burraco import domain as b
from burraco.commands import EnterScoreSheets, enter_sheets
from burraco.handlers import handle_burraco, load_burraco
from eventstore.store import Metadata, event_store
from rules.errors import DomainError
from tests.console.integration.test_burraco_console import sheet, text, user_with
from tests.support.burraco import open_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# The page's POST of two sheets, all of it: the director's session and
# grant, the console's reads before and after, the one command (its
# idempotency look-up, the table and burraco streams, the shared lock and
# the burraco stream's version, the appends, the batch's last position).
PAGE_QUERIES = 33


def _turn_one(tables: int = 2) -> tuple[UUID, Metadata]:
    tid, meta = open_tournament(2 * tables, turns=2, mitchell_turns=2)
    handle_burraco(tid, b.FormLines(), metadata=meta)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)
    return tid, meta


def _table_events(tid: UUID, *tables: int) -> list[Any]:
    return [
        r.event
        for t in tables
        for r in event_store().read_stream(b.table_stream_id(tid, 1, t)).events
    ]


def _hand(fixed_points: int) -> b.SheetHand:
    return b.SheetHand(
        fixed_base=0, fixed_points=fixed_points, mobile_base=0, mobile_points=0
    )


class _Commits:
    """The transactions the connection commits (each durable ``atomic``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = connection.commit

        def commit() -> None:
            self.count += 1
            real()

        monkeypatch.setattr(connection, "commit", commit)


def test_the_pages_two_sheets_are_one_transaction_of_a_known_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two sheets typed together: one command, one transaction, and the
    page's whole POST costs ``PAGE_QUERIES`` queries (it cost 39 queries and
    two transactions when the page decided and appended sheet by sheet)."""
    tid, _meta = _turn_one()
    director = user_with("director", tournament_id=tid)
    form = {
        **sheet(1, (300, 40, 0, -60), (0, 120, 100, 90)),
        **sheet(2, (0, 125, 0, 0)),
        "idempotency_key": "batch-1",
    }
    commits = _Commits(monkeypatch)
    with CaptureQueriesContext(connection) as queries:
        recorded = director.post(f"/console/burraco/{tid}/turns/1/", form)
    assert recorded.status_code == 201, text(recorded)
    assert "2 score registrati." in text(recorded)
    assert commits.count == 1
    sql = [q["sql"] for q in queries]
    assert sum(s.startswith("SELECT * FROM es_append(") for s in sql) == 2
    assert sql.count("BEGIN") == 1  # both appends in one transaction
    assert len(queries) == PAGE_QUERIES
    results = load_burraco(tid).results
    assert (results[(1, 1)].fixed_mp, results[(1, 1)].mobile_mp) == (460, 130)
    assert (results[(1, 2)].fixed_mp, results[(1, 2)].mobile_mp) == (125, 0)


def test_a_sheet_refused_on_the_page_stores_none_of_the_turns_sheets() -> None:
    """The second sheet not a multiple of 5 (Art. 18): the page answers 422
    with the refusal beside table 2's line, and no table's stream holds an
    event: the first sheet is not stored either."""
    tid, _meta = _turn_one()
    director = user_with("director", tournament_id=tid)
    form = {
        **sheet(1, (300, 40, 0, -60), (0, 120, 100, 90)),
        **sheet(2, (0, 123, 0, 0)),
        "idempotency_key": "batch-2",
    }
    refused = director.post(f"/console/burraco/{tid}/turns/1/", form)
    assert refused.status_code == 422
    body = text(refused)
    assert "Non è stato registrato nulla: correggi gli score segnati." in body
    assert (
        "Smazzata 1, i punti della linea fissa 123: ogni valore del conteggio è "
        "un multiplo di 5 (Codice di Gara Art. 18)" in body
    )
    assert _table_events(tid, 1, 2) == []
    assert load_burraco(tid).results == {}


def test_a_sheet_entered_meanwhile_refuses_the_whole_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another director enters table 2's sheet while the page's command is
    being decided: the batch loses its compare-and-set, is decided again,
    and is refused whole (409, Art. 19's sheet already entered): table 1's
    sheet is not kept, as it was when the page appended sheet by sheet."""
    tid, meta = _turn_one()
    director = user_with("director", tournament_id=tid)
    real = b.decide
    other = b.EnterScoreSheet(turn=1, table=2, hands=(_hand(50), _hand(0)))
    done = [False]

    def decide(state: Any, command: Any, now: Any, **kw: Any) -> Any:
        # A pause point, not a stand-in: the real decision is returned.
        if (
            not done[0]
            and isinstance(command, b.EnterScoreSheet)
            and command.table == 2
        ):
            done[0] = True
            handle_burraco(
                tid, other, metadata=Metadata(actor="user:other", tournament_id=tid)
            )
        return real(state, command, now, **kw)

    monkeypatch.setattr(b, "decide", decide)
    form = {
        **sheet(1, (300, 40, 0, -60), (0, 120, 100, 90)),
        **sheet(2, (0, 125, 0, 0)),
        "idempotency_key": "batch-3",
    }
    refused = director.post(f"/console/burraco/{tid}/turns/1/", form)
    assert refused.status_code == 409, text(refused)
    assert "Non è stato registrato nulla: correggi gli score segnati." in text(refused)
    assert _table_events(tid, 1) == []
    results = load_burraco(tid).results
    assert list(results) == [(1, 2)]
    assert results[(1, 2)].fixed_mp == 50  # the other director's sheet
    del meta


def test_the_command_names_every_refused_sheet_and_its_article() -> None:
    """``enter_sheets`` straight: the first refusal names its sheet in
    ``field`` and its article in ``law``; ``errors`` lists each refused
    sheet with its table; nothing is stored; a valid batch then is."""
    tid, meta = _turn_one(3)
    batch = EnterScoreSheets(
        turn=1,
        sheets=(
            b.EnterScoreSheet(turn=1, table=1, hands=(_hand(100), _hand(0))),
            b.EnterScoreSheet(turn=1, table=2, hands=(_hand(101), _hand(0))),
            b.EnterScoreSheet(
                turn=1, table=3, hands=(_hand(100), _hand(0)), countersigned=False
            ),
        ),
    )
    with pytest.raises(DomainError) as refused:
        enter_sheets(tid, batch, metadata=meta)
    error = refused.value
    assert error.code == "not_a_multiple_of_five"
    assert error.message == "table 2: " + error.errors[0]["detail"]
    assert (error.field, str(error.law)) == (
        "sheets.1.hands.0.fixed_points",
        "Codice di Gara Art. 18",
    )
    assert [(e["table"], e["field"], e["code"], e["law"]) for e in error.errors] == [
        (
            2,
            "sheets.1.hands.0.fixed_points",
            "not_a_multiple_of_five",
            "Codice di Gara Art. 18",
        ),
        (3, "sheets.2.countersigned", "invalid_sheet", "Codice di Gara Art. 19"),
    ]
    assert _table_events(tid, 1, 2, 3) == []
    fixed = EnterScoreSheets(
        turn=1,
        sheets=tuple(
            b.EnterScoreSheet(turn=1, table=t, hands=(_hand(100), _hand(0)))
            for t in (1, 2, 3)
        ),
    )
    result = enter_sheets(tid, fixed, metadata=meta)
    assert result.last_position == event_store().head_position()
    assert result.last_position - result.first_position == 2
    assert sorted(load_burraco(tid).results) == [(1, 1), (1, 2), (1, 3)]
