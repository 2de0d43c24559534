"""es_append inserts the batch from unnest(...) WITH ORDINALITY.

Subscripting the parameter arrays row by row (``p_payloads[i]``) inside the
function copies the arrays for every row, which made 100-event appends
quadratic; unnest reads each array once.
"""

from django.db import migrations

from eventstore.migrations import _append_sql


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(_append_sql.PG_APPEND_V2)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        from eventstore.migrations import _append_sql as sql

        with schema_editor.connection.cursor() as cursor:
            cursor.execute(sql.PG_APPEND_V1)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0002_append_only")]
    operations = [migrations.RunPython(forwards, backwards)]
