-- Cheaper triggers on every write (issue 32): the same rows written to audit_pending,
-- search_documents, list_changes and districts, with less work per statement. The functions keep
-- their names and signatures, so the triggers that call them stay as they are.
--
-- Where the time went: SQL functions that PostgreSQL cannot inline (a FROM or a subquery in their
-- body: audit_changes, audit_key, audit_responses_change, search_index_*) are parsed and planned
-- again for every statement that calls them, and EXECUTE format(...) (bump_district_version,
-- search_reindex, audit_lookup) plans its text every time. PL/pgSQL keeps the plan of each static
-- statement for the session (and on the embedded database every connection shares one session),
-- so below each trigger runs static statements only, the old dynamic text remaining as the
-- fallback for arguments no trigger passes today. Each function also keeps one generic plan per
-- statement (plan_cache_mode): left to choose, PostgreSQL judged a plan made for each call's
-- values cheaper and made one on every call. None of these plans depends on a statement's row
-- count: no join of the transition tables (rows are matched through a jsonb object by key).

-- The commit's appends: their plans kept too.
ALTER FUNCTION "audit_append_many"(text, jsonb, jsonb) SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION "audit_flush"() SET plan_cache_mode = force_generic_plan;

-- ---------------------------------------------------------------- audit trail

-- A value looked up for a row (`table:column`: the `target` column of the row of `table` whose id
-- is the row's `column`). The lookups the attached tables use are static; any other is built.
CREATE OR REPLACE FUNCTION "audit_lookup"(p_spec text, p_target text, p_row jsonb) RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  found_value text;
  source_table text := split_part(p_spec, ':', 1);
  id_column text := split_part(p_spec, ':', 2);
BEGIN
  IF p_spec IS NULL THEN RETURN NULL; END IF;
  IF position(':' IN p_spec) = 0 THEN RETURN p_row->>p_spec; END IF;
  -- By id alone, as before: the id is the row's own reference, inside its district.
  IF source_table = 'interviews' AND p_target = 'person_id' THEN
    SELECT i."person_id" INTO found_value FROM "interviews" i WHERE i."id" = p_row->>id_column;
  ELSIF source_table = 'interviews' AND p_target = 'form_id' THEN
    SELECT i."form_id" INTO found_value FROM "interviews" i WHERE i."id" = p_row->>id_column;
  ELSIF source_table = 'boards' AND p_target = 'district_id' THEN
    SELECT b."district_id" INTO found_value FROM "boards" b WHERE b."id" = p_row->>id_column;
  ELSE
    EXECUTE format('SELECT %I::text FROM %I WHERE id = $1', p_target, source_table) INTO found_value USING p_row->>id_column;
  END IF;
  RETURN found_value;
END $$;

-- Unchanged, but in PL/pgSQL: its plan is kept rather than made for each statement.
CREATE OR REPLACE FUNCTION "audit_responses_change"(p_fields jsonb, p_old jsonb, p_new jsonb, p_verb text) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
    SELECT jsonb_object_agg(k.key,
             CASE WHEN f.field IS NULL OR f.field->>'p' = '1'
                  THEN jsonb_build_object('private', true, 'label', f.field->'label')
                  WHEN p_verb = 'updated' THEN jsonb_build_object('old', p_old->k.key, 'new', p_new->k.key)
                  ELSE coalesce(p_new, p_old)->k.key END)
      FROM (SELECT jsonb_object_keys(coalesce(p_old, '{}')) AS key UNION SELECT jsonb_object_keys(coalesce(p_new, '{}'))) k
      LEFT JOIN LATERAL (SELECT x AS field FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p_fields) = 'array' THEN p_fields ELSE '[]' END) x
                          WHERE x->>'id' = k.key LIMIT 1) f ON true
     WHERE (p_old->k.key) IS DISTINCT FROM (p_new->k.key));
END $$;

