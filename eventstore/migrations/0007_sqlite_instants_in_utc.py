"""Deadline rows written on SQLite with their offset ("17:18:44+01:00") are
rewritten in UTC, the text form every comparison uses (decision 0077).

PostgreSQL stores ``timestamptz``: nothing to do there.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.db import migrations


def _utc(text: str) -> str:
    value = datetime.fromisoformat(text)
    if value.tzinfo is None:
        return text
    return str(value.astimezone(UTC).replace(tzinfo=None))


def forwards(apps: Any, schema_editor: Any) -> None:
    connection = schema_editor.connection
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT deadline_id, due_at, created_at FROM es_deadline")
        for deadline_id, due_at, created_at in cursor.fetchall():
            cursor.execute(
                "UPDATE es_deadline SET due_at = %s, created_at = %s "
                "WHERE deadline_id = %s",
                [_utc(str(due_at)), _utc(str(created_at)), deadline_id],
            )


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0006_process_refusals")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
