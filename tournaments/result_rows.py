"""The results read model's rows: their columns, and the set-based writes.

The projection (``tournaments.projections.TournamentResults``) holds a
batch's changes and writes them here with one statement a kind of row
(decisions 0098, 0099): entries and result rows upserted from arrays
(``unnest``) on PostgreSQL, ``bulk_create`` on SQLite; only the figures that
moved rewritten (``write_figures``); a session's scored token swapped in one
statement.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from decimal import Decimal
from typing import Any
from uuid import UUID

from django.db import connection
from django.db.models import BigIntegerField, F, Field, Value
from django.db.models.functions import Greatest

from tournaments.models import (
    EntryRow,
    ResultRow,
    SessionRow,
)
from tournaments.projection_writes import array_literal

LINE_FIELDS = (
    "stream_id",
    "board_number",
    "table",
    "ns",
    "ew",
    "score_ns",
    "adjusted",
    "group",
    "swap",
    "found_here",
)
IDENTITY = (
    "stream_id",
    "tournament_id",
    "session",
    "board_number",
    "table",
    "ns",
    "ew",
)
ROW_FIGURES = ("mp_ns", "mp_ew", "top")
STANDING_FIELDS = (
    "direction",
    "boards",
    "matchpoints",
    "penalty",
    "top",
    "percent",
    "rank",
    "tied",
    "imps",
    "vp",
    "revised",
)
MATCH_FIELDS = (
    "round",
    "team_a",
    "team_b",
    "boards",
    "imps_a",
    "imps_b",
    "vp_a",
    "vp_b",
    "points_a",
    "points_b",
)

Figures = tuple[Decimal | None, Decimal | None, int | None]


def write_entries(entries: dict[tuple[UUID, int], dict[str, Any]]) -> None:
    """Upsert the batch's entries: one ``INSERT ... ON CONFLICT (tournament_id,
    number) DO UPDATE``."""
    if not entries:
        return
    EntryRow.objects.bulk_create(
        [
            EntryRow(tournament_id=tid, number=number, **fields)
            for (tid, number), fields in entries.items()
        ],
        batch_size=1000,
        update_conflicts=True,
        unique_fields=["tournament_id", "number"],
        update_fields=["entry_id", "player_ids", "label"],
    )


def write_positions(
    shown: dict[tuple[UUID, int], int], everywhere: dict[UUID, int]
) -> None:
    """Move the sessions' ``position`` (decision 0135) forward: one statement
    per session the batch changed, one per tournament an entry changed."""
    for tid, position in sorted(everywhere.items()):
        SessionRow.objects.filter(tournament_id=tid).update(
            position=Greatest(F("position"), Value(position, BigIntegerField()))
        )
    for (tid, session), position in sorted(shown.items()):
        SessionRow.objects.filter(tournament_id=tid, session=session).update(
            position=Greatest(F("position"), Value(position, BigIntegerField()))
        )


def write_rows(pending: dict[UUID, dict[str, Any]]) -> None:
    """Upsert the batch's result rows: one ``INSERT ... ON CONFLICT (stream_id)
    DO UPDATE`` per set of fields the batch's events set (usually one), from
    arrays (``unnest``) on PostgreSQL, ``bulk_create`` on SQLite; the figures
    are left to ``write_figures``."""
    by_fields: dict[tuple[str, ...], list[tuple[UUID, dict[str, Any]]]] = {}
    for stream_id, values in pending.items():
        names = tuple(sorted(n for n in values if n != "stream_id"))
        by_fields.setdefault(names, []).append((stream_id, values))
    for names, rows in by_fields.items():
        if connection.vendor == "postgresql":
            _upsert_unnest(rows, names)
            continue
        ResultRow.objects.bulk_create(
            [ResultRow(stream_id=sid, **values) for sid, values in rows],
            batch_size=500,
            update_conflicts=True,
            unique_fields=["stream_id"],
            update_fields=list(names),
        )


ROW_COLUMNS = tuple(
    f
    for f in ResultRow._meta.concrete_fields
    if f.name not in ("id", *ROW_FIGURES) and not f.primary_key
)
ALL_COLUMNS = tuple(
    f for f in ResultRow._meta.concrete_fields if f.name != "id" and not f.primary_key
)
# A line's column a row held in memory may not have set yet.
LINE_DEFAULTS: dict[str, Any] = {
    f.name: f.get_default() for f in ROW_COLUMNS if f.name in LINE_FIELDS
}


def insert_rows(rows: Sequence[dict[str, Any]]) -> None:
    """Write whole result rows, figures included (a rebuild's held rows):
    one ``INSERT ... SELECT FROM unnest(...) ON CONFLICT (stream_id) DO
    UPDATE`` on PostgreSQL (each column one array literal), ``bulk_create``
    on SQLite."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        ResultRow.objects.bulk_create(
            [
                ResultRow(**{f.name: row[f.name] for f in ALL_COLUMNS if f.name in row})
                for row in rows
            ],
            batch_size=500,
            update_conflicts=True,
            unique_fields=["stream_id"],
            update_fields=[f.name for f in ALL_COLUMNS if f.name != "stream_id"],
        )
        return
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.attname) for f in ALL_COLUMNS)
    arrays = ", ".join(f"%s::{_db_type(f)}[]" for f in ALL_COLUMNS)
    updates = ", ".join(
        f"{quote(f.attname)} = EXCLUDED.{quote(f.attname)}"
        for f in ALL_COLUMNS
        if f.name != "stream_id"
    )
    params: list[str] = []
    for f in ALL_COLUMNS:
        default = None if f.name in ROW_FIGURES else f.get_default()
        params.append(array_literal([row.get(f.name, default) for row in rows]))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(ResultRow._meta.db_table)} ({columns}) "
            f"SELECT * FROM unnest({arrays}) "
            f"ON CONFLICT (stream_id) DO UPDATE SET {updates}",
            params,
        )


