"""Set-based writes of read-model rows (decision 0099, issue 13).

``upsert`` writes many rows of one model in one statement: on PostgreSQL an
``INSERT ... SELECT FROM json_populate_recordset(...) ON CONFLICT (...) DO
UPDATE`` from one JSON parameter (no model instances, no per-field ORM
preparation, and half the client CPU of one array per column, which psycopg
dumps in Python: a batch of the live results projection rewrites up to 200
standings); on SQLite, Django's ``bulk_create(update_conflicts=True)``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db import connection, models


def _column(model: type[models.Model], name: str) -> tuple[models.Field[Any, Any], str]:
    """The model's field ``name`` and its column's quoted name."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field) or field.column is None:
        raise TypeError(f"{model.__name__}.{name} is not a column")
    return field, connection.ops.quote_name(field.column)


def upsert(
    model: type[models.Model],
    unique: Sequence[str],
    fields: Sequence[str],
    rows: Sequence[Sequence[Any]],
) -> None:
    """Insert ``rows`` (values of ``unique`` then ``fields``, in that order),
    updating ``fields`` of the rows whose ``unique`` values exist already.

    ``unique`` must name a unique constraint of the model. Values go through
    JSON (UUIDs and decimals as their text, which the columns' types read
    back exactly); JSON columns take the Python value (a dict or a list).
    """
    if not rows:
        return
    names = (*unique, *fields)
    columns = [_column(model, name) for name in names]
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(
            [model(**dict(zip(names, row, strict=True))) for row in rows],
            batch_size=500,
            update_conflicts=True,
            unique_fields=list(unique),
            update_fields=list(fields),
        )
        return
    quoted = [name for _, name in columns]
    keys = [column.column for column, _ in columns]
    body = json.dumps([dict(zip(keys, row, strict=True)) for row in rows], default=str)
    table = connection.ops.quote_name(model._meta.db_table)
    updates = ", ".join(f"{name} = EXCLUDED.{name}" for name in quoted[len(unique) :])
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({', '.join(quoted)}) "
            f"SELECT {', '.join(quoted)} FROM json_populate_recordset(NULL::{table}, %s::json) "
            f"ON CONFLICT ({', '.join(quoted[: len(unique)])}) "
            f"DO UPDATE SET {updates}",
            [body],
        )
