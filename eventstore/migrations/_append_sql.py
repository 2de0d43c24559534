"""SQL of es_append, by version, for migrations (never edit a released one)."""

PG_APPEND_V1 = r"""
CREATE OR REPLACE FUNCTION es_append(
  p_stream_id uuid, p_stream_type text, p_mode text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_versions smallint[], p_payloads jsonb[],
  p_metadata jsonb, p_idem_key text, p_fingerprint text, p_deadlines jsonb)
RETURNS TABLE(o_version bigint, o_first bigint, o_last bigint,
              o_recorded_at timestamptz, o_replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := cardinality(p_event_ids);
  v_version bigint;
  v_last bigint;
  v_now timestamptz := now();
  v_key es_idempotency%ROWTYPE;
  v_found integer;
BEGIN
  PERFORM set_config('lock_timeout', '2s', true);
  IF p_idem_key IS NOT NULL THEN
    SELECT * INTO v_key FROM es_idempotency WHERE key = p_idem_key;
    IF FOUND THEN
      IF v_key.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key reused' USING ERRCODE = 'AR001';
      END IF;
      RETURN QUERY SELECT v_key.stream_version, v_key.first_position,
        v_key.last_position,
        (SELECT e.recorded_at FROM es_event e
          WHERE e.global_position = v_key.last_position), true;
      RETURN;
    END IF;
  END IF;
  SELECT count(*) INTO v_found FROM es_event e WHERE e.event_id = ANY(p_event_ids);
  IF v_found > 0 THEN
    IF v_found = n AND NOT EXISTS (
        SELECT 1 FROM es_event e
        WHERE e.event_id = ANY(p_event_ids) AND e.stream_id <> p_stream_id) THEN
      RETURN QUERY SELECT max(e.stream_version), min(e.global_position),
        max(e.global_position), max(e.recorded_at), true
        FROM es_event e WHERE e.event_id = ANY(p_event_ids);
      RETURN;
    END IF;
    RAISE EXCEPTION 'event ids already stored elsewhere' USING ERRCODE = 'AR003';
  END IF;
  -- Compare-and-set on the stream first, before touching the counter.
  IF p_mode = 'exists' OR (p_mode = 'exact' AND p_expected > 0) THEN
    UPDATE es_stream SET version = version + n
      WHERE stream_id = p_stream_id
        AND (p_mode = 'exists' OR version = p_expected)
      RETURNING version INTO v_version;
  ELSIF p_mode = 'any' THEN
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO UPDATE SET version = es_stream.version + n
      RETURNING version INTO v_version;
  ELSE
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING version INTO v_version;
  END IF;
  IF v_version IS NULL THEN
    SELECT version INTO v_version FROM es_stream WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'wrong expected version'
      USING ERRCODE = 'AR002', DETAIL = coalesce(v_version::text, 'none');
  END IF;
  -- The counter row lock is held until commit: positions are gapless and
  -- commit order equals position order.
  INSERT INTO es_position (id, last_position) VALUES (1, n)
    ON CONFLICT (id) DO UPDATE SET last_position = es_position.last_position + n
    RETURNING last_position INTO v_last;
  INSERT INTO es_event (global_position, stream_id, stream_version, event_id,
                        event_type, schema_version, payload, metadata, recorded_at)
    SELECT v_last - n + i, p_stream_id, v_version - n + i, p_event_ids[i],
           p_types[i], p_versions[i], p_payloads[i], p_metadata, v_now
    FROM generate_series(1, n) AS i;
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO es_idempotency (key, fingerprint, stream_id, stream_version,
                                first_position, last_position, created_at)
      VALUES (p_idem_key, p_fingerprint, p_stream_id, v_version,
              v_last - n + 1, v_last, v_now);
  END IF;
  IF p_deadlines IS NOT NULL AND jsonb_array_length(p_deadlines) > 0 THEN
    INSERT INTO es_deadline (deadline_id, stream_id, stream_type, kind, due_at,
                             on_due, metadata, status, attempts, last_error,
                             created_at)
      SELECT (d->>'deadline_id')::uuid, (d->>'stream_id')::uuid, d->>'stream_type',
             d->>'kind', (d->>'due_at')::timestamptz, d->'on_due', d->'metadata',
             d->>'status', 0, '', v_now
      FROM jsonb_array_elements(p_deadlines) AS d
      ON CONFLICT (stream_id, kind) DO UPDATE
        SET due_at = EXCLUDED.due_at, on_due = EXCLUDED.on_due,
            metadata = EXCLUDED.metadata, status = EXCLUDED.status,
            claimed_at = NULL, fired_position = NULL, last_error = '';
  END IF;
  PERFORM pg_notify('es_events', v_last::text);
  RETURN QUERY SELECT v_version, v_last - n + 1, v_last, v_now, false;
END $$;
"""

