"""The burraco commands as pages and the API send them (decision 0221).

Pages import this module and ``burraco.selectors``, never the write side
(``burraco.handlers``, ``decide``, the state loaders): an import-linter
contract keeps it so. A command goes through ``handle_burraco`` (one
command, one stream) or, for a turn's sheets typed together, through
``enter_sheets``: ONE command over every table's stream it touches, each
sheet decided by the pure ``decide`` before the one transaction of
``eventstore.commands.execute`` (decision 0085), all stored or none.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any
from uuid import UUID

from burraco import domain as burraco
from burraco.handlers import (
    BURRACO,
    CONFLICT_RETRIES,
    TABLES,
    advisory,
    create_burraco,
    handle_burraco,
)
from eventstore.commands import PendingAppend, execute, fold
from eventstore.errors import WrongExpectedVersion
from eventstore.store import AppendResult, Metadata, event_store
from rules.burraco.articles import art
from rules.errors import DomainError

__all__ = [
    "MAX_SHEETS",
    "EnterScoreSheets",
    "create_burraco",
    "enter_sheets",
    "handle_burraco",
]

# A turn of the largest room has a few hundred tables: one request, one
# transaction of that size at most.
MAX_SHEETS = 500
# Events a sheet may decide (the sheet, an 800-MP annulment, warnings).
EVENTS_PER_SHEET = 8


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterScoreSheets:
    """A turn's sheets typed together (Arts. 18, 19): each the single
    sheet's ``EnterScoreSheet``, all recorded or none."""

    turn: int
    sheets: tuple[burraco.EnterScoreSheet, ...]


def _checked(batch: EnterScoreSheets) -> None:
    """The batch's own shape: some sheets, of its turn, each table once."""
    if not batch.sheets or len(batch.sheets) > MAX_SHEETS:
        raise burraco.InvalidSheet(
            f"a batch holds from 1 to {MAX_SHEETS} sheets", field="sheets"
        )
    seen: set[int] = set()
    for index, sheet in enumerate(batch.sheets):
        if sheet.turn != batch.turn:
            raise burraco.InvalidSheet(
                f"table {sheet.table}: the sheet is of turn {sheet.turn}, "
                f"the batch of turn {batch.turn}",
                field=f"sheets.{index}.turn",
                law=art(19),
            )
        if sheet.table in seen:
            raise burraco.InvalidSheet(
                f"table {sheet.table}: its sheet is twice in the batch",
                field=f"sheets.{index}.table",
                law=art(19),
            )
        seen.add(sheet.table)


def _refused(refusals: list[tuple[int, int, DomainError]]) -> DomainError:
    """The first refusal, naming its sheet, with every refused sheet listed
    in ``errors`` (its table, field, code, article and detail)."""
    entries: list[dict[str, object]] = []
    for index, table, error in refusals:
        entry: dict[str, object] = {
            "table": table,
            "field": f"sheets.{index}" + (f".{error.field}" if error.field else ""),
            "code": error.code,
            "detail": error.message,
        }
        if error.law is not None:
            entry["law"] = str(error.law)
        if error.value is not None:
            entry["value"] = error.value
        entries.append(entry)
    _index, table, first = refusals[0]
    first.field = str(entries[0]["field"])
    first.message = f"table {table}: {first.message}"
    first.args = (first.message,)
    first.errors = tuple(entries)
    return first


def _decided(
    sheets: tuple[burraco.EnterScoreSheet, ...],
    now: datetime,
    table_state: Callable[[int, burraco.EnterScoreSheet], burraco.BurracoState],
) -> tuple[list[list[Any]], list[tuple[int, int, DomainError]]]:
    """Each sheet's events, decided on its table's state (``table_state``),
    or its refusal: every sheet is decided, so every refusal is named."""
    decided: list[list[Any]] = []
    refusals: list[tuple[int, int, DomainError]] = []
    for index, sheet in enumerate(sheets):
        try:
            decided.append(burraco.decide(table_state(index, sheet), sheet, now))
        except DomainError as refused:
            refusals.append((index, sheet.table, refused))
            decided.append([])
    return decided, refusals


