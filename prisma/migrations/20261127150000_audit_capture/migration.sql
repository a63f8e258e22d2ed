-- The audit trail's capture (issue 32): one chain of rows per district in audit_events, appended
-- only through audit_append_many(); row triggers on the tables a district cares about; a guard
-- that refuses UPDATE (but the redaction form), DELETE and TRUNCATE on audit_events.
-- The canonical text and the digests below are recomputed by lib/audit/canonical.ts: change both
-- or neither.

-- The chain covers a digest of the redactable details (actor_name, changes), so an erasure can
-- clear them (redacted_at) without breaking the chain.
ALTER TABLE "audit_events" ADD COLUMN "detail_digest" TEXT NOT NULL, ADD COLUMN "redacted_at" TIMESTAMP(3);

-- The events of a transaction's row writes wait here until its commit (audit_flush below): the
-- district's chain head is locked only then, as the transaction's last lock, so appends never
-- take part in a deadlock and the head is held for the commit alone.
CREATE UNLOGGED TABLE "audit_pending" (
    "ord" BIGSERIAL NOT NULL,
    "xid" BIGINT NOT NULL DEFAULT txid_current(),
    "district_id" TEXT NOT NULL,
    "events" JSONB NOT NULL,

    CONSTRAINT "audit_pending_pkey" PRIMARY KEY ("ord")
);
CREATE INDEX "audit_pending_xid_idx" ON "audit_pending"("xid");