-- The recorded change of a row's form answers (`responses`), for a row whose answers changed:
-- field by field when the table follows a form (a private field by its name only), else the
-- whole value. The form is found by id, as before.
CREATE FUNCTION "audit_answers_change"(cfg jsonb, p_verb text, o jsonb, n jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  r jsonb := coalesce(n, o);
  form_spec text := cfg->>'form';
  form_fields jsonb;
BEGIN
  IF cfg ? 'form' THEN
    SELECT f."fields" INTO form_fields FROM "forms" f
     WHERE f."id" = CASE WHEN strpos(form_spec, ':') = 0 THEN r->>form_spec ELSE audit_lookup(form_spec, 'form_id', r) END;
    RETURN audit_responses_change(form_fields, o->'responses', n->'responses', p_verb);
  ELSIF p_verb = 'updated' THEN
    RETURN jsonb_build_object('old', o->'responses', 'new', n->'responses');
  END IF;
  RETURN r->'responses';
END $$;

-- The statement trigger of every audited table (attached by audit_attach): the statement's row
-- events, by district, wait in audit_pending for the commit. The events are those of
-- 20261127150000_audit_capture (audit_event, audit_changes, audit_key, audit_value, inlined
-- here): created and deleted record the values (nulls left out), updated each changed column's
-- old and new value, a masked column as {"changed": true} (on update only), form answers field by
-- field; an update that changed nothing recorded has no event.
CREATE OR REPLACE FUNCTION "audit_row_change"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  cfg jsonb := TG_ARGV[0]::jsonb;
  verb text := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END;
  record_type text := cfg->>'type';
  district_spec text := coalesce(cfg->>'district', 'district_id');
  person_spec text := cfg->>'person';
  keys text[];
  mask text[];
  skip text[];
  old_by_key jsonb;
  olds jsonb[];
  news jsonb[];
  queued int;
BEGIN
  -- Never recorded: the event's own columns, bookkeeping, the table's own skips, and any
  -- search vector, binary or generated column (added later or not). One query for all of it.
  SELECT coalesce((SELECT array_agg(k) FROM jsonb_array_elements_text(cfg->'keys') k), ARRAY['id']),
         coalesce((SELECT array_agg(k) FROM jsonb_array_elements_text(cfg->'mask') k), '{}'),
         ARRAY['district_id', 'created_at', 'updated_at']
           || coalesce((SELECT array_agg(k) FROM jsonb_array_elements_text(cfg->'skip') k), '{}')
           || coalesce((SELECT array_agg(a.attname::text) FROM pg_attribute a WHERE a.attrelid = TG_RELID AND a.attnum > 0 AND NOT a.attisdropped
                          AND (a.atttypid IN ('tsvector'::regtype, 'bytea'::regtype) OR a.attgenerated <> '')), '{}')
    INTO keys, mask, skip;
  IF keys = ARRAY['id'] THEN skip := skip || ARRAY['id']; END IF;

  -- The statement's rows as (old, new) pairs; an update's matched by their key (through a jsonb
  -- object, not a join: a kept plan made for one row would join thousands of rows pair by pair).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(to_jsonb(t)) INTO news FROM audit_new t;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(to_jsonb(t)) INTO olds FROM audit_old t;
  ELSE
    SELECT jsonb_object_agg(t.k, t.r) INTO old_by_key
      FROM (SELECT t.r, CASE WHEN keys = ARRAY['id'] THEN t.r->>'id' ELSE (SELECT string_agg(t.r->>u.k, ':' ORDER BY u.i) FROM unnest(keys) WITH ORDINALITY AS u(k, i)) END AS k
              FROM (SELECT to_jsonb(t) AS r FROM audit_old t) t) t
     WHERE t.k IS NOT NULL;
    SELECT array_agg(old_by_key->t.k), array_agg(t.r) INTO olds, news
      FROM (SELECT t.r, CASE WHEN keys = ARRAY['id'] THEN t.r->>'id' ELSE (SELECT string_agg(t.r->>u.k, ':' ORDER BY u.i) FROM unnest(keys) WITH ORDINALITY AS u(k, i)) END AS k
              FROM (SELECT to_jsonb(t) AS r FROM audit_new t) t) t
     WHERE old_by_key ? t.k;
  END IF;
  IF news IS NULL AND olds IS NULL THEN RETURN NULL; END IF;

  -- (OFFSET 0 keeps each row's values computed once: a flattened subquery would compute them for each use.)
  INSERT INTO audit_pending (district_id, events)
  SELECT e.district_id,
         jsonb_agg(jsonb_build_object('action', record_type || '.' || verb, 'record_type', record_type, 'record_id', e.record_id,
                                      'person_id', e.person_id, 'changes', e.changes) ORDER BY e.record_id)
    FROM (SELECT CASE WHEN strpos(district_spec, ':') = 0 THEN w.r->>district_spec ELSE audit_lookup(district_spec, 'district_id', w.r) END AS district_id,
                 CASE WHEN keys = ARRAY['id'] THEN w.r->>'id' ELSE (SELECT string_agg(w.r->>u.k, ':' ORDER BY u.i) FROM unnest(keys) WITH ORDINALITY AS u(k, i)) END AS record_id,
                 CASE WHEN person_spec IS NULL THEN NULL WHEN strpos(person_spec, ':') = 0 THEN w.r->>person_spec
                      ELSE audit_lookup(person_spec, 'person_id', w.r) END AS person_id,
                 CASE WHEN w.answers IS NULL THEN w.changes ELSE coalesce(w.changes, '{}') || jsonb_build_object('responses', w.answers) END AS changes
            FROM (SELECT coalesce(p.n, p.o) AS r,
                         CASE WHEN verb = 'updated' THEN
                             (SELECT jsonb_object_agg(c.key, CASE WHEN c.key = ANY (mask) THEN '{"changed": true}'::jsonb
                                                                  ELSE jsonb_build_object('old', p.o->c.key, 'new', c.value) END)
                                FROM jsonb_each(p.n) c WHERE c.key <> ALL (skip) AND c.key <> 'responses' AND (p.o->c.key) IS DISTINCT FROM c.value)
                           ELSE coalesce((SELECT jsonb_object_agg(c.key, c.value) FROM jsonb_each(coalesce(p.n, p.o)) c
                                           WHERE c.key <> ALL (skip) AND c.key <> ALL (mask) AND c.key <> 'responses' AND c.value <> 'null'::jsonb), '{}')
                         END AS changes,
                         CASE WHEN coalesce(p.n, p.o) ? 'responses' AND (p.o->'responses') IS DISTINCT FROM (p.n->'responses')
                              THEN audit_answers_change(cfg, verb, p.o, p.n) END AS answers
                    FROM unnest(olds, news) AS p(o, n)
                  OFFSET 0) w
          OFFSET 0) e
   WHERE e.changes IS NOT NULL AND e.district_id IS NOT NULL
   GROUP BY e.district_id;
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN PERFORM set_config('cas.audit_pending', '1', true); END IF;
  RETURN NULL;
END $$;

-- No longer called: their work is inlined in audit_row_change above.
DROP FUNCTION "audit_event"(jsonb, text[], text[], text[], text, jsonb, jsonb);
DROP FUNCTION "audit_event_of"(jsonb, text[], text[], text[], text, jsonb, jsonb);
DROP FUNCTION "audit_row_event"(text, text, text[], text, text, jsonb, jsonb);
DROP FUNCTION "audit_changes"(text, jsonb, jsonb, text[], text[]);
DROP FUNCTION "audit_value"(text, text, jsonb);
DROP FUNCTION "audit_key"(jsonb, text[]);

-- ---------------------------------------------------------------- list versions

-- 20261125084843_list_changes' function with its statements static: the rows the statement
-- changed (and whether each moved: inserted, deleted, or a column named by TG_ARGV[1] changed)
-- are gathered first (an update's old and new rows matched through a jsonb object by id), then
-- one statement bumps the district's version of the list, prunes, and notes them. Columns are
-- compared as jsonb values, equal exactly when the columns' values are (text, booleans,
-- timestamps, arrays, jsonb: the types these triggers watch).
CREATE OR REPLACE FUNCTION "bump_district_version"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  list_name text := replace(TG_ARGV[0], '_version', '');
  placed text[] := coalesce(TG_ARGV[1], '{}')::text[];
  districts_of text[];
  rows_of text[];
  moved_of boolean[];
  old_by_id jsonb;
  moved text;
  touched text;
BEGIN
  IF TG_ARGV[0] IN ('people_version', 'interviews_version') THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(n."district_id"), array_agg(n."id"), array_agg(true) INTO districts_of, rows_of, moved_of FROM "new_rows" n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(o."district_id"), array_agg(o."id"), array_agg(true) INTO districts_of, rows_of, moved_of FROM "old_rows" o;
    ELSE
      SELECT jsonb_object_agg(o."id", to_jsonb(o)) INTO old_by_id FROM "old_rows" o;
      SELECT array_agg(n."district_id"), array_agg(n."id"),
             array_agg(cardinality(placed) = 0 OR EXISTS (SELECT 1 FROM unnest(placed) c WHERE (j.o->c) IS DISTINCT FROM (j.n->c)))
        INTO districts_of, rows_of, moved_of
        FROM "new_rows" n
        CROSS JOIN LATERAL (SELECT old_by_id->n."id" AS o, to_jsonb(n) AS n OFFSET 0) j
       WHERE j.o IS NOT NULL;
    END IF;
    IF rows_of IS NULL THEN RETURN NULL; END IF;
    -- The other list's version is set to itself: one statement serves both lists.
    WITH "changed" AS (SELECT * FROM unnest(districts_of, rows_of, moved_of) AS c("district_id", "id", "moved")),
    "bumped" AS (
      UPDATE "districts" SET "people_version" = "people_version" + CASE WHEN list_name = 'people' THEN 1 ELSE 0 END,
                             "interviews_version" = "interviews_version" + CASE WHEN list_name = 'interviews' THEN 1 ELSE 0 END
       WHERE "id" IN (SELECT "district_id" FROM "changed")
       RETURNING "id", CASE WHEN list_name = 'people' THEN "people_version" ELSE "interviews_version" END AS "version"
    ),
    "pruned" AS (
      DELETE FROM "list_changes" l USING "bumped" b
       WHERE b."version" % 256 = 0 AND l."district_id" = b."id" AND l."list" = list_name AND l."version" < b."version" - 1024
    )
    INSERT INTO "list_changes" ("district_id", "list", "version", "row_id", "moved")
    SELECT c."district_id", list_name, b."version", c."id", bool_or(c."moved") FROM "changed" c JOIN "bumped" b ON b."id" = c."district_id"
     GROUP BY c."district_id", b."version", c."id";
    RETURN NULL;
  END IF;

  -- Another list: as before, its statement built for the column named.
  moved := CASE WHEN TG_OP = 'UPDATE' AND cardinality(placed) > 0
    THEN format('(%s) IS DISTINCT FROM (%s)',
                (SELECT string_agg(format('o.%I', c), ', ') FROM unnest(placed) c),
                (SELECT string_agg(format('n.%I', c), ', ') FROM unnest(placed) c))
    ELSE 'true' END;
  touched := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT "district_id", "id", true AS "moved" FROM "new_rows"'
    WHEN 'DELETE' THEN 'SELECT "district_id", "id", true AS "moved" FROM "old_rows"'
    ELSE format('SELECT n."district_id", n."id", %s AS "moved" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"', moved)
  END;
  EXECUTE format($sql$
    WITH "changed" AS (%2$s),
    "bumped" AS (
      UPDATE "districts" SET %1$I = %1$I + 1 WHERE "id" IN (SELECT "district_id" FROM "changed") RETURNING "id", %1$I AS "version"
    ),
    "pruned" AS (
      DELETE FROM "list_changes" l USING "bumped" b
       WHERE b."version" %% 256 = 0 AND l."district_id" = b."id" AND l."list" = %3$L AND l."version" < b."version" - 1024
    )
    INSERT INTO "list_changes" ("district_id", "list", "version", "row_id", "moved")
    SELECT c."district_id", %3$L, b."version", c."id", bool_or(c."moved") FROM "changed" c JOIN "bumped" b ON b."id" = c."district_id"
     GROUP BY c."district_id", b."version", c."id"
  $sql$, TG_ARGV[0], touched, list_name);
  RETURN NULL;
END $$;

-- ---------------------------------------------------------------- search

-- 20261127130000_search's trigger function with its statements static: the ids of the rows the
-- statement changed (for an update, those whose columns named by TG_ARGV[2] changed, compared as
-- jsonb values; old and new rows matched through a jsonb object by their primary key), then the
-- search_index_* function named by TG_ARGV[0].
CREATE OR REPLACE FUNCTION "search_reindex"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  idcol text := TG_ARGV[1];
  watched text[] := coalesce(TG_ARGV[2], '{}')::text[];
  changed text;
  old_by_key jsonb;
  ids text[];
BEGIN
  IF TG_OP = 'UPDATE' AND idcol = 'id' THEN
    SELECT jsonb_object_agg(o."id", to_jsonb(o)) INTO old_by_key FROM "old_rows" o;
    SELECT array_agg(DISTINCT n."id") INTO ids
      FROM "new_rows" n
      CROSS JOIN LATERAL (SELECT old_by_key->n."id" AS o, to_jsonb(n) AS n OFFSET 0) j
     WHERE j.o IS NOT NULL AND (cardinality(watched) = 0 OR EXISTS (SELECT 1 FROM unnest(watched) c WHERE (j.o->c) IS DISTINCT FROM (j.n->c)));
  ELSIF TG_OP = 'UPDATE' AND idcol = 'source_id' AND TG_TABLE_NAME = 'translations' THEN
    SELECT jsonb_object_agg(jsonb_build_array(o."source_type", o."source_id", o."part", o."language")::text, to_jsonb(o)) INTO old_by_key FROM "old_rows" o;
    SELECT array_agg(DISTINCT n."source_id") INTO ids
      FROM "new_rows" n
      CROSS JOIN LATERAL (SELECT old_by_key->(jsonb_build_array(n."source_type", n."source_id", n."part", n."language")::text) AS o, to_jsonb(n) AS n OFFSET 0) j
     WHERE j.o IS NOT NULL AND (cardinality(watched) = 0 OR EXISTS (SELECT 1 FROM unnest(watched) c WHERE (j.o->c) IS DISTINCT FROM (j.n->c)));
  ELSIF TG_OP = 'INSERT' AND idcol = 'id' THEN
    SELECT array_agg(DISTINCT n."id") INTO ids FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' AND idcol = 'id' THEN
    SELECT array_agg(DISTINCT o."id") INTO ids FROM "old_rows" o;
  ELSIF TG_OP = 'INSERT' AND idcol = 'source_id' THEN
    SELECT array_agg(DISTINCT n."source_id") INTO ids FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' AND idcol = 'source_id' THEN
    SELECT array_agg(DISTINCT o."source_id") INTO ids FROM "old_rows" o;
  ELSIF TG_OP = 'INSERT' AND idcol = 'recording_id' THEN
    SELECT array_agg(DISTINCT n."recording_id") INTO ids FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' AND idcol = 'recording_id' THEN
    SELECT array_agg(DISTINCT o."recording_id") INTO ids FROM "old_rows" o;
  -- Any other column: as before, built.
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "new_rows"', idcol) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "old_rows"', idcol) INTO ids;
  ELSE
    changed := (SELECT string_agg(format('o.%1$I IS DISTINCT FROM n.%1$I', c), ' OR ') FROM unnest(watched) c);
    EXECUTE format(
      'SELECT array_agg(DISTINCT n.%1$I) FROM "new_rows" n JOIN "old_rows" o ON %2$s WHERE %3$s',
      idcol,
      CASE TG_TABLE_NAME WHEN 'translations'
        THEN 'o.source_type = n.source_type AND o.source_id = n.source_id AND o.part = n.part AND o.language = n.language'
        ELSE 'o.id = n.id' END,
      coalesce(changed, 'true')) INTO ids;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  CASE TG_ARGV[0]
    WHEN 'search_index_people' THEN PERFORM search_index_people(ids);
    WHEN 'search_index_interviews' THEN PERFORM search_index_interviews(ids);
    WHEN 'search_index_recordings' THEN PERFORM search_index_recordings(ids);
    WHEN 'search_index_messages' THEN PERFORM search_index_messages(ids);
    WHEN 'search_index_translations' THEN PERFORM search_index_translations(ids);
    WHEN 'search_index_person_files' THEN PERFORM search_index_person_files(ids);
    WHEN 'search_index_interview_files' THEN PERFORM search_index_interview_files(ids);
    WHEN 'search_queue_transcripts' THEN PERFORM search_queue_transcripts(ids);
    ELSE EXECUTE format('SELECT %I($1)', TG_ARGV[0]) USING ids;
  END CASE;
  RETURN NULL;
END $$;

-- The search_index_* functions (and search_queue_transcripts) of 20261127130000_search, unchanged
-- but in PL/pgSQL: their statements' plans are kept rather than made for each call.
CREATE OR REPLACE FUNCTION "search_index_people"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    DELETE FROM "search_documents" WHERE "kind" = 'person' AND "source_id" = ANY (ids);
    INSERT INTO "search_documents" ("kind", "source_id", "district_id", "person_id", "body", "name_key", "config", "tsv")
    SELECT 'person', p."id", p."district_id", p."id", b."body", lower(search_clean(p."first" || ' ' || p."last")), 'simple',
           -- The e-mail's parts too, so that "ana" or "example" finds ana.lima@example.org.
           to_tsvector('simple', b."body" || ' ' || translate(p."email", '@._+-', '     '))
      FROM "people" p
      CROSS JOIN LATERAL (
        SELECT search_clean(concat_ws(' · ', p."first" || ' ' || p."last", p."email",
                 (SELECT string_agg(t."name", ', ' ORDER BY t."name") FROM "tags" t WHERE t."district_id" = p."district_id" AND t."id" = ANY (p."tags")))) AS "body"
      ) b
     WHERE p."id" = ANY (ids)
    ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
      "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
      "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
      "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
      "config" = excluded."config", "tsv" = excluded."tsv";
END $$;

CREATE OR REPLACE FUNCTION "search_index_interviews"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    DELETE FROM "search_documents" WHERE "kind" = 'answer' AND "source_id" = ANY (ids);
    INSERT INTO "search_documents" ("kind", "source_id", "part", "district_id", "person_id", "interview_id", "field_id", "language", "body", "config", "tsv")
    SELECT 'answer', i."id", f."key" || ':' || l."key", i."district_id", i."person_id", i."id", f."key", l."key", search_clean(l."value"),
           search_config(l."key"), to_tsvector(search_config(l."key")::regconfig, search_clean(l."value"))
      FROM "interviews" i
      CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(i."responses") = 'object' THEN i."responses" ELSE '{}' END) f
      CROSS JOIN LATERAL jsonb_each_text(CASE WHEN jsonb_typeof(f."value") = 'object' THEN f."value" ELSE '{}' END) l
     WHERE i."id" = ANY (ids) AND jsonb_typeof(f."value" -> l."key") = 'string' AND btrim(l."value") <> ''
    ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
      "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
      "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
      "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
      "config" = excluded."config", "tsv" = excluded."tsv";