def enter_sheets(
    tournament_id: UUID,
    batch: EnterScoreSheets,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult:
    """Decide every sheet of ``batch`` on its table's stream and store them
    in one transaction, or refuse the batch naming each refused sheet.

    The answer is the first table's append, its ``last_position`` the
    batch's last (one transaction holds the position counter, so the
    batch's events are contiguous): a read waiting for it reads them all.
    """
    _checked(batch)
    own = burraco.stream_id(tournament_id)
    opened = BURRACO.load(own)[1].opened
    if opened is None:
        raise burraco.BurracoNotOpen("no such burraco tournament")
    correlation = uuid.uuid4()
    tagged = replace(metadata, correlation_id=correlation)
    if not opened.table_streams:
        result = _on_one_stream(tournament_id, batch, tagged, idempotency_key)
    else:
        result = _on_table_streams(tournament_id, batch, tagged, idempotency_key)
    return replace(result, last_position=_last_position(batch, result))


def _on_one_stream(
    tournament_id: UUID,
    batch: EnterScoreSheets,
    metadata: Metadata,
    idempotency_key: str | None,
) -> AppendResult:
    """A tournament opened before decision 0144: every sheet on the burraco
    stream, each decided on the state the earlier ones leave."""

    def decide(state: burraco.BurracoState, now: datetime) -> list[Any]:
        events: list[Any] = []
        refusals: list[tuple[int, int, DomainError]] = []
        for index, sheet in enumerate(batch.sheets):
            try:
                found = burraco.decide(state, sheet, now)
            except DomainError as refused:
                refusals.append((index, sheet.table, refused))
                continue
            events += found
            state = fold(burraco.evolve, state, found)
        if refusals:
            raise _refused(refusals)
        return events

    result = execute(
        burraco.stream_id(tournament_id),
        burraco.STREAM_TYPE,
        BURRACO,
        decide,
        metadata=metadata,
        request=batch,
        idempotency_key=idempotency_key,
        retries=CONFLICT_RETRIES,
    )
    assert result is not None  # a sheet always decides its event
    return result


def _on_table_streams(
    tournament_id: UUID,
    batch: EnterScoreSheets,
    metadata: Metadata,
    idempotency_key: str | None,
) -> AppendResult:
    """Each sheet on its table's stream (decision 0144), all in one
    transaction under the shared lock a publication takes exclusively,
    proving the burraco stream unchanged since the sheets were decided."""
    own = burraco.stream_id(tournament_id)
    streams = [
        burraco.table_stream_id(tournament_id, s.turn, s.table) for s in batch.sheets
    ]
    seen = [0]
    tries = [0]
    others: list[PendingAppend] = []

    def decide(first: burraco.BurracoState, now: datetime) -> list[Any]:
        # As ``execute`` does for the first stream: the first try trusts the
        # process's cache (each append's compare-and-set proves it), a
        # retry reads every stream.
        tries[0] += 1
        trusted = tries[0] > 1
        seen[0], current = BURRACO.load(own)
        versions = [0] * len(streams)

        def table_state(
            index: int, sheet: burraco.EnterScoreSheet
        ) -> burraco.BurracoState:
            if index == 0:
                return burraco.merge(current, first)
            if trusted:
                version, state = TABLES.load(streams[index])
            else:
                version, state = TABLES.peek(streams[index]) or (0, burraco.INITIAL)
            versions[index] = version
            return burraco.merge(current, state)

        decided, refusals = _decided(batch.sheets, now, table_state)
        if refusals:
            raise _refused(refusals)
        others[:] = [
            PendingAppend(
                streams[i],
                burraco.TABLE_STREAM_TYPE,
                decided[i],
                versions[i],
                metadata,
            )
            for i in range(1, len(streams))
        ]
        return decided[0]

    def unchanged(result: AppendResult) -> None:
        advisory(tournament_id, shared=True)
        version = event_store().stream_version(own)
        if version != seen[0]:
            raise WrongExpectedVersion(own, seen[0], version)

    result = execute(
        streams[0],
        burraco.TABLE_STREAM_TYPE,
        TABLES,
        decide,
        metadata=metadata,
        request=batch,
        idempotency_key=idempotency_key,
        also=lambda events, ids: others,
        within=unchanged,
        retries=CONFLICT_RETRIES,
    )
    assert result is not None  # a sheet always decides its event
    return result


def _last_position(batch: EnterScoreSheets, first: AppendResult) -> int:
    """The batch's last position: the run of its own events (one
    correlation id, on its streams) from the first append's first one,
    read back, so that a retried key is answered the same."""
    if len(batch.sheets) == 1:
        return first.last_position
    recorded = event_store().read_all(
        after_position=first.first_position - 1,
        limit=EVENTS_PER_SHEET * len(batch.sheets),
        decode=False,
    )
    last = first.last_position
    for r in recorded[1:] if recorded else ():
        if r.metadata.get("correlation_id") != recorded[0].metadata.get(
            "correlation_id"
        ):
            break
        last = max(last, r.global_position)
    return last
