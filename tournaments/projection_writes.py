"""Set-based writes of read-model rows (decision 0099, issue 13).

``upsert`` writes many rows of one model in one statement: on PostgreSQL an
``INSERT ... SELECT FROM unnest(...) ON CONFLICT (...) DO UPDATE`` from one
array per column (no model instances, no per-field ORM preparation: a batch
of the live results projection rewrites about 200 standings); on SQLite,
which has no arrays, Django's ``bulk_create(update_conflicts=True)``.
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

    ``unique`` must name a unique constraint of the model. JSON columns take
    the Python value (a dict or list) and are sent as JSON text.
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
    arrays: list[str] = []
    params: list[list[Any]] = []
    for index, (column, _) in enumerate(columns):
        values = [row[index] for row in rows]
        if isinstance(column, models.JSONField):
            # jsonb[] from text[]: psycopg sends the JSON as text.
            arrays.append("%s::text[]::jsonb[]")
            params.append([None if v is None else json.dumps(v) for v in values])
        else:
            arrays.append(f"%s::{column.db_type(connection)}[]")
            params.append(values)
    quoted = [name for _, name in columns]
    updates = ", ".join(f"{name} = EXCLUDED.{name}" for name in quoted[len(unique) :])
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {connection.ops.quote_name(model._meta.db_table)} "
            f"({', '.join(quoted)}) SELECT * FROM unnest({', '.join(arrays)}) "
            f"ON CONFLICT ({', '.join(quoted[: len(unique)])}) "
            f"DO UPDATE SET {updates}",
            params,
        )