PG_APPEND_V2 = r"""
CREATE OR REPLACE FUNCTION es_append(
  p_stream_id uuid, p_stream_type text, p_mode text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_versions smallint[], p_payloads jsonb[],
  p_metadata jsonb, p_idem_key text, p_fingerprint text, p_deadlines jsonb)
RETURNS TABLE(o_version bigint, o_first bigint, o_last bigint,
              o_recorded_at timestamptz, o_replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := cardinality(p_event_ids);
  v_version bigint;
  v_last bigint;
  v_now timestamptz := now();
  v_key es_idempotency%ROWTYPE;
  v_found integer;
BEGIN
  PERFORM set_config('lock_timeout', '2s', true);
  IF p_idem_key IS NOT NULL THEN
    SELECT * INTO v_key FROM es_idempotency WHERE key = p_idem_key;
    IF FOUND THEN
      IF v_key.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key reused' USING ERRCODE = 'AR001';
      END IF;
      RETURN QUERY SELECT v_key.stream_version, v_key.first_position,
        v_key.last_position,
        (SELECT e.recorded_at FROM es_event e
          WHERE e.global_position = v_key.last_position), true;
      RETURN;
    END IF;
  END IF;
  SELECT count(*) INTO v_found FROM es_event e WHERE e.event_id = ANY(p_event_ids);
  IF v_found > 0 THEN
    IF v_found = n AND NOT EXISTS (
        SELECT 1 FROM es_event e
        WHERE e.event_id = ANY(p_event_ids) AND e.stream_id <> p_stream_id) THEN
      RETURN QUERY SELECT max(e.stream_version), min(e.global_position),
        max(e.global_position), max(e.recorded_at), true
        FROM es_event e WHERE e.event_id = ANY(p_event_ids);
      RETURN;
    END IF;
    RAISE EXCEPTION 'event ids already stored elsewhere' USING ERRCODE = 'AR003';
  END IF;
  -- Compare-and-set on the stream first, before touching the counter.
  IF p_mode = 'exists' OR (p_mode = 'exact' AND p_expected > 0) THEN
    UPDATE es_stream SET version = version + n
      WHERE stream_id = p_stream_id
        AND (p_mode = 'exists' OR version = p_expected)
      RETURNING version INTO v_version;
  ELSIF p_mode = 'any' THEN
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO UPDATE SET version = es_stream.version + n
      RETURNING version INTO v_version;
  ELSE
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING version INTO v_version;
  END IF;
  IF v_version IS NULL THEN
    SELECT version INTO v_version FROM es_stream WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'wrong expected version'
      USING ERRCODE = 'AR002', DETAIL = coalesce(v_version::text, 'none');
  END IF;
  -- The counter row lock is held until commit: positions are gapless and
  -- commit order equals position order.
  INSERT INTO es_position (id, last_position) VALUES (1, n)
    ON CONFLICT (id) DO UPDATE SET last_position = es_position.last_position + n
    RETURNING last_position INTO v_last;
  INSERT INTO es_event (global_position, stream_id, stream_version, event_id,
                        event_type, schema_version, payload, metadata, recorded_at)
    SELECT v_last - n + e.i, p_stream_id, v_version - n + e.i, e.event_id,
           e.event_type, e.schema_version, e.payload, p_metadata, v_now
    FROM unnest(p_event_ids, p_types, p_versions, p_payloads)
         WITH ORDINALITY AS e(event_id, event_type, schema_version, payload, i);
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO es_idempotency (key, fingerprint, stream_id, stream_version,
                                first_position, last_position, created_at)
      VALUES (p_idem_key, p_fingerprint, p_stream_id, v_version,
              v_last - n + 1, v_last, v_now);
  END IF;
  IF p_deadlines IS NOT NULL AND jsonb_array_length(p_deadlines) > 0 THEN
    INSERT INTO es_deadline (deadline_id, stream_id, stream_type, kind, due_at,
                             on_due, metadata, status, attempts, last_error,
                             created_at)
      SELECT (d->>'deadline_id')::uuid, (d->>'stream_id')::uuid, d->>'stream_type',
             d->>'kind', (d->>'due_at')::timestamptz, d->'on_due', d->'metadata',
             d->>'status', 0, '', v_now
      FROM jsonb_array_elements(p_deadlines) AS d
      ON CONFLICT (stream_id, kind) DO UPDATE
        SET due_at = EXCLUDED.due_at, on_due = EXCLUDED.on_due,
            metadata = EXCLUDED.metadata, status = EXCLUDED.status,
            claimed_at = NULL, fired_position = NULL, last_error = '';
  END IF;
  PERFORM pg_notify('es_events', v_last::text);
  RETURN QUERY SELECT v_version, v_last - n + 1, v_last, v_now, false;
END $$;
"""