-- One field of the canonical text: '|' and '\' escaped, null as \N.
CREATE FUNCTION "audit_field"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(replace(replace(value, '\', '\\'), '|', '\|'), '\N')
$$;

-- The digest of a row's redactable details.
CREATE FUNCTION "audit_digest"(p_actor_name text, p_changes jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(audit_field(p_actor_name) || '|' || audit_field(p_changes::text), 'UTF8')), 'hex')
$$;

-- A row's canonical text is its columns joined by '|', each through audit_field but seq and the
-- digest: seq, district_id, id, at (ISO 8601, UTC, to the millisecond), actor_type, actor_id, via,
-- action, record_type, record_id, person_id, request_id, detail_digest. Its hash is
-- sha256(previous hash || '|' || that text), in hex; the first row's previous hash is ''.

-- Appends events to a district's chain: each of p_events is
-- {"action", "record_type", "record_id", "person_id", "changes"}. The actor is p_actor, else the
-- transaction's `cas.actor` setting (lib/db/pool.ts sets it), else the database role itself:
-- {"type": "person"|"key"|"system"|"ops", "id", "via", "request"}. The head row's lock orders the
-- district's appends until commit. Returns the last seq.
CREATE FUNCTION "audit_append_many"(p_district text, p_actor jsonb, p_events jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := coalesce(p_actor, nullif(current_setting('cas.actor', true), '')::jsonb, '{"type": "database"}'::jsonb);
  a_type text := coalesce(actor->>'type', 'database');
  a_id text := actor->>'id';
  a_via text := actor->>'via';
  a_request text := actor->>'request';
  a_name text;
  v_at timestamp(3) := (clock_timestamp() AT TIME ZONE 'UTC')::timestamp(3);
  head_seq bigint;
  head_hash text;
  ids text[] := '{}';
  digests text[] := '{}';
  hashes text[] := '{}';
  r record;
  n int := coalesce(jsonb_array_length(p_events), 0);
BEGIN
  IF n = 0 THEN RETURN NULL; END IF;
  -- The actor's name as it is now: the row stays readable once the person or key is gone.
  IF a_type = 'person' THEN
    SELECT nullif(trim(first || ' ' || last), '') INTO a_name FROM people WHERE id = a_id AND district_id = p_district;
  ELSIF a_type = 'key' THEN
    SELECT name INTO a_name FROM api_keys WHERE id = a_id AND district_id = p_district;
  ELSIF a_type = 'database' THEN
    a_name := session_user;
  END IF;
  a_name := coalesce(a_name, actor->>'name');

  SELECT seq, hash INTO head_seq, head_hash FROM audit_heads WHERE district_id = p_district FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_heads (district_id, seq, hash) VALUES (p_district, 0, '') ON CONFLICT (district_id) DO NOTHING;
    SELECT seq, hash INTO head_seq, head_hash FROM audit_heads WHERE district_id = p_district FOR UPDATE;
  END IF;

  -- Each row's text after its seq, made for all rows in one query; the loop only chains them.
  FOR r IN
    SELECT e.o, x.id, x.digest,
           concat_ws('|', audit_field(p_district), audit_field(x.id), to_char(v_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), audit_field(a_type),
                     audit_field(a_id), audit_field(a_via), audit_field(e.value->>'action'), audit_field(e.value->>'record_type'),
                     audit_field(e.value->>'record_id'), audit_field(e.value->>'person_id'), audit_field(a_request), x.digest) AS rest
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, o)
     CROSS JOIN LATERAL (SELECT gen_random_uuid()::text AS id, audit_digest(a_name, nullif(e.value->'changes', 'null'::jsonb)) AS digest) x
     ORDER BY e.o
  LOOP
    head_hash := encode(sha256(convert_to(head_hash || '|' || (head_seq + r.o)::text || '|' || r.rest, 'UTF8')), 'hex');
    ids[r.o] := r.id;
    digests[r.o] := r.digest;
    hashes[r.o] := head_hash;
  END LOOP;

  INSERT INTO audit_events (id, district_id, seq, "at", actor_type, actor_id, actor_name, via, action, record_type, record_id, person_id,
                            changes, request_id, hash, detail_digest)
  SELECT u.id, p_district, head_seq + o, v_at, a_type, a_id, a_name, a_via, e.value->>'action', e.value->>'record_type',
         e.value->>'record_id', e.value->>'person_id', nullif(e.value->'changes', 'null'::jsonb), a_request, u.hash, u.digest
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, o)
    JOIN unnest(ids, digests, hashes) WITH ORDINALITY AS u(id, digest, hash, o) USING (o);
  UPDATE audit_heads SET seq = head_seq + n, hash = head_hash WHERE district_id = p_district;
  RETURN head_seq + n;
END $$;

-- A value looked up for a row: `column` (the row's own), or `table:column` (the `target` column
-- of the row of `table` whose id is the row's `column`).
CREATE FUNCTION "audit_lookup"(p_spec text, p_target text, p_row jsonb) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_value text;
BEGIN
  IF p_spec IS NULL THEN RETURN NULL; END IF;
  IF position(':' IN p_spec) = 0 THEN RETURN p_row->>p_spec; END IF;
  EXECUTE format('SELECT %I::text FROM %I WHERE id = $1', p_target, split_part(p_spec, ':', 1))
     INTO found_value USING p_row->>split_part(p_spec, ':', 2);
  RETURN found_value;
END $$;

-- A row's id: its key columns' values, joined by ':'.
CREATE FUNCTION "audit_key"(p_row jsonb, p_keys text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(p_row->>k, ':' ORDER BY i) FROM unnest(p_keys) WITH ORDINALITY AS u(k, i)
$$;

-- The change of a form's answers (`responses`), field by field: a private field (`p: 1` on the
-- form, or no longer on it) by its name only, never its values.
CREATE FUNCTION "audit_responses_change"(p_fields jsonb, p_old jsonb, p_new jsonb, p_verb text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_object_agg(k.key,
           CASE WHEN f.field IS NULL OR f.field->>'p' = '1'
                THEN jsonb_build_object('private', true, 'label', f.field->'label')
                WHEN p_verb = 'updated' THEN jsonb_build_object('old', p_old->k.key, 'new', p_new->k.key)
                ELSE coalesce(p_new, p_old)->k.key END)
    FROM (SELECT jsonb_object_keys(coalesce(p_old, '{}')) AS key UNION SELECT jsonb_object_keys(coalesce(p_new, '{}'))) k
    LEFT JOIN LATERAL (SELECT x AS field FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_fields) = 'array' THEN p_fields ELSE '[]' END) x
                        WHERE x->>'id' = k.key LIMIT 1) f ON true
   WHERE (p_old->k.key) IS DISTINCT FROM (p_new->k.key)
$$;

-- The recorded change of one row's columns (its form answers apart): created and deleted, the
-- values (nulls left out); updated, each changed column's old and new value, or null when
-- nothing recorded changed. Masked columns: {"changed": true} on update, left out otherwise.
CREATE FUNCTION "audit_changes"(p_verb text, o jsonb, n jsonb, p_skip text[], p_mask text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_verb = 'updated' THEN
      (SELECT jsonb_object_agg(c.key, CASE WHEN c.key = ANY(p_mask) THEN '{"changed": true}'::jsonb ELSE jsonb_build_object('old', o->c.key, 'new', c.value) END)
         FROM jsonb_each(n) c WHERE c.key <> ALL(p_skip) AND c.key <> 'responses' AND (o->c.key) IS DISTINCT FROM c.value)
    ELSE coalesce((SELECT jsonb_object_agg(c.key, c.value) FROM jsonb_each(coalesce(n, o)) c
                    WHERE c.key <> ALL(p_skip) AND c.key <> ALL(p_mask) AND c.key <> 'responses' AND c.value <> 'null'::jsonb), '{}') END
$$;

-- A value for a row by spec: `column` (the row's own, inline), or `table:column` (audit_lookup).
CREATE FUNCTION "audit_value"(p_spec text, p_target text, p_row jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_spec IS NULL THEN NULL WHEN strpos(p_spec, ':') = 0 THEN p_row->>p_spec ELSE audit_lookup(p_spec, p_target, p_row) END
$$;

-- The event of one row's write, with its district; null for an update that changed nothing
-- recorded. cfg: {"type": record_type, "keys": [...], "district": spec, "person": spec,
-- "form": spec of the form whose fields `responses` follows, "mask": columns recorded as
-- {"changed": true} only (secrets, long texts), "skip": columns never recorded}.
CREATE FUNCTION "audit_event_of"(cfg jsonb, p_keys text[], p_skip text[], p_mask text[], p_verb text, o jsonb, n jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  r jsonb := coalesce(n, o);
  changes jsonb := audit_changes(p_verb, o, n, p_skip, p_mask);
  answers jsonb;
BEGIN
  IF r ? 'responses' AND (o->'responses') IS DISTINCT FROM (n->'responses') THEN
    IF cfg ? 'form' THEN
      answers := audit_responses_change((SELECT fields FROM forms WHERE id = audit_value(cfg->>'form', 'form_id', r)), o->'responses', n->'responses', p_verb);
    ELSIF p_verb = 'updated' THEN
      answers := jsonb_build_object('old', o->'responses', 'new', n->'responses');
    ELSE
      answers := r->'responses';
    END IF;
    IF answers IS NOT NULL THEN changes := coalesce(changes, '{}') || jsonb_build_object('responses', answers); END IF;
  END IF;
  RETURN audit_row_event(cfg->>'type', p_verb, p_keys, coalesce(cfg->>'district', 'district_id'), cfg->>'person', r, changes);
END $$;

-- The event itself (inlined into the trigger's query for the tables without form answers).
CREATE FUNCTION "audit_row_event"(p_type text, p_verb text, p_keys text[], p_district text, p_person text, r jsonb, changes jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN changes IS NULL THEN NULL ELSE jsonb_build_object(
    'district_id', audit_value(p_district, 'district_id', r),
    'action', p_type || '.' || p_verb,
    'record_type', p_type,
    'record_id', CASE WHEN p_keys = ARRAY['id'] THEN r->>'id' ELSE audit_key(r, p_keys) END,
    'person_id', audit_value(p_person, 'person_id', r),
    'changes', changes) END
$$;

-- A row's event: inline SQL, but through audit_event_of for a table with form answers.
CREATE FUNCTION "audit_event"(cfg jsonb, p_keys text[], p_skip text[], p_mask text[], p_verb text, o jsonb, n jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN cfg ? 'form' OR (coalesce(n, o) ? 'responses' AND (o->'responses') IS DISTINCT FROM (n->'responses'))
              THEN audit_event_of(cfg, p_keys, p_skip, p_mask, p_verb, o, n)
              ELSE audit_row_event(cfg->>'type', p_verb, p_keys, coalesce(cfg->>'district', 'district_id'), cfg->>'person', coalesce(n, o),
                                   audit_changes(p_verb, o, n, p_skip, p_mask)) END
$$;

-- The statement trigger of every audited table (attached by audit_attach): the statement's row
-- events, by district, wait in audit_pending for the commit. (OFFSET 0 keeps each row's event
-- computed once: a flattened subquery would compute it for each of its uses.)
CREATE FUNCTION "audit_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cfg jsonb := TG_ARGV[0]::jsonb;
  verb text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END;
  keys text[] := coalesce((SELECT array_agg(k) FROM jsonb_array_elements_text(cfg->'keys') k), ARRAY['id']);
  mask text[] := coalesce((SELECT array_agg(k) FROM jsonb_array_elements_text(cfg->'mask') k), '{}');
  -- Never recorded: the event's own columns, bookkeeping, the table's own skips, and any
  -- search vector, binary or generated column (added later or not).
  skip text[] := ARRAY['district_id', 'created_at', 'updated_at']
    || coalesce((SELECT array_agg(k) FROM jsonb_array_elements_text(cfg->'skip') k), '{}')
    || coalesce((SELECT array_agg(attname::text) FROM pg_attribute WHERE attrelid = TG_RELID AND attnum > 0 AND NOT attisdropped
                   AND (atttypid IN ('tsvector'::regtype, 'bytea'::regtype) OR attgenerated <> '')), '{}')
    || CASE WHEN keys = ARRAY['id'] THEN ARRAY['id'] ELSE '{}' END;
  queued int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_pending (district_id, events)
    SELECT e->>'district_id', jsonb_agg(e - 'district_id' ORDER BY e->>'record_id')
      FROM (SELECT audit_event(cfg, keys, skip, mask, verb, NULL, to_jsonb(t)) AS e FROM audit_new t OFFSET 0) x
     WHERE e IS NOT NULL AND e->>'district_id' IS NOT NULL GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_pending (district_id, events)
    SELECT e->>'district_id', jsonb_agg(e - 'district_id' ORDER BY e->>'record_id')
      FROM (SELECT audit_event(cfg, keys, skip, mask, verb, to_jsonb(t), NULL) AS e FROM audit_old t OFFSET 0) x
     WHERE e IS NOT NULL AND e->>'district_id' IS NOT NULL GROUP BY 1;
  ELSE
    INSERT INTO audit_pending (district_id, events)
    SELECT e->>'district_id', jsonb_agg(e - 'district_id' ORDER BY e->>'record_id')
      FROM (SELECT audit_event(cfg, keys, skip, mask, verb, o.r, n.r) AS e
              FROM (SELECT r, audit_key(r, keys) AS k FROM (SELECT to_jsonb(t) AS r FROM audit_old t) t) o
              JOIN (SELECT r, audit_key(r, keys) AS k FROM (SELECT to_jsonb(t) AS r FROM audit_new t) t) n USING (k) OFFSET 0) x
     WHERE e IS NOT NULL AND e->>'district_id' IS NOT NULL GROUP BY 1;
  END IF;
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN PERFORM set_config('cas.audit_pending', '1', true); END IF;
  RETURN NULL;
END $$;

-- At commit (a deferred constraint trigger on audit_pending): the transaction's pending events,
-- appended district by district (in id order: two transactions lock heads in the same order).
-- Once per transaction does the work; the other firings see nothing pending.
CREATE FUNCTION "audit_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch record;
BEGIN
  IF current_setting('cas.audit_pending', true) IS DISTINCT FROM '1' THEN RETURN NULL; END IF;
  PERFORM set_config('cas.audit_pending', '', true);
  FOR batch IN
    WITH taken AS (DELETE FROM audit_pending WHERE xid = txid_current() RETURNING ord, district_id, events)
    SELECT t.district_id, jsonb_agg(x.value ORDER BY t.ord, x.o) AS events
      FROM taken t CROSS JOIN LATERAL jsonb_array_elements(t.events) WITH ORDINALITY AS x(value, o)
     GROUP BY t.district_id ORDER BY t.district_id
  LOOP
    PERFORM audit_append_many(batch.district_id, NULL, batch.events);
  END LOOP;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "audit_pending_flush" AFTER INSERT ON "audit_pending" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "audit_flush"();

-- Attaches the audit triggers to a table (a later migration calls it for a new table).
CREATE FUNCTION "audit_attach"(p_table regclass, cfg jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = p_table);
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS audit_new FOR EACH STATEMENT EXECUTE FUNCTION audit_row_change(%L)',
                 'audit_' || name || '_insert', p_table, cfg::text);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS audit_old NEW TABLE AS audit_new FOR EACH STATEMENT EXECUTE FUNCTION audit_row_change(%L)',
                 'audit_' || name || '_update', p_table, cfg::text);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS audit_old FOR EACH STATEMENT EXECUTE FUNCTION audit_row_change(%L)',
                 'audit_' || name || '_delete', p_table, cfg::text);
END $$;

-- The records a district cares about. Not here: sessions, chunks, segments, translations,
-- idempotency keys, rate limits, list changes, webhook events and deliveries, imports' progress,
-- jobs (technical rows, or copies of what is here).
SELECT audit_attach('districts', '{"type": "district", "district": "id", "skip": ["people_version", "interviews_version"]}');
SELECT audit_attach('people', '{"type": "person", "person": "id", "skip": ["email_key"]}');
SELECT audit_attach('roles', '{"type": "role"}');
SELECT audit_attach('tags', '{"type": "tag"}');
SELECT audit_attach('mentor_assignments', '{"type": "mentor_assignment", "keys": ["mentor_id", "candidate_id"], "person": "candidate_id"}');
SELECT audit_attach('person_files', '{"type": "person_file", "person": "person_id"}');
SELECT audit_attach('api_keys', '{"type": "key", "skip": ["last_used_at"], "mask": ["hash"]}');
SELECT audit_attach('forms', '{"type": "form"}');
SELECT audit_attach('boards', '{"type": "board"}');
SELECT audit_attach('board_members', '{"type": "board_member", "keys": ["board_id", "person_id"], "district": "boards:board_id", "person": "person_id"}');
SELECT audit_attach('profiles', '{"type": "profile"}');
SELECT audit_attach('interviews', '{"type": "interview", "person": "person_id", "form": "form_id"}');
SELECT audit_attach('interview_files', '{"type": "interview_file", "person": "interviews:interview_id"}');
SELECT audit_attach('interview_scorecards', '{"type": "scorecard", "person": "interviews:interview_id", "form": "interviews:interview_id"}');
SELECT audit_attach('audio_recordings', '{"type": "recording", "person": "person_id", "mask": ["transcript", "summary"]}');
SELECT audit_attach('conversations', '{"type": "conversation", "skip": ["seq", "last_message_at"]}');
SELECT audit_attach('conversation_participants', '{"type": "conversation_participant", "keys": ["conversation_id", "person_id"], "person": "person_id", "skip": ["last_read_seq"]}');
SELECT audit_attach('messages', '{"type": "message", "mask": ["body"]}');
SELECT audit_attach('webhook_endpoints', '{"type": "webhook_endpoint", "mask": ["secret", "previous_secret"]}');

-- Append-only: no UPDATE but the redaction of a row's details (lib/audit/redact-audit-details.ts),
-- no DELETE, no TRUNCATE, whoever asks (a DBA must disable the trigger first, and `audit verify`
-- then sees what changed).
CREATE FUNCTION "audit_events_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.redacted_at IS NULL AND NEW.redacted_at IS NOT NULL
     AND NEW.actor_name IS NULL AND NEW.changes = '{"redacted": true}'::jsonb
     AND (NEW.id, NEW.district_id, NEW.seq, NEW."at", NEW.actor_type, NEW.actor_id, NEW.via, NEW.action, NEW.record_type, NEW.record_id,
          NEW.person_id, NEW.request_id, NEW.hash, NEW.detail_digest)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.district_id, OLD.seq, OLD."at", OLD.actor_type, OLD.actor_id, OLD.via, OLD.action, OLD.record_type, OLD.record_id,
          OLD.person_id, OLD.request_id, OLD.hash, OLD.detail_digest) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_guard"();
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_guard"();
