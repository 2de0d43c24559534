"""es_append no longer looks up the event ids before inserting.

The unique index on ``event_id`` refuses a reused id; ``EventStore.append``
then answers an idempotent retry with the original positions. The lookup
cost a query per append and, with a plan cached while the table was small,
a sequential scan that grew with the table.
"""

from django.db import migrations

from eventstore.migrations import _append_sql


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(_append_sql.PG_APPEND_V3)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(_append_sql.PG_APPEND_V2)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0003_append_with_unnest")]
    operations = [migrations.RunPython(forwards, backwards)]