PG_APPEND_V3 = r"""
CREATE OR REPLACE FUNCTION es_append(
  p_stream_id uuid, p_stream_type text, p_mode text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_versions smallint[], p_payloads jsonb[],
  p_metadata jsonb, p_idem_key text, p_fingerprint text, p_deadlines jsonb)
RETURNS TABLE(o_version bigint, o_first bigint, o_last bigint,
              o_recorded_at timestamptz, o_replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := cardinality(p_event_ids);
  v_version bigint;
  v_last bigint;
  v_now timestamptz := now();
  v_key es_idempotency%ROWTYPE;
  v_found integer;
BEGIN
  PERFORM set_config('lock_timeout', '2s', true);
  IF p_idem_key IS NOT NULL THEN
    SELECT * INTO v_key FROM es_idempotency WHERE key = p_idem_key;
    IF FOUND THEN
      IF v_key.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key reused' USING ERRCODE = 'AR001';
      END IF;
      RETURN QUERY SELECT v_key.stream_version, v_key.first_position,
        v_key.last_position,
        (SELECT e.recorded_at FROM es_event e
          WHERE e.global_position = v_key.last_position), true;
      RETURN;
    END IF;
  END IF;
  -- A reused event id fails the unique index; the caller then answers a
  -- retry with the original positions (EventStoreDB's idempotent append).
  -- Compare-and-set on the stream first, before touching the counter.
  IF p_mode = 'exists' OR (p_mode = 'exact' AND p_expected > 0) THEN
    UPDATE es_stream SET version = version + n
      WHERE stream_id = p_stream_id
        AND (p_mode = 'exists' OR version = p_expected)
      RETURNING version INTO v_version;
  ELSIF p_mode = 'any' THEN
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO UPDATE SET version = es_stream.version + n
      RETURNING version INTO v_version;
  ELSE
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING version INTO v_version;
  END IF;
  IF v_version IS NULL THEN
    SELECT version INTO v_version FROM es_stream WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'wrong expected version'
      USING ERRCODE = 'AR002', DETAIL = coalesce(v_version::text, 'none');
  END IF;
  -- The counter row lock is held until commit: positions are gapless and
  -- commit order equals position order.
  INSERT INTO es_position (id, last_position) VALUES (1, n)
    ON CONFLICT (id) DO UPDATE SET last_position = es_position.last_position + n
    RETURNING last_position INTO v_last;
  INSERT INTO es_event (global_position, stream_id, stream_version, event_id,
                        event_type, schema_version, payload, metadata, recorded_at)
    SELECT v_last - n + e.i, p_stream_id, v_version - n + e.i, e.event_id,
           e.event_type, e.schema_version, e.payload, p_metadata, v_now
    FROM unnest(p_event_ids, p_types, p_versions, p_payloads)
         WITH ORDINALITY AS e(event_id, event_type, schema_version, payload, i);
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO es_idempotency (key, fingerprint, stream_id, stream_version,
                                first_position, last_position, created_at)
      VALUES (p_idem_key, p_fingerprint, p_stream_id, v_version,
              v_last - n + 1, v_last, v_now);
  END IF;
  IF p_deadlines IS NOT NULL AND jsonb_array_length(p_deadlines) > 0 THEN
    INSERT INTO es_deadline (deadline_id, stream_id, stream_type, kind, due_at,
                             on_due, metadata, status, attempts, last_error,
                             created_at)
      SELECT (d->>'deadline_id')::uuid, (d->>'stream_id')::uuid, d->>'stream_type',
             d->>'kind', (d->>'due_at')::timestamptz, d->'on_due', d->'metadata',
             d->>'status', 0, '', v_now
      FROM jsonb_array_elements(p_deadlines) AS d
      ON CONFLICT (stream_id, kind) DO UPDATE
        SET due_at = EXCLUDED.due_at, on_due = EXCLUDED.on_due,
            metadata = EXCLUDED.metadata, status = EXCLUDED.status,
            claimed_at = NULL, fired_position = NULL, last_error = '';
  END IF;
  PERFORM pg_notify('es_events', v_last::text);
  RETURN QUERY SELECT v_version, v_last - n + 1, v_last, v_now, false;
END $$;
"""