END $$;

CREATE OR REPLACE FUNCTION "search_index_recordings"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    DELETE FROM "search_documents" WHERE "kind" = 'recording' AND "source_id" = ANY (ids);
    INSERT INTO "search_documents" ("kind", "source_id", "part", "district_id", "person_id", "interview_id", "recording_id", "language", "body", "config", "tsv")
    SELECT 'recording', r."id", t."part", r."district_id", i."person_id", i."id", r."id", t."language", search_clean(t."text"),
           search_config(t."language"), to_tsvector(search_config(t."language")::regconfig, search_clean(t."text"))
      FROM "audio_recordings" r
      JOIN "interviews" i ON i."id" = r."interview_id" AND i."district_id" = r."district_id"
      CROSS JOIN LATERAL (
        SELECT 'name:' || n."key" AS "part", n."key" AS "language", n."value" AS "text"
          FROM jsonb_each_text(CASE WHEN jsonb_typeof(r."name") = 'object' THEN r."name" ELSE '{}' END) n
         WHERE jsonb_typeof(r."name" -> n."key") = 'string'
        UNION ALL
        SELECT 'summary', coalesce(r."summary_language", r."language"), r."summary" WHERE r."summary" IS NOT NULL
      ) t
     WHERE r."id" = ANY (ids) AND btrim(t."text") <> ''
    ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
      "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
      "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
      "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
      "config" = excluded."config", "tsv" = excluded."tsv";
