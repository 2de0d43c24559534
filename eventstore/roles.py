"""The deployment's two PostgreSQL roles (decision 0118).

The **owner** owns every table and runs the migrations. The **application's
role** is what the web workers, Celery, beat and the runners connect as: it
reads everything, and writes only what the application writes:

- ``es_event``, ``es_stream``, ``es_position``, ``es_idempotency``: SELECT
  only; events go in through ``es_append`` and streams are locked through
  ``es_lock_streams``, functions that run as their owner (SECURITY DEFINER,
  search_path pinned), so the role can append but not choose a position,
  edit, remove or forge a row, nor move the counter or a stream's version;
- ``es_deadline``: SELECT, and UPDATE of the sweeper's columns only (status,
  claimed_at, fired_position, attempts, last_error): a window's due time and
  its event are written by the append alone;
- ``es_verification``: SELECT only: a run of ``verify_store`` is recorded by
  the owner alone, so health's ``store.state`` cannot be set by the login it
  watches (decision 0213);
- ``django_migrations``: SELECT;
- every other table (projections' read models, checkpoints, failures, users,
  tokens, sessions...): SELECT, INSERT, UPDATE, DELETE; never TRUNCATE.

Not being the owner, the role cannot ALTER or DROP a table, disable a trigger,
create anything in the schema; not being a superuser it cannot set
``session_replication_role``. ``grant_app_role`` creates the role when it is
missing and (re)applies exactly these grants: idempotent, run after every
migration (``ARBITRO_DB_APP_ROLE`` does it at post_migrate).
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from psycopg import sql

__all__ = ["APP_ONLY_READS", "DEADLINE_COLUMNS", "grant_app_role"]

APP_ONLY_READS = (
    "es_event",
    "es_stream",
    "es_position",
    "es_idempotency",
    "es_verification",
    "django_migrations",
)
DEADLINE_COLUMNS = ("status", "claimed_at", "fired_position", "attempts", "last_error")
FUNCTIONS = (
    "es_append(uuid, text, text, bigint, jsonb, jsonb, text, text, jsonb)",
    "es_append_guarded(uuid, bigint, bigint, uuid, text, text, bigint, jsonb, jsonb, "
    "text, text, jsonb)",
    "es_lock_streams(uuid[])",
)


class RoleRefused(Exception):
    """The named role may not be the application's (too powerful, or the owner)."""


def _attributes(cursor: Any, role: str) -> tuple[Any, ...] | None:
    cursor.execute(
        "SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls "
        "FROM pg_roles WHERE rolname = %s",
        [role],
    )
    row = cursor.fetchone()
    return None if row is None else tuple(row)


def _verifier(role: str, password: str) -> str:
    """The password as a quoted SCRAM verifier, hashed here by libpq (as
    psql's ``\\password``): the password itself never reaches the server nor
    its log. A utility statement takes no bound parameter, so the verifier
    is a literal, quoted by psycopg."""
    if not password:
        raise RoleRefused("the password is empty")
    raw = connection.connection
    hashed = raw.pgconn.encrypt_password(password.encode(), role.encode())
    return sql.Literal(hashed.decode()).as_string(raw)


def grant_app_role(role: str, password: str | None = None) -> bool:
    """Create ``role`` if missing and give it exactly the application's
    privileges on this database; True when the role was created."""
    if connection.vendor != "postgresql":
        raise RoleRefused("database roles need PostgreSQL")
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user, current_schema()")
        owner, schema = cursor.fetchone()
        if role == owner:
            raise RoleRefused(f"{role} is the role running the migrations (the owner)")
        attributes = _attributes(cursor, role)
        created = attributes is None
        if created:
            cursor.execute(
                f"CREATE ROLE {q(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE "
                "NOREPLICATION NOBYPASSRLS"
            )
        elif any(attributes or ()):
            raise RoleRefused(
                f"{role} is a superuser or may create roles or databases, replicate "
                "or bypass row security: the application's role must not"
            )
        if password is not None:
            cursor.execute(f"ALTER ROLE {q(role)} PASSWORD {_verifier(role, password)}")
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = %s AND tableowner = %s",
            [schema, role],
        )
        owned = [r[0] for r in cursor.fetchall()]
        if owned:
            raise RoleRefused(f"{role} owns tables ({', '.join(owned)}): not the owner")
        app, where = q(role), q(schema)
        cursor.execute(f"GRANT USAGE ON SCHEMA {where} TO {app}")
        cursor.execute(f"REVOKE CREATE ON SCHEMA {where} FROM {app}")
        cursor.execute(f"REVOKE CREATE ON SCHEMA {where} FROM PUBLIC")
        cursor.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA {where} FROM {app}")
        cursor.execute(f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA {where} FROM {app}")
        cursor.execute(f"REVOKE ALL ON ALL FUNCTIONS IN SCHEMA {where} FROM {app}")
        cursor.execute(
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {where} "
            f"TO {app}"
        )
        cursor.execute(
            f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {where} TO {app}"
        )
        for table in APP_ONLY_READS:
            cursor.execute(f"REVOKE INSERT, UPDATE, DELETE ON {q(table)} FROM {app}")
        cursor.execute(f"REVOKE INSERT, UPDATE, DELETE ON es_deadline FROM {app}")
        columns = ", ".join(q(c) for c in DEADLINE_COLUMNS)
        cursor.execute(f"GRANT UPDATE ({columns}) ON es_deadline TO {app}")
        for function in FUNCTIONS:
            cursor.execute(f"REVOKE EXECUTE ON FUNCTION {function} FROM PUBLIC")
            cursor.execute(f"GRANT EXECUTE ON FUNCTION {function} TO {app}")
    return created


def connected_as_owner() -> bool:
    """Whether this connection's role owns ``es_event`` (the single-role
    setup: the store's guarantees then stop at its triggers)."""
    if connection.vendor != "postgresql":
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_has_role(current_user, tableowner, 'MEMBER') "
            "FROM pg_tables WHERE tablename = 'es_event' "
            "AND schemaname = current_schema()"
        )
        row = cursor.fetchone()
    return bool(row and row[0])