# V4: the events come as one JSON array of [event_id, type, schema_version,
# payload]; the client serialises one string instead of four typed arrays.
DROP_APPEND_ARRAYS = (
    "DROP FUNCTION IF EXISTS es_append(uuid, text, text, bigint, uuid[], text[], "
    "smallint[], jsonb[], jsonb, text, text, jsonb)"
)
DROP_APPEND_JSON = (
    "DROP FUNCTION IF EXISTS es_append(uuid, text, text, bigint, jsonb, jsonb, "
    "text, text, jsonb)"
)
PG_APPEND_V4 = r"""
CREATE OR REPLACE FUNCTION es_append(
  p_stream_id uuid, p_stream_type text, p_mode text, p_expected bigint,
  p_events jsonb,
  p_metadata jsonb, p_idem_key text, p_fingerprint text, p_deadlines jsonb)
RETURNS TABLE(o_version bigint, o_first bigint, o_last bigint,
              o_recorded_at timestamptz, o_replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := jsonb_array_length(p_events);
  v_version bigint;
  v_last bigint;
  v_now timestamptz := now();
  v_key es_idempotency%ROWTYPE;
  v_found integer;
BEGIN
  PERFORM set_config('lock_timeout', '2s', true);
  IF p_idem_key IS NOT NULL THEN
    SELECT * INTO v_key FROM es_idempotency WHERE key = p_idem_key;
    IF FOUND THEN
      IF v_key.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key reused' USING ERRCODE = 'AR001';
      END IF;
      RETURN QUERY SELECT v_key.stream_version, v_key.first_position,
        v_key.last_position,
        (SELECT e.recorded_at FROM es_event e
          WHERE e.global_position = v_key.last_position), true;
      RETURN;
    END IF;
  END IF;
  -- A reused event id fails the unique index; the caller then answers a
  -- retry with the original positions (EventStoreDB's idempotent append).
  -- Compare-and-set on the stream first, before touching the counter.
  IF p_mode = 'exists' OR (p_mode = 'exact' AND p_expected > 0) THEN
    UPDATE es_stream SET version = version + n
      WHERE stream_id = p_stream_id
        AND (p_mode = 'exists' OR version = p_expected)
      RETURNING version INTO v_version;
  ELSIF p_mode = 'any' THEN
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO UPDATE SET version = es_stream.version + n
      RETURNING version INTO v_version;
  ELSE
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING version INTO v_version;
  END IF;
  IF v_version IS NULL THEN
    SELECT version INTO v_version FROM es_stream WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'wrong expected version'
      USING ERRCODE = 'AR002', DETAIL = coalesce(v_version::text, 'none');
  END IF;
  -- The counter row lock is held until commit: positions are gapless and
  -- commit order equals position order.
  INSERT INTO es_position (id, last_position) VALUES (1, n)
    ON CONFLICT (id) DO UPDATE SET last_position = es_position.last_position + n
    RETURNING last_position INTO v_last;
  INSERT INTO es_event (global_position, stream_id, stream_version, event_id,
                        event_type, schema_version, payload, metadata, recorded_at)
    SELECT v_last - n + e.i, p_stream_id, v_version - n + e.i, (e.ev->>0)::uuid,
           e.ev->>1, (e.ev->>2)::smallint, e.ev->3, p_metadata, v_now
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(ev, i);
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO es_idempotency (key, fingerprint, stream_id, stream_version,
                                first_position, last_position, created_at)
      VALUES (p_idem_key, p_fingerprint, p_stream_id, v_version,
              v_last - n + 1, v_last, v_now);
  END IF;
  IF p_deadlines IS NOT NULL AND jsonb_array_length(p_deadlines) > 0 THEN
    INSERT INTO es_deadline (deadline_id, stream_id, stream_type, kind, due_at,
                             on_due, metadata, status, attempts, last_error,
                             created_at)
      SELECT (d->>'deadline_id')::uuid, (d->>'stream_id')::uuid, d->>'stream_type',
             d->>'kind', (d->>'due_at')::timestamptz, d->'on_due', d->'metadata',
             d->>'status', 0, '', v_now
      FROM jsonb_array_elements(p_deadlines) AS d
      ON CONFLICT (stream_id, kind) DO UPDATE
        SET due_at = EXCLUDED.due_at, on_due = EXCLUDED.on_due,
            metadata = EXCLUDED.metadata, status = EXCLUDED.status,
            claimed_at = NULL, fired_position = NULL, last_error = '';
  END IF;
  PERFORM pg_notify('es_events', v_last::text);
  RETURN QUERY SELECT v_version, v_last - n + 1, v_last, v_now, false;
END $$;
"""

