"""``es_append_guarded``: an append that stores nothing unless another stream
is still at the version its caller decided on (issue 13).

A result POST decides on the tournament state its process has cached; the
guard proves that state current in the append's own statement, where a
read of the tournament stream's tail took a round trip of its own. The
function runs as its caller (SECURITY INVOKER): it only reads ``es_stream``
and ``es_event``, which the application's role may read, and calls
``es_append``, which runs as its owner and keeps the hash chain (decisions
0117, 0118). SQLite checks the guard in Python (``store_sqlite``).
"""

from django.db import migrations

CREATE = r"""
CREATE OR REPLACE FUNCTION es_append_guarded(
  p_guard_stream uuid, p_guard_version bigint, p_guard_position bigint,
  p_stream_id uuid, p_stream_type text, p_mode text, p_expected bigint,
  p_events jsonb,
  p_metadata jsonb, p_idem_key text, p_fingerprint text, p_deadlines jsonb)
RETURNS TABLE(o_version bigint, o_first bigint, o_last bigint,
              o_recorded_at timestamptz, o_replayed boolean)
LANGUAGE plpgsql SECURITY INVOKER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM es_stream s JOIN es_event e
      ON e.stream_id = s.stream_id AND e.stream_version = s.version
      WHERE s.stream_id = p_guard_stream AND s.version = p_guard_version
        AND e.global_position = p_guard_position) THEN
    RAISE EXCEPTION 'guard stream moved' USING ERRCODE = 'AR004';
  END IF;
  RETURN QUERY SELECT * FROM es_append(p_stream_id, p_stream_type, p_mode,
    p_expected, p_events, p_metadata, p_idem_key, p_fingerprint, p_deadlines);
END $$;
"""

DROP = (
    "DROP FUNCTION IF EXISTS es_append_guarded(uuid, bigint, bigint, uuid, text, "
    "text, bigint, jsonb, jsonb, text, text, jsonb)"
)


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(CREATE)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0009_event_hash_chain")]

    operations = [migrations.RunPython(forwards, backwards)]
