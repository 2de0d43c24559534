"""Room on each page for the rows the runner rewrites (issue 13, decision 0205).

Every result re-scores its board: the figures of the board's other lines and
most of the session's standings are rewritten each batch. With pages filled
by the inserts (fillfactor 100), nearly none of those updates found room on
their own page (event night: 124 of 20,860 line updates and 16 of 13,680
standing updates were heap-only), so each one wrote a new entry in every
index of its table. The figures are in no index: with room on the page an
update is heap-only (HOT) and touches no index. PostgreSQL only; the
rebuild's copies take the same storage parameters (``Shadow.create``).
"""

from django.db import migrations

# The lines: each row rewritten a few times, while its board is played;
# the standings and the matches: every row of a session each batch.
FILLFACTOR = {
    "tournaments_resultrow": 70,
    "tournaments_standingrow": 50,
    "tournaments_matchrow": 50,
}


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        for table, fill in FILLFACTOR.items():
            cursor.execute(f'ALTER TABLE "{table}" SET (fillfactor = {fill})')


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        for table in FILLFACTOR:
            cursor.execute(f'ALTER TABLE "{table}" RESET (fillfactor)')


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0020_entry_label")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
