"""es_append takes the events as one JSON array instead of four typed arrays.

psycopg dumps a Python list into a PostgreSQL array element by element in
Python; a card play's append spent more client time there than in the rest
of the call. One ``json.dumps`` of ``[[event_id, type, version, payload]]``
costs a fraction, and PostgreSQL's work is the same (measured with pgbench).
"""

from django.db import migrations

from eventstore.migrations import _append_sql


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(_append_sql.DROP_APPEND_ARRAYS)
            cursor.execute(_append_sql.PG_APPEND_V4)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(_append_sql.DROP_APPEND_JSON)
            cursor.execute(_append_sql.PG_APPEND_V3)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0004_append_without_precheck")]
    operations = [migrations.RunPython(forwards, backwards)]
