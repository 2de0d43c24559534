"""Sheets on a stream per table and turn, and the Art. 20 cut-off across
streams (decision 0144).

A table's sheet is decided once (no other table's sheet can make it lose a
compare-and-set); a correction decided before the next positions but stored
after them is decided again and refused; a publication decided before a
correction stored first is decided again with it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest
from django.db import connection

from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from eventstore.store import Metadata, event_store
from tests.support.burraco import open_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _tournament(
    tables: int, *, turns: int = 2, mitchell_turns: int | None = None, **settings: Any
) -> tuple[UUID, Metadata]:
    tid, meta = open_tournament(
        2 * tables, turns=turns, mitchell_turns=mitchell_turns, **settings
    )
    handle_burraco(tid, b.FormLines(), metadata=meta)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)
    return tid, meta


def _hand(fixed: int) -> tuple[b.SheetHand, ...]:
    return (
        b.SheetHand(fixed_base=0, fixed_points=fixed, mobile_base=0, mobile_points=0),
    )


def _counting(
    monkeypatch: pytest.MonkeyPatch, pause: Callable[[Any, int], None] | None = None
) -> list[str]:
    """Count (and optionally pause) the handlers' decisions by command."""
    calls: list[str] = []
    real = b.decide

    def decide(state: Any, command: Any, now: Any, **kw: Any) -> Any:
        calls.append(type(command).__name__)
        if pause is not None:
            pause(command, calls.count(type(command).__name__))
        return real(state, command, now, **kw)

    monkeypatch.setattr(b, "decide", decide)
    return calls


def test_each_tables_sheet_is_decided_once_on_its_own_stream(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tables = 12
    tid, meta = _tournament(tables)
    before = event_store().stream_version(b.stream_id(tid))
    calls = _counting(monkeypatch)
    barrier = threading.Barrier(tables)
    errors: list[str] = []

    def enter(table: int) -> None:
        try:
            barrier.wait()
            handle_burraco(
                tid,
                b.EnterScoreSheet(turn=1, table=table, hands=_hand(5 * table)),
                metadata=meta,
            )
        except Exception as error:  # collected: the assertion names them
            errors.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=enter, args=(t,)) for t in range(1, tables + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert calls == ["EnterScoreSheet"] * tables
    assert event_store().stream_version(b.stream_id(tid)) == before
    assert [
        event_store().stream_version(b.table_stream_id(tid, 1, t))
        for t in range(1, tables + 1)
    ] == [1] * tables
    state = load_burraco(tid)
    assert state.turn_complete(1) is True
    assert [state.results[(1, t)].fixed_mp for t in range(1, tables + 1)] == [
        5 * t for t in range(1, tables + 1)
    ]


def test_a_correction_stored_after_the_next_positions_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tid, meta = _tournament(2)
    for table in (1, 2):
        handle_burraco(
            tid, b.EnterScoreSheet(turn=1, table=table, hands=_hand(100)), metadata=meta
        )
    decided, published = threading.Event(), threading.Event()

    def pause(command: Any, nth: int) -> None:
        if isinstance(command, b.CorrectScoreSheet) and nth == 1:
            decided.set()
            published.wait(20)

    calls = _counting(monkeypatch, pause)
    outcome: list[str] = []

    def correct() -> None:
        try:
            handle_burraco(
                tid,
                b.CorrectScoreSheet(
                    turn=1, table=1, hands=_hand(300), opponents_confirmed=True
                ),
                metadata=meta,
            )
            outcome.append("stored")
        except Exception as error:
            outcome.append(f"{type(error).__name__}: {getattr(error, 'law', '')}")
        finally:
            connection.close()

    thread = threading.Thread(target=correct)
    thread.start()
    assert decided.wait(20) is True
    handle_burraco(tid, b.PublishPositions(turn=2), metadata=meta)
    published.set()
    thread.join()
    assert outcome == ["CorrectionWindowClosed: Codice di Gara Art. 20"]
    assert calls.count("CorrectScoreSheet") == 2
    assert event_store().stream_version(b.table_stream_id(tid, 1, 1)) == 1
    assert load_burraco(tid).results[(1, 1)].fixed_mp == 100


def test_a_publication_decided_before_a_correction_is_decided_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Turn 2 is Danese: its positions come from turn 1's standings.
    tid, meta = _tournament(2, mitchell_turns=1)
    handle_burraco(
        tid, b.EnterScoreSheet(turn=1, table=1, hands=_hand(1200)), metadata=meta
    )
    handle_burraco(
        tid, b.EnterScoreSheet(turn=1, table=2, hands=_hand(500)), metadata=meta
    )
    decided, corrected = threading.Event(), threading.Event()

    def pause(command: Any, nth: int) -> None:
        if isinstance(command, b.PublishPositions) and nth == 1:
            decided.set()
            corrected.wait(20)

    calls = _counting(monkeypatch, pause)
    outcome: list[str] = []

    def publish() -> None:
        try:
            handle_burraco(tid, b.PublishPositions(turn=2), metadata=meta)
            outcome.append("published")
        except Exception as error:
            outcome.append(type(error).__name__)
        finally:
            connection.close()

    thread = threading.Thread(target=publish)
    thread.start()
    assert decided.wait(20) is True
    # Table 2's winner now beats table 1's: the Danese order changes.
    handle_burraco(
        tid,
        b.CorrectScoreSheet(
            turn=1, table=2, hands=_hand(1500), opponents_confirmed=True
        ),
        metadata=meta,
    )
    corrected.set()
    thread.join()
    assert outcome == ["published"]
    assert calls.count("PublishPositions") == 2
    state = load_burraco(tid)
    fixed_1 = state.positions[1][0].fixed
    fixed_2 = state.positions[1][1].fixed
    # 1st (table 2's fixed, 20 VP) against 2nd (table 1's fixed, 20 VP, fewer MP).
    assert state.positions[2][0] == b.Position(table=1, fixed=fixed_2, mobile=fixed_1)


def test_a_tournament_opened_before_keeps_its_sheets_on_its_stream() -> None:
    tid, meta = _tournament(2, table_streams=False)
    before = event_store().stream_version(b.stream_id(tid))
    handle_burraco(
        tid, b.EnterScoreSheet(turn=1, table=1, hands=_hand(100)), metadata=meta
    )
    assert event_store().stream_version(b.stream_id(tid)) == before + 1
    assert event_store().stream_version(b.table_stream_id(tid, 1, 1)) == 0
    assert load_burraco(tid).results[(1, 1)].fixed_mp == 100