# V5 (decision 0117, 0118): each event's hash chained to its predecessor's,
# computed while the counter row is locked; SECURITY DEFINER, so that the
# application's role appends without any write privilege on the store's own
# tables. search_path is pinned with pg_temp last: a caller's temporary table
# named like a store table must not be what the function writes.
PG_EVENT_CANONICAL = r"""
CREATE OR REPLACE FUNCTION es_event_canonical(
  p_position bigint, p_stream_id uuid, p_version bigint, p_event_id uuid,
  p_type text, p_schema smallint, p_recorded_at timestamptz, p_payload jsonb,
  p_metadata jsonb)
RETURNS bytea LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT convert_to(concat_ws(E'\n', p_position::text, p_stream_id::text,
    p_version::text, p_event_id::text, p_type, p_schema::text,
    ((extract(epoch FROM p_recorded_at) * 1000000)::bigint)::text,
    p_payload::text, p_metadata::text), 'UTF8')
$$;
"""

PG_APPEND_V5 = r"""
CREATE OR REPLACE FUNCTION es_append(
  p_stream_id uuid, p_stream_type text, p_mode text, p_expected bigint,
  p_events jsonb,
  p_metadata jsonb, p_idem_key text, p_fingerprint text, p_deadlines jsonb)
RETURNS TABLE(o_version bigint, o_first bigint, o_last bigint,
              o_recorded_at timestamptz, o_replayed boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  n integer := jsonb_array_length(p_events);
  v_version bigint;
  v_last bigint;
  v_now timestamptz := now();
  v_key es_idempotency%ROWTYPE;
  v_prev bytea;
  v_hashes bytea[] := '{}';
  v_ev jsonb;
BEGIN
  PERFORM set_config('lock_timeout', '2s', true);
  IF p_idem_key IS NOT NULL THEN
    SELECT * INTO v_key FROM es_idempotency WHERE key = p_idem_key;
    IF FOUND THEN
      IF v_key.fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'idempotency key reused' USING ERRCODE = 'AR001';
      END IF;
      RETURN QUERY SELECT v_key.stream_version, v_key.first_position,
        v_key.last_position,
        (SELECT e.recorded_at FROM es_event e
          WHERE e.global_position = v_key.last_position), true;
      RETURN;
    END IF;
  END IF;
  -- A reused event id fails the unique index; the caller then answers a
  -- retry with the original positions (EventStoreDB's idempotent append).
  -- Compare-and-set on the stream first, before touching the counter.
  IF p_mode = 'exists' OR (p_mode = 'exact' AND p_expected > 0) THEN
    UPDATE es_stream SET version = version + n
      WHERE stream_id = p_stream_id
        AND (p_mode = 'exists' OR version = p_expected)
      RETURNING version INTO v_version;
  ELSIF p_mode = 'any' THEN
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO UPDATE SET version = es_stream.version + n
      RETURNING version INTO v_version;
  ELSE
    INSERT INTO es_stream (stream_id, stream_type, version, created_at)
      VALUES (p_stream_id, p_stream_type, n, v_now)
      ON CONFLICT (stream_id) DO NOTHING
      RETURNING version INTO v_version;
  END IF;
  IF v_version IS NULL THEN
    SELECT version INTO v_version FROM es_stream WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'wrong expected version'
      USING ERRCODE = 'AR002', DETAIL = coalesce(v_version::text, 'none');
  END IF;
  -- The counter row lock is held until commit: positions are gapless and
  -- commit order equals position order. The row also holds the head's hash:
  -- a single event's hash is computed in the same UPDATE (no other read).
  LOOP
    IF n = 1 THEN
      v_ev := p_events -> 0;
      UPDATE es_position SET last_position = last_position + 1,
          last_hash = sha256(last_hash || es_event_canonical(
            last_position + 1, p_stream_id, v_version, (v_ev->>0)::uuid,
            v_ev->>1, (v_ev->>2)::smallint, v_now, v_ev->3, p_metadata))
        WHERE id = 1
        RETURNING last_position, last_hash INTO v_last, v_prev;
    ELSE
      UPDATE es_position SET last_position = last_position + n WHERE id = 1
        RETURNING last_position, last_hash INTO v_last, v_prev;
    END IF;
    EXIT WHEN FOUND;
    -- An empty store (the row is created by migration 0002; a test's flush
    -- empties the table).
    INSERT INTO es_position (id, last_position, last_hash)
      VALUES (1, 0, '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea)
      ON CONFLICT (id) DO NOTHING;
  END LOOP;
  IF n = 1 THEN
    v_hashes := ARRAY[v_prev];
  ELSE
    FOR i IN 1..n LOOP
      v_ev := p_events -> (i - 1);
      v_prev := sha256(v_prev || es_event_canonical(
        v_last - n + i, p_stream_id, v_version - n + i, (v_ev->>0)::uuid,
        v_ev->>1, (v_ev->>2)::smallint, v_now, v_ev->3, p_metadata));
      v_hashes := v_hashes || v_prev;
    END LOOP;
    UPDATE es_position SET last_hash = v_prev WHERE id = 1;
  END IF;
  INSERT INTO es_event (global_position, stream_id, stream_version, event_id,
                        event_type, schema_version, payload, metadata,
                        recorded_at, hash)
    SELECT v_last - n + e.i, p_stream_id, v_version - n + e.i, (e.ev->>0)::uuid,
           e.ev->>1, (e.ev->>2)::smallint, e.ev->3, p_metadata, v_now,
           v_hashes[e.i]
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(ev, i);
  IF p_idem_key IS NOT NULL THEN
    INSERT INTO es_idempotency (key, fingerprint, stream_id, stream_version,
                                first_position, last_position, created_at)
      VALUES (p_idem_key, p_fingerprint, p_stream_id, v_version,
              v_last - n + 1, v_last, v_now);
  END IF;
  IF p_deadlines IS NOT NULL AND jsonb_array_length(p_deadlines) > 0 THEN
    INSERT INTO es_deadline (deadline_id, stream_id, stream_type, kind, due_at,
                             on_due, metadata, status, attempts, last_error,
                             created_at)
      SELECT (d->>'deadline_id')::uuid, (d->>'stream_id')::uuid, d->>'stream_type',
             d->>'kind', (d->>'due_at')::timestamptz, d->'on_due', d->'metadata',
             d->>'status', 0, '', v_now
      FROM jsonb_array_elements(p_deadlines) AS d
      ON CONFLICT (stream_id, kind) DO UPDATE
        SET due_at = EXCLUDED.due_at, on_due = EXCLUDED.on_due,
            metadata = EXCLUDED.metadata, status = EXCLUDED.status,
            claimed_at = NULL, fired_position = NULL, last_error = '';
  END IF;
  PERFORM pg_notify('es_events', v_last::text);
  RETURN QUERY SELECT v_version, v_last - n + 1, v_last, v_now, false;
END $$;
"""

