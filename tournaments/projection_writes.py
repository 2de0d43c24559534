"""Set-based writes of read-model rows (decision 0099, issue 13).

``upsert`` writes many rows of one model in one statement: on PostgreSQL an
``INSERT ... SELECT FROM json_populate_recordset(...) ON CONFLICT (...) DO
UPDATE`` from one JSON parameter (no model instances, no per-field ORM
preparation, and half the client CPU of one array per column, which psycopg
dumps in Python: a batch of the live results projection rewrites up to 200
standings); on SQLite, Django's ``bulk_create(update_conflicts=True)``.

``array_literal`` writes a column of values as one PostgreSQL array literal
(``{...}``), for the statements that ``unnest`` arrays: psycopg dumps a list
element by element in Python, and on event night that was a tenth of the
runner's CPU (issue 13).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any
from uuid import UUID

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


def _quoted(text: str) -> str:
    """A text element, always double-quoted: a backslash and a double quote
    escaped by a backslash, and nothing else needs it inside the quotes
    (PostgreSQL, "Array Value Input"); so ``NULL``, braces, commas and
    spaces stay text."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# An element by its exact type; none of these texts needs quoting (digits,
# signs, a point, an exponent, hex digits; PostgreSQL reads a UUID's 32 hex
# digits without hyphens, and ``NaN``/``Infinity`` as numeric).
_ELEMENT: dict[type, Callable[[Any], str]] = {
    type(None): lambda _: "NULL",
    bool: lambda value: "t" if value else "f",
    int: int.__repr__,
    Decimal: Decimal.__str__,
    UUID: lambda value: value.hex,
    str: _quoted,
}


def _element(value: Any) -> str:
    """A subclass's element (a ``StrEnum``, an ``IntEnum``) as psycopg would
    dump it: the ``str`` or ``int`` it is, not its ``str()``."""
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, str):
        return _quoted(str.__str__(value))
    if isinstance(value, Decimal):
        return Decimal.__str__(value)
    if isinstance(value, UUID):
        return value.hex
    raise TypeError(f"no array element for {type(value).__name__}: {value!r}")


def array_literal(values: Iterable[Any]) -> str:
    """``values`` as one one-dimensional PostgreSQL array literal, for a
    parameter cast to the column's array type (``%s::numeric[]``).

    Elements: ``None`` (NULL), ``bool``, ``int``, ``Decimal``, ``UUID`` and
    ``str`` (always quoted, so any text reads back as itself); anything
    else is a ``TypeError``.
    """
    element = _ELEMENT
    return (
        "{"
        + ",".join(
            [
                element[kind](value)
                if (kind := type(value)) in element
                else _element(value)
                for value in values
            ]
        )
        + "}"
    )
