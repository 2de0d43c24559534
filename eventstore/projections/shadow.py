"""A rebuild beside the live tables, swapped in at once (decision 0109).

PostgreSQL only. A projection that names its tables (``read_models``) is
rebuilt in a schema of its own, ``rebuild_<crc of its name>``, holding an
empty copy of each of its tables (same columns, defaults, identity,
constraints, indexes and storage parameters, under the same names) and of ``es_checkpoint`` and
``es_projection_failure``. The rebuilding connection puts that schema first
on its ``search_path``: the projection's code, unchanged, writes the copies,
and reads the store (``es_event``), which has no copy, from the live schema.
Readers and the live runner keep the live tables meanwhile.

The swap is one transaction: ``LOCK TABLE`` of the live tables (it waits for
the readers and the runner's batch in flight, and ``lock_timeout`` bounds
the wait), the events appended since the last batch applied to the copies,
each live table moved out to a schema of its own and its copy moved into
the live schema (``ALTER TABLE ... SET SCHEMA``: indexes, constraints and
identity sequences go with their table), the live checkpoint set to the
copy's and the failures the rebuild met carried over. The copies take the
live tables' owner and exactly their grants first (the table's, its
columns' and its identity sequences'), in the same transaction: the
application's role reads and writes the new tables as it did the old ones
(decision 0213). The old tables are dropped after the commit. A rebuild
that dies before that commit leaves the live tables as they were, and only
a schema the next rebuild drops.

Creating the schema and moving tables are the owner's (decision 0118):
``rebuild_refusal`` says why a connection cannot, before anything is built.
"""

from __future__ import annotations

import logging
import re
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from django.db import connection, models

from eventstore.models import Checkpoint, ProjectionFailure

logger = logging.getLogger(__name__)

# The runner's own tables: the copy's checkpoint and failures.
RUNNER_TABLES = (Checkpoint, ProjectionFailure)