# The application's role locks the stream rows of a multi-stream command
# (EventStore.lock_streams) without UPDATE on es_stream.
PG_LOCK_STREAMS = r"""
CREATE OR REPLACE FUNCTION es_lock_streams(p_ids uuid[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM 1 FROM es_stream WHERE stream_id = ANY(p_ids)
    ORDER BY stream_id FOR UPDATE;
END $$;
"""

# V6 (decision 0206): appenders queue for the counter on one transaction
# advisory lock, taken just before the counter row. Its queue wakes one
# waiter at each commit; on the row lock itself, sixteen waiters woke and
# re-checked the row at each commit (a tuple lock, then the holder's
# transaction), which doubled PostgreSQL's CPU an append under load. The
# key is a one-key advisory lock no other lock of Arbitro's takes: the
# projection runners' keys are in 0xC1524249_00000000 and up (unsigned),
# burraco's are positive, the result batches' are two-key.
APPEND_LOCK_KEY = -0x41524249

_COUNTER = "  -- The counter row lock is held until commit: positions are gapless and\n"
assert PG_APPEND_V5.count(_COUNTER) == 1
PG_APPEND_V6 = PG_APPEND_V5.replace(
    _COUNTER,
    "  -- One queue for the counter (decision 0206), released with it at commit.\n"
    f"  PERFORM pg_advisory_xact_lock({APPEND_LOCK_KEY});\n" + _COUNTER,
)