END $$;

CREATE OR REPLACE FUNCTION "search_index_messages"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    DELETE FROM "search_documents" WHERE "kind" = 'message' AND "source_id" = ANY (ids);
    INSERT INTO "search_documents" ("kind", "source_id", "district_id", "conversation_id", "language", "body", "config", "tsv")
    SELECT 'message', m."id", m."district_id", m."conversation_id", m."language", search_clean(m."body"),
           search_config(m."language"), to_tsvector(search_config(m."language")::regconfig, search_clean(m."body"))
      FROM "messages" m
     WHERE m."id" = ANY (ids) AND m."kind" = 'message' AND btrim(m."body") <> ''
    ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
      "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
      "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
      "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
      "config" = excluded."config", "tsv" = excluded."tsv";
END $$;

CREATE OR REPLACE FUNCTION "search_index_translations"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    DELETE FROM "search_documents" WHERE "kind" = 'translation' AND "source_id" = ANY (ids);
    INSERT INTO "search_documents" ("kind", "source_id", "part", "district_id", "conversation_id", "language", "body", "config", "tsv")
    SELECT 'translation', m."id", t."language", m."district_id", m."conversation_id", t."language", search_clean(t."text"),
           search_config(t."language"), to_tsvector(search_config(t."language")::regconfig, search_clean(t."text"))
      FROM "translations" t
      JOIN "messages" m ON m."id" = t."source_id" AND m."district_id" = t."district_id"
     WHERE t."source_type" = 'message' AND t."source_id" = ANY (ids) AND t."part" = 0 AND t."text" IS NOT NULL
       AND m."kind" = 'message' AND btrim(t."text") <> ''
    ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
      "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
      "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
      "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
      "config" = excluded."config", "tsv" = excluded."tsv";