def write_tokens(tokens: Sequence[tuple[UUID, int, str]]) -> None:
    """Set the sessions' ``scored_token``s (decision 0099) in one statement."""
    if not tokens:
        return
    if connection.vendor != "postgresql":
        for tid, session, token in tokens:
            SessionRow.objects.filter(tournament_id=tid, session=session).update(
                scored_token=token
            )
        return
    tids, sessions, values = zip(*tokens, strict=True)
    table = connection.ops.quote_name(SessionRow._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} AS s SET scored_token = u.token FROM unnest("
            "%s::uuid[], %s::integer[], %s::text[]) AS u(tid, session, token) "
            "WHERE s.tournament_id = u.tid AND s.session = u.session",
            [array_literal(tids), array_literal(sessions), array_literal(values)],
        )


def _db_type(field: Field[Any, Any]) -> str:
    kind = field.db_type(connection)
    if kind is None:
        raise TypeError(f"{field.name} has no column type")
    return kind


def _column(name: str) -> str:
    """The column of one of the result row's own fields (no relation)."""
    field = ResultRow._meta.get_field(name)
    if not isinstance(field, Field):
        raise TypeError(f"{name} is a relation, not a column of the result row")
    return field.attname


def _upsert_unnest(
    rows: list[tuple[UUID, dict[str, Any]]], names: Sequence[str]
) -> None:
    """``INSERT ... SELECT FROM unnest(...) ON CONFLICT (stream_id) DO UPDATE``
    of ``names``: one statement, no model instances, each column one array
    literal (PostgreSQL)."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.attname) for f in ROW_COLUMNS)
    arrays = ", ".join(f"%s::{_db_type(f)}[]" for f in ROW_COLUMNS)
    updates = ", ".join(
        f"{quote(c)} = EXCLUDED.{quote(c)}" for c in (_column(n) for n in names)
    )
    params: list[str] = []
    for f in ROW_COLUMNS:
        if f.name == "stream_id":
            params.append(array_literal([sid for sid, _ in rows]))
        elif f.name in names:
            params.append(array_literal([values[f.name] for _, values in rows]))
        else:
            default = f.get_default()
            params.append(
                array_literal([values.get(f.name, default) for _, values in rows])
            )
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(ResultRow._meta.db_table)} ({columns}) "
            f"SELECT * FROM unnest({arrays}) "
            f"ON CONFLICT (stream_id) DO UPDATE SET {updates}",
            params,
        )


def write_figures(moved: dict[Hashable, Figures]) -> None:
    """Set the published figures of the rows that moved: one ``UPDATE ...
    FROM unnest(...)`` on PostgreSQL; row by row in one ``executemany`` on
    SQLite (the embedded mode), which has no arrays."""
    if not moved:
        return
    table = connection.ops.quote_name(ResultRow._meta.db_table)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            ids, ns, ew, top = zip(*((k, *v) for k, v in moved.items()), strict=True)
            # Each column one array literal: psycopg dumps a list in Python.
            cursor.execute(
                f"UPDATE {table} AS r SET mp_ns = u.mp_ns, mp_ew = u.mp_ew, "
                '"top" = u.top FROM unnest(%s::uuid[], %s::numeric[], '
                "%s::numeric[], %s::integer[]) AS u(stream_id, mp_ns, mp_ew, top) "
                "WHERE r.stream_id = u.stream_id",
                [
                    array_literal(ids),
                    array_literal(ns),
                    array_literal(ew),
                    array_literal(top),
                ],
            )
            return
        uuid_field = ResultRow._meta.get_field("stream_id")
        cursor.executemany(
            f'UPDATE {table} SET mp_ns = %s, mp_ew = %s, "top" = %s '
            "WHERE stream_id = %s",
            [
                (
                    *(connection.ops.adapt_decimalfield_value(v) for v in figures[:2]),
                    figures[2],
                    uuid_field.get_db_prep_value(key, connection),
                )
                for key, figures in moved.items()
            ],
        )


def swap_token(tid: UUID, session: int, token: str) -> str:
    """Set the session's ``scored_token`` (decision 0099) and return the one
    it held: one statement on PostgreSQL (the joined row is read as it was
    before the update), in the batch's transaction, which rolls both back if
    the scoring fails."""
    table = connection.ops.quote_name(SessionRow._meta.db_table)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} AS s SET scored_token = %s FROM {table} AS o "
                "WHERE o.id = s.id AND s.tournament_id = %s AND s.session = %s "
                "RETURNING o.scored_token",
                [token, tid, session],
            )
            row = cursor.fetchone()
        if row is None:
            raise SessionRow.DoesNotExist(f"session {session} of {tid}")
        return str(row[0])
    rows = SessionRow.objects.filter(tournament_id=tid, session=session)
    held = rows.values_list("scored_token", flat=True).get()
    rows.update(scored_token=token)
    return held
