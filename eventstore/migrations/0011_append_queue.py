"""``es_append`` V6: appenders wait for the position counter in one queue
(issue 13, decision 0206).

The counter row stays the guarantee (gapless positions in commit order,
decision 0086); before it, each append takes a transaction advisory lock
that is released with the row at commit, so sixteen appenders wait in the
lock manager's queue, woken one at a time, instead of all on the row.
SQLite holds the whole database for an append already.
"""

from django.db import migrations

from eventstore.migrations import _append_sql


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(_append_sql.PG_APPEND_V6)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(_append_sql.PG_APPEND_V5)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0010_append_guarded")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