END $$;

CREATE OR REPLACE FUNCTION "search_index_person_files"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    DELETE FROM "search_documents" WHERE "kind" = 'person_file' AND "source_id" = ANY (ids);
    INSERT INTO "search_documents" ("kind", "source_id", "district_id", "person_id", "body", "config", "tsv")
    SELECT 'person_file', f."id", f."district_id", f."person_id", search_clean(f."name"), 'simple',
           to_tsvector('simple', search_clean(f."name") || ' ' || translate(search_clean(f."name"), '._-', '   '))
      FROM "person_files" f
     WHERE f."id" = ANY (ids)
    ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
      "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
      "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
      "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
      "config" = excluded."config", "tsv" = excluded."tsv";
END $$;

CREATE OR REPLACE FUNCTION "search_index_interview_files"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    DELETE FROM "search_documents" WHERE "kind" = 'interview_file' AND "source_id" = ANY (ids);
    INSERT INTO "search_documents" ("kind", "source_id", "district_id", "person_id", "interview_id", "field_id", "body", "config", "tsv")
    SELECT 'interview_file', f."id", f."district_id", i."person_id", i."id", f."field_id", search_clean(f."name"), 'simple',
           to_tsvector('simple', search_clean(f."name") || ' ' || translate(search_clean(f."name"), '._-', '   '))
      FROM "interview_files" f
      JOIN "interviews" i ON i."id" = f."interview_id" AND i."district_id" = f."district_id"
     WHERE f."id" = ANY (ids)
    ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
      "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
      "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
      "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
      "config" = excluded."config", "tsv" = excluded."tsv";
END $$;

CREATE OR REPLACE FUNCTION "search_queue_transcripts"(ids text[]) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    INSERT INTO "search_pending" ("recording_id", "district_id")
    SELECT r."id", r."district_id" FROM "audio_recordings" r WHERE r."id" = ANY (ids)
    ON CONFLICT ("recording_id") DO NOTHING;
END $$;
