"""Database-level guarantees: append-only events, the counter row, es_append().

UPDATE and DELETE on ``es_event`` are refused by trigger on both backends,
whoever issues them. On PostgreSQL ``es_append`` performs the whole append
procedure of spec/eventstore-research.md §6.2 in one statement (one round
trip, one transaction): idempotency check, stream compare-and-set first, then
the gapless position counter, the multi-row insert, deadline rows and NOTIFY.
"""

from django.db import migrations

from eventstore.migrations._append_sql import PG_APPEND_V1

PG_TRIGGER = """
CREATE OR REPLACE FUNCTION es_event_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'es_event is append-only: % refused', TG_OP
    USING ERRCODE = 'AR009';
END $$;
CREATE TRIGGER es_event_append_only
  BEFORE UPDATE OR DELETE ON es_event
  FOR EACH STATEMENT EXECUTE FUNCTION es_event_refuse_change();
"""

PG_APPEND = PG_APPEND_V1

SQLITE_TRIGGERS = [
    """CREATE TRIGGER es_event_no_update BEFORE UPDATE ON es_event
       BEGIN SELECT RAISE(ABORT, 'es_event is append-only: UPDATE refused'); END""",
    """CREATE TRIGGER es_event_no_delete BEFORE DELETE ON es_event
       BEGIN SELECT RAISE(ABORT, 'es_event is append-only: DELETE refused'); END""",
]


def forwards(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO es_position (id, last_position) VALUES (1, 0)")
        if connection.vendor == "postgresql":
            cursor.execute(PG_TRIGGER)
            cursor.execute(PG_APPEND)
            cursor.execute(
                "CREATE INDEX es_event_recorded_brin ON es_event USING brin (recorded_at)"
            )
        else:
            for statement in SQLITE_TRIGGERS:
                cursor.execute(statement)


def backwards(apps, schema_editor):
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("DROP TRIGGER IF EXISTS es_event_append_only ON es_event")
            cursor.execute("DROP FUNCTION IF EXISTS es_append")
            cursor.execute("DROP INDEX IF EXISTS es_event_recorded_brin")
        else:
            cursor.execute("DROP TRIGGER IF EXISTS es_event_no_update")
            cursor.execute("DROP TRIGGER IF EXISTS es_event_no_delete")
        cursor.execute("DELETE FROM es_position")


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