class ShadowError(Exception):
    """The read model cannot be rebuilt beside the live tables."""


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def rebuild_refusal(tables: Sequence[str]) -> str | None:
    """Why this connection's role cannot rebuild ``tables`` beside the live
    ones (it must create a schema in the database and own the tables to move
    them), or None when it can."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, has_database_privilege(current_database(), "
            "'CREATE'), coalesce(array_agg(c.relname::text ORDER BY c.relname) "
            "FILTER (WHERE NOT pg_has_role(current_user, c.relowner, 'MEMBER')), "
            "'{}') FROM (SELECT 1) one LEFT JOIN pg_class c "
            "ON c.oid = ANY(%s::regclass[])",
            [[_quote(t) for t in tables]],
        )
        role, create, foreign = cursor.fetchone()
    if not create:
        return f"the role {role} may not create the rebuild's schema in the database"
    if foreign:
        return f"the role {role} does not own {', '.join(foreign)}"
    return None


# Statements that give a copy the live object's grants: each entry of the
# live ACL but the owner's (aclexplode; grantee 0 is PUBLIC) as a GRANT on
# the copy, after a REVOKE of whatever the fresh copy got (default
# privileges). The parameters: the copy, then the live object.
_GRANTEE = "CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END"
_OPTION = "CASE WHEN a.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END"
_REVOKES = (
    "SELECT DISTINCT format('REVOKE ALL ON {kind} %%s FROM %%s', %s::text, "
    f"{_GRANTEE}) FROM pg_class c, aclexplode(c.relacl) a "
    "WHERE c.oid = %s::regclass AND a.grantee <> c.relowner"
)
_GRANTS = (
    "SELECT format('GRANT %%s ON {kind} %%s TO %%s%%s', a.privilege_type, "
    f"%s::text, {_GRANTEE}, {_OPTION}) FROM pg_class c, aclexplode(c.relacl) a "
    "WHERE c.oid = %s::regclass AND a.grantee <> c.relowner"
)
_COLUMN_GRANTS = (
    "SELECT format('GRANT %%s (%%I) ON TABLE %%s TO %%s%%s', a.privilege_type, "
    f"t.attname, %s::text, {_GRANTEE}, {_OPTION}) "
    "FROM pg_attribute t JOIN pg_class c ON c.oid = t.attrelid, "
    "aclexplode(t.attacl) a WHERE t.attrelid = %s::regclass "
    "AND t.attnum > 0 AND NOT t.attisdropped AND a.grantee <> c.relowner"
)


class Shadow:
    """The schema a projection is rebuilt in, and the swap."""

    def __init__(self, name: str, read_models: Sequence[type[models.Model]]) -> None:
        self.name = name
        self.schema = f"rebuild_{zlib.crc32(name.encode()):08x}"
        self.old = f"{self.schema}_old"
        self.tables = [m._meta.db_table for m in read_models]
        self.runner_tables = [m._meta.db_table for m in RUNNER_TABLES]
        self.live = ""
        self._path = ""

    # -- building -------------------------------------------------------------

    def create(self) -> None:
        """Drop any schema a dead rebuild left, and create the empty copies."""
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_schema(), current_setting('search_path')")
            row = cursor.fetchone()
            self.live, self._path = str(row[0]), str(row[1])
            cursor.execute(
                f"DROP SCHEMA IF EXISTS {_quote(self.schema)} CASCADE; "
                f"DROP SCHEMA IF EXISTS {_quote(self.old)} CASCADE"
            )
            self._refuse_references()
            # The copies are thrown away unless swapped in: their commits need
            # not wait for the disk (a crash loses the rebuild, never the
            # live tables); the swap commits synchronously.
            cursor.execute("SET LOCAL synchronous_commit TO off")
            # Definitions read with only pg_catalog on the path: every name
            # in them comes out schema-qualified (the live schema).
            cursor.execute("SET LOCAL search_path TO pg_catalog")
            tables = [*self.tables, *self.runner_tables]
            cursor.execute(
                "SELECT c.conrelid::regclass::text, c.conname, "
                "pg_get_constraintdef(c.oid) FROM pg_constraint c "
                "WHERE c.conrelid = ANY(%s::regclass[]) AND c.contype IN "
                "('p', 'u', 'c', 'x', 'f') ORDER BY c.contype = 'f', c.conname",
                [[f"{self.live}.{t}" for t in tables]],
            )
            constraints = cursor.fetchall()
            cursor.execute(
                "SELECT i.indrelid::regclass::text, pg_get_indexdef(i.indexrelid) "
                "FROM pg_index i WHERE i.indrelid = ANY(%s::regclass[]) AND NOT "
                "EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = "
                "i.indexrelid AND c.conrelid = i.indrelid) ORDER BY 2",
                [[f"{self.live}.{t}" for t in tables]],
            )
            indexes = cursor.fetchall()
            # Storage parameters (a fillfactor that leaves room for updates
            # in place, decision 0205) are not copied by LIKE.
            cursor.execute(
                "SELECT c.oid::regclass::text, array_to_string(c.reloptions, ', ') "
                "FROM pg_class c WHERE c.oid = ANY(%s::regclass[]) "
                "AND c.reloptions IS NOT NULL",
                [[f"{self.live}.{t}" for t in tables]],
            )
            options = {
                owner.rpartition(".")[2].strip('"'): f" WITH ({listed})"
                for owner, listed in cursor.fetchall()
            }
            # The copies' DDL in one round trip (no parameters in it).
            ddl = [
                f"SET LOCAL search_path TO {self._path}",
                f"CREATE SCHEMA {_quote(self.schema)}",
            ]
            for table in tables:
                ddl.append(
                    f"CREATE TABLE {self._in(self.schema, table)} "
                    f"(LIKE {self._in(self.live, table)} INCLUDING DEFAULTS "
                    "INCLUDING IDENTITY INCLUDING GENERATED)"
                    f"{options.get(table, '')}"
                )
            for owner, constraint, definition in constraints:
                table = owner.rpartition(".")[2].strip('"')
                # A reference to another copied table points at its copy.
                for other in tables:
                    definition = definition.replace(
                        f"REFERENCES {self.live}.{other}(",
                        f"REFERENCES {self._in(self.schema, other)}(",
                    )
                ddl.append(
                    f"ALTER TABLE {self._in(self.schema, table)} "
                    f"ADD CONSTRAINT {_quote(constraint)} {definition}"
                )
            for owner, definition in indexes:
                table = owner.rpartition(".")[2].strip('"')
                moved, count = re.subn(
                    rf" ON (ONLY )?{re.escape(self.live)}\.{re.escape(table)} ",
                    f" ON {self._in(self.schema, table)} ",
                    definition,
                )
                if count != 1:
                    raise ShadowError(f"cannot copy the index {definition!r}")
                ddl.append(moved)
            cursor.execute(";\n".join(ddl))

    def _refuse_references(self) -> None:
        """A foreign key from a table outside the read model into it would
        follow the old table out at the swap, and be dropped with it."""
        with connection.cursor() as c:
            c.execute(
                "SELECT conname FROM pg_constraint WHERE contype = 'f' "
                "AND confrelid = ANY(%s::regclass[]) "
                "AND NOT conrelid = ANY(%s::regclass[])",
                [
                    [f"{self.live}.{t}" for t in self.tables],
                    [f"{self.live}.{t}" for t in self.tables],
                ],
            )
            outside = [r[0] for r in c.fetchall()]
        if outside:
            raise ShadowError(
                f"{self.name}: foreign keys into its tables from outside: "
                f"{', '.join(outside)}"
            )

    @staticmethod
    def _in(schema: str, table: str) -> str:
        return f"{_quote(schema)}.{_quote(table)}"

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Point the connection's unqualified names at the copies first."""
        with connection.cursor() as cursor:
            cursor.execute(
                f"SET search_path TO {_quote(self.schema)}, {_quote(self.live)}; "
                "SET synchronous_commit TO off"
            )
        try:
            yield
        finally:
            if connection.connection is not None and not connection.needs_rollback:
                try:
                    with connection.cursor() as cursor:
                        cursor.execute(
                            f"SET search_path TO {self._path}; RESET synchronous_commit"
                        )
                except Exception:
                    logger.warning("could not restore the search_path", exc_info=True)

    def check(self) -> None:
        """Refuse to write when the connection no longer looks at the copies
        (a new connection starts on the live schema)."""
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_schema()")
            row = cursor.fetchone()
        if row is None or row[0] != self.schema:
            raise ShadowError(
                f"{self.name}: the connection left the rebuild's schema "
                f"({row[0] if row else None}): stopped before writing"
            )

    # -- the swap ---------------------------------------------------------------

    def lock_live(self, timeout_ms: int) -> None:
        """Take the live tables (in the caller's transaction), whose commit
        waits for the disk again."""
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO on")
            if not self.tables:
                return
            cursor.execute(f"SET LOCAL lock_timeout = {int(timeout_ms)}")
            cursor.execute(
                "LOCK TABLE "
                + ", ".join(self._in(self.live, t) for t in self.tables)
                + " IN ACCESS EXCLUSIVE MODE"
            )
            cursor.execute("SET LOCAL lock_timeout = 0")

    def carry_grants(self) -> None:
        """Give each copy its live table's owner and exactly its grants (the
        table's, its columns', its identity sequences'), in the caller's
        transaction: the application's role keeps what it had."""
        with connection.cursor() as cursor:
            for table in self.tables:
                live, copy = self._in(self.live, table), self._in(self.schema, table)
                cursor.execute(
                    "SELECT l.relowner::regrole::text, l.relowner <> c.relowner "
                    "FROM pg_class l, pg_class c "
                    "WHERE l.oid = %s::regclass AND c.oid = %s::regclass",
                    [live, copy],
                )
                owner, differs = cursor.fetchone()
                if differs:
                    # Identity sequences follow their table to the new owner.
                    cursor.execute(f"ALTER TABLE {copy} OWNER TO {owner}")
                pairs = [("TABLE", live, copy)]
                cursor.execute(
                    "SELECT pg_get_serial_sequence(%s, attname), "
                    "pg_get_serial_sequence(%s, attname) FROM pg_attribute "
                    "WHERE attrelid = %s::regclass AND attnum > 0 "
                    "AND NOT attisdropped "
                    "AND pg_get_serial_sequence(%s, attname) IS NOT NULL",
                    [live, copy, live, live],
                )
                pairs += [("SEQUENCE", a, b) for a, b in cursor.fetchall()]
                statements: list[str] = []
                for kind, source, target in pairs:
                    queries = [(_REVOKES, target), (_GRANTS, source)]
                    if kind == "TABLE":
                        queries.append((_COLUMN_GRANTS, source))
                    for query, acl in queries:
                        cursor.execute(query.format(kind=kind), [target, acl])
                        statements += [row[0] for row in cursor.fetchall()]
                if statements:
                    cursor.execute(";\n".join(statements))

    def swap(self, status: str) -> int:
        """Move the copies in and the live tables out, carry the checkpoint
        (its ``status`` given) and the failures over, in the caller's
        transaction; the position the new read model holds."""
        live, schema = self.live, self.schema
        checkpoint = self._in(live, "es_checkpoint")
        failures = self._in(live, "es_projection_failure")
        self.carry_grants()
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT last_position FROM {self._in(schema, 'es_checkpoint')} "
                "WHERE name = %s",
                [self.name],
            )
            row = cursor.fetchone()
            position = 0 if row is None else int(row[0])
            moves = [f"CREATE SCHEMA {_quote(self.old)}"]
            for table in self.tables:
                moves.append(
                    f"ALTER TABLE {self._in(live, table)} SET SCHEMA {_quote(self.old)}"
                )
                moves.append(
                    f"ALTER TABLE {self._in(schema, table)} SET SCHEMA {_quote(live)}"
                )
            cursor.execute(";\n".join(moves))
            cursor.execute(
                f"INSERT INTO {checkpoint} (name, last_position, status, "
                "last_error, updated_at, runner) VALUES (%s, %s, %s, '', now(), '') "
                "ON CONFLICT (name) DO UPDATE SET last_position = "
                "EXCLUDED.last_position, last_error = '', updated_at = now(), "
                "status = EXCLUDED.status",
                [self.name, position, status],
            )
            cursor.execute(
                f"UPDATE {failures} SET resolved_at = now(), resolution = "
                "'rebuilt' WHERE projection = %s AND resolved_at IS NULL",
                [self.name],
            )
            columns = ", ".join(
                _quote(f.attname)
                for f in ProjectionFailure._meta.concrete_fields
                if not f.primary_key
            )
            cursor.execute(
                f"INSERT INTO {failures} ({columns}) SELECT {columns} FROM "
                f"{self._in(schema, 'es_projection_failure')} WHERE projection = %s",
                [self.name],
            )
        return position

    def drop(self) -> None:
        """Drop the copies (a rebuild that gave up), or after the swap the old
        tables and the copies' runner tables: after its commit, so the live
        tables are not held while files are removed. Left behind by a
        process that dies, they are dropped by the next ``create``."""
        with connection.cursor() as cursor:
            cursor.execute(
                f"DROP SCHEMA IF EXISTS {_quote(self.old)} CASCADE; "
                f"DROP SCHEMA IF EXISTS {_quote(self.schema)} CASCADE"
            )
