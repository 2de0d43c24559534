"""Each event's hash chained to its predecessor's (decision 0117); es_append
computes it and runs as its owner (decision 0118); the verification record.

Events already stored get their chain here, in position order, as the owner:
the append-only trigger is set aside for the one UPDATE of the new column
(PostgreSQL), or dropped and created again (SQLite; the column's NOT NULL
rebuilds the table, which drops its triggers anyway).
"""

from typing import Any

from django.db import migrations, models

from eventstore import chain
from eventstore.migrations import _append_sql
from eventstore.migrations._append_sql import DROP_APPEND_JSON

PG_BACKFILL = r"""
DO $$
DECLARE
  r record;
  h bytea := '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
BEGIN
  FOR r IN SELECT * FROM es_event ORDER BY global_position LOOP
    h := sha256(h || es_event_canonical(r.global_position, r.stream_id,
      r.stream_version, r.event_id, r.event_type, r.schema_version,
      r.recorded_at, r.payload, r.metadata));
    UPDATE es_event SET hash = h WHERE global_position = r.global_position;
  END LOOP;
  UPDATE es_position SET last_hash = coalesce((SELECT e.hash FROM es_event e
    WHERE e.global_position = es_position.last_position), h);
END $$;
"""

SQLITE_TRIGGERS = [
    "DROP TRIGGER IF EXISTS es_event_no_update",
    "DROP TRIGGER IF EXISTS es_event_no_delete",
    """CREATE TRIGGER es_event_no_update BEFORE UPDATE ON es_event
       BEGIN SELECT RAISE(ABORT, 'es_event is append-only: UPDATE refused'); END""",
    """CREATE TRIGGER es_event_no_delete BEFORE DELETE ON es_event
       BEGIN SELECT RAISE(ABORT, 'es_event is append-only: DELETE refused'); END""",
]


def _sqlite_backfill(cursor: Any) -> None:
    from uuid import UUID

    from eventstore.appending import _aware

    cursor.execute("DROP TRIGGER IF EXISTS es_event_no_update")
    cursor.execute(
        "SELECT global_position, stream_id, stream_version, event_id, event_type, "
        "schema_version, recorded_at, payload, metadata FROM es_event "
        "ORDER BY global_position"
    )
    rows = cursor.fetchall()
    previous = chain.GENESIS
    for pos, sid, ver, eid, etype, sver, at, payload, meta in rows:
        previous = chain.chain_hash(
            previous,
            chain.canonical_bytes(
                pos, UUID(sid), ver, UUID(eid), etype, sver, _aware(at), payload, meta
            ),
        )
        cursor.execute(
            "UPDATE es_event SET hash = %s WHERE global_position = %s", [previous, pos]
        )
    cursor.execute(
        "UPDATE es_position SET last_hash = coalesce((SELECT e.hash FROM es_event e "
        "WHERE e.global_position = es_position.last_position), %s)",
        [previous],
    )


def forwards(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(_append_sql.PG_EVENT_CANONICAL)
            cursor.execute("ALTER TABLE es_event DISABLE TRIGGER es_event_append_only")
            cursor.execute(PG_BACKFILL)
            cursor.execute("ALTER TABLE es_event ENABLE TRIGGER es_event_append_only")
            cursor.execute(_append_sql.PG_APPEND_V5)
            cursor.execute(_append_sql.PG_LOCK_STREAMS)
        else:
            _sqlite_backfill(cursor)


def backwards(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(DROP_APPEND_JSON)
            cursor.execute(_append_sql.PG_APPEND_V4)
            cursor.execute("DROP FUNCTION IF EXISTS es_lock_streams(uuid[])")


def sqlite_triggers(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            for statement in SQLITE_TRIGGERS:
                cursor.execute(statement)


def drop_canonical(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(
                "DROP FUNCTION IF EXISTS es_event_canonical(bigint, uuid, bigint, "
                "uuid, text, smallint, timestamptz, jsonb, jsonb)"
            )


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0008_projection_failures_and_heartbeat")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="hash",
            field=models.BinaryField(editable=False, null=True),
        ),
        migrations.AddField(
            model_name="position",
            name="last_hash",
            field=models.BinaryField(default=bytes(32), editable=False),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.AlterField(
            model_name="event",
            name="hash",
            field=models.BinaryField(editable=False),
        ),
        migrations.RunPython(sqlite_triggers, migrations.RunPython.noop),
        migrations.RunPython(migrations.RunPython.noop, drop_canonical),
        migrations.CreateModel(
            name="StoreVerification",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True,
                        primary_key=True,
                        serialize=False,
                        verbose_name="ID",
                    ),
                ),
                ("started_at", models.DateTimeField()),
                ("finished_at", models.DateTimeField()),
                ("head", models.BigIntegerField()),
                ("verified_through", models.BigIntegerField()),
                ("head_hash", models.BinaryField(null=True)),
                ("ok", models.BooleanField()),
                ("first_bad_position", models.BigIntegerField(blank=True, null=True)),
                ("problem", models.TextField(blank=True, default="")),
            ],
            options={"db_table": "es_verification"},
        ),
    ]
