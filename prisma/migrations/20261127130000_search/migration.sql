-- One search over everything (lib/search/, README "Search"). Every searchable text of a district
-- is a row of search_documents: a person (name, e-mail, tag names), one answer of an interview
-- (one field, one language), a recording's name (one language) or summary, a ~30 s passage of a
-- transcript, a message (the original), a message's translation (one language), a file's name.
-- Each row is indexed with the text search configuration of its language (english, spanish,
-- french, portuguese, else simple). Rows follow their sources: statement-level triggers
-- re-index what a statement changed, transcripts through the "search-index-recording" job
-- (search_pending names the recordings waiting for it), and the rows go with their source
-- (triggers, and foreign keys to the interview, recording, conversation or person they belong
-- to). Who may read a row is decided when searching, against the live source rows. This
-- migration fills nothing: rows that existed before it are indexed by the "search-backfill"
-- job, which the workers queue when search_index_state does not carry the code's version.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "search_documents" (
    "kind" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT '',
    "district_id" TEXT NOT NULL,
    "person_id" TEXT,
    "interview_id" TEXT,
    "recording_id" TEXT,
    "conversation_id" TEXT,
    "field_id" TEXT,
    "language" TEXT,
    "at_ms" INTEGER,
    "body" TEXT NOT NULL,
    "name_key" TEXT,
    "config" TEXT NOT NULL,
    "tsv" tsvector,

    CONSTRAINT "search_documents_pkey" PRIMARY KEY ("kind","source_id","part")
);

-- CreateTable
CREATE TABLE "search_pending" (
    "recording_id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "queued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_pending_pkey" PRIMARY KEY ("recording_id")
);

-- CreateTable
CREATE TABLE "search_index_state" (
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_index_state_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
-- The text index, one per group of kinds that is searched through it (each search reads only its
-- group's entries): people, answers, recordings with their transcripts, file names. Messages have
-- none: a reader's messages are read conversation by conversation (lib/search/search-branches.ts).
-- Without GIN's pending list (fastupdate): each search would read the whole list of entries not
-- yet merged, and the embedded database has no autovacuum to merge it; writes are small and steady.
CREATE INDEX "search_documents_people_tsv_idx" ON "search_documents" USING GIN ("tsv") WITH (fastupdate = off) WHERE "kind" = 'person';
CREATE INDEX "search_documents_answers_tsv_idx" ON "search_documents" USING GIN ("tsv") WITH (fastupdate = off) WHERE "kind" = 'answer';
CREATE INDEX "search_documents_recordings_tsv_idx" ON "search_documents" USING GIN ("tsv") WITH (fastupdate = off) WHERE "kind" IN ('recording', 'transcript');
CREATE INDEX "search_documents_files_tsv_idx" ON "search_documents" USING GIN ("tsv") WITH (fastupdate = off) WHERE "kind" IN ('person_file', 'interview_file');
CREATE INDEX "search_documents_name_key_idx" ON "search_documents" USING GIN ("name_key" gin_trgm_ops) WITH (fastupdate = off) WHERE "kind" = 'person';
CREATE INDEX "search_documents_district_id_kind_idx" ON "search_documents"("district_id", "kind");
CREATE INDEX "search_documents_person_id_idx" ON "search_documents"("person_id");
CREATE INDEX "search_documents_interview_id_idx" ON "search_documents"("interview_id");
CREATE INDEX "search_documents_recording_id_at_ms_idx" ON "search_documents"("recording_id", "at_ms");
CREATE INDEX "search_documents_conversation_id_idx" ON "search_documents"("conversation_id");
CREATE INDEX "search_pending_queued_at_idx" ON "search_pending"("queued_at");

-- AddForeignKey
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_district_id_fkey" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_interview_id_fkey" FOREIGN KEY ("interview_id") REFERENCES "interviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "audio_recordings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "search_pending" ADD CONSTRAINT "search_pending_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "audio_recordings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The configuration of a language code (BCP 47: "es-MX" is Spanish).
CREATE FUNCTION "search_config"(lang text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE lower(split_part(coalesce(lang, ''), '-', 1))
    WHEN 'en' THEN 'english' WHEN 'es' THEN 'spanish' WHEN 'fr' THEN 'french' WHEN 'pt' THEN 'portuguese' ELSE 'simple' END
$$;

-- A text as indexed and shown: without the two characters that mark matches in snippets.
CREATE FUNCTION "search_clean"(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate(t, chr(2) || chr(3), '')
$$;

-- Each search_index_* function re-indexes the given source rows whole: their documents are
-- deleted and made again from the rows as they are now (none for a row that is gone). Triggers
-- call them with the rows a statement changed, the backfill job with batches of a district. Two
-- transactions re-indexing one row at once (a change, and the backfill) do not fail on each
-- other: the later one's insert meets the earlier one's rows and updates them.

CREATE FUNCTION "search_index_people"(ids text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

-- Text answers: { field id: { language: text } }; other answers (options, checkboxes, files) are not text.
CREATE FUNCTION "search_index_interviews"(ids text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

-- A recording's name (each language) and summary, once it belongs to an interview.
CREATE FUNCTION "search_index_recordings"(ids text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

-- A transcript in passages of about 30 seconds (its segments by start time), each at its first
-- segment's moment, in the language most of its segments are in. Without segments, the whole
-- transcript is one passage at 0. Run by the "search-index-recording" job; the recording is
-- locked against deletion meanwhile, so that no passage outlives it.
CREATE FUNCTION "search_index_transcript"(rid text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  PERFORM 1 FROM "audio_recordings" WHERE "id" = rid FOR KEY SHARE;
  DELETE FROM "search_documents" WHERE "kind" = 'transcript' AND "recording_id" = rid;
  INSERT INTO "search_documents" ("kind", "source_id", "part", "district_id", "person_id", "interview_id", "recording_id", "language", "at_ms", "body", "config", "tsv")
  SELECT 'transcript', r."id", p."bucket"::text, r."district_id", i."person_id", i."id", r."id", p."language", p."at_ms", p."body",
         search_config(p."language"), to_tsvector(search_config(p."language")::regconfig, p."body")
    FROM "audio_recordings" r
    JOIN "interviews" i ON i."id" = r."interview_id" AND i."district_id" = r."district_id"
    CROSS JOIN LATERAL (
      SELECT floor(s."start" / 30)::bigint AS "bucket", (min(s."start") * 1000)::integer AS "at_ms",
             mode() WITHIN GROUP (ORDER BY s."language") AS "language",
             search_clean(string_agg(btrim(s."text"), ' ' ORDER BY s."index")) AS "body"
        FROM "transcript_segments" s
       WHERE s."recording_id" = r."id" AND s."district_id" = r."district_id"
       GROUP BY 1
      UNION ALL
      SELECT 0, 0, r."language", search_clean(r."transcript")
       WHERE r."transcript" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "transcript_segments" s WHERE s."recording_id" = r."id" AND s."district_id" = r."district_id")
    ) p
   WHERE r."id" = rid AND btrim(p."body") <> ''
  ON CONFLICT ("kind", "source_id", "part") DO UPDATE SET
    "district_id" = excluded."district_id", "person_id" = excluded."person_id", "interview_id" = excluded."interview_id",
    "recording_id" = excluded."recording_id", "conversation_id" = excluded."conversation_id", "field_id" = excluded."field_id",
    "language" = excluded."language", "at_ms" = excluded."at_ms", "body" = excluded."body", "name_key" = excluded."name_key",
    "config" = excluded."config", "tsv" = excluded."tsv";
  GET DIAGNOSTICS made = ROW_COUNT;
  DELETE FROM "search_pending" WHERE "recording_id" = rid;
  RETURN made;
END $$;

CREATE FUNCTION "search_index_messages"(ids text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

-- The translations of the given messages, one document per reader language.
CREATE FUNCTION "search_index_translations"(ids text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

-- File names: their words, and the parts of a name like "cv_ana-lima.pdf".
CREATE FUNCTION "search_index_person_files"(ids text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

CREATE FUNCTION "search_index_interview_files"(ids text[]) RETURNS void LANGUAGE sql AS $$
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
$$;

-- Recordings whose transcript changed wait for the "search-index-recording" job (lib/search/).
CREATE FUNCTION "search_queue_transcripts"(ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "search_pending" ("recording_id", "district_id")
  SELECT r."id", r."district_id" FROM "audio_recordings" r WHERE r."id" = ANY (ids)
  ON CONFLICT ("recording_id") DO NOTHING;
$$;

-- The trigger function: TG_ARGV[0] names the search_index_* function, TG_ARGV[1] the column of
-- the changed rows that holds the ids it takes, TG_ARGV[2] (updates only) the columns whose
-- change matters: rows whose other columns changed (a reaction, a date) are not indexed again.
CREATE FUNCTION "search_reindex"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  idcol text := TG_ARGV[1];
  watched text[] := coalesce(TG_ARGV[2], '{}')::text[];
  changed text;
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "new_rows"', idcol) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "old_rows"', idcol) INTO ids;
  ELSE
    changed := (SELECT string_agg(format('o.%1$I IS DISTINCT FROM n.%1$I', c), ' OR ') FROM unnest(watched) c);
    -- Rows are matched by their primary key's columns (id, or a translation's four).
    EXECUTE format(
      'SELECT array_agg(DISTINCT n.%1$I) FROM "new_rows" n JOIN "old_rows" o ON %2$s WHERE %3$s',
      idcol,
      CASE TG_TABLE_NAME WHEN 'translations'
        THEN 'o.source_type = n.source_type AND o.source_id = n.source_id AND o.part = n.part AND o.language = n.language'
        ELSE 'o.id = n.id' END,
      coalesce(changed, 'true')) INTO ids;
  END IF;
  IF ids IS NOT NULL THEN
    EXECUTE format('SELECT %I($1)', TG_ARGV[0]) USING ids;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "people_search_insert" AFTER INSERT ON "people"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_people', 'id');
CREATE TRIGGER "people_search_update" AFTER UPDATE ON "people"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_people', 'id', '{first,last,email,tags}');

-- A tag renamed or deleted: the people who carry it.
CREATE FUNCTION "search_reindex_tag_holders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_people(array_agg(DISTINCT p."id"))
     FROM "old_rows" t JOIN "people" p ON p."district_id" = t."district_id" AND t."id" = ANY (p."tags")
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
CREATE TRIGGER "tags_search_update" AFTER UPDATE ON "tags"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex_tag_holders"();
CREATE TRIGGER "tags_search_delete" AFTER DELETE ON "tags"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex_tag_holders"();

CREATE TRIGGER "interviews_search_insert" AFTER INSERT ON "interviews"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_interviews', 'id');
CREATE TRIGGER "interviews_search_update" AFTER UPDATE ON "interviews"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_interviews', 'id', '{responses,person_id}');

CREATE TRIGGER "audio_recordings_search_insert" AFTER INSERT ON "audio_recordings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_recordings', 'id');
CREATE TRIGGER "audio_recordings_search_update" AFTER UPDATE ON "audio_recordings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_recordings', 'id', '{name,summary,summary_language,language,interview_id}');
CREATE TRIGGER "audio_recordings_search_transcript" AFTER UPDATE ON "audio_recordings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_queue_transcripts', 'id', '{transcript,transcribed_at,interview_id}');
CREATE TRIGGER "transcript_segments_search_insert" AFTER INSERT ON "transcript_segments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_queue_transcripts', 'recording_id');
CREATE TRIGGER "transcript_segments_search_delete" AFTER DELETE ON "transcript_segments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_queue_transcripts', 'recording_id');

CREATE TRIGGER "messages_search_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_messages', 'id');
CREATE TRIGGER "messages_search_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_messages', 'id', '{body,language,kind}');
CREATE TRIGGER "messages_search_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_messages', 'id');

CREATE TRIGGER "translations_search_insert" AFTER INSERT ON "translations"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_translations', 'source_id');
CREATE TRIGGER "translations_search_update" AFTER UPDATE ON "translations"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_translations', 'source_id', '{text}');
CREATE TRIGGER "translations_search_delete" AFTER DELETE ON "translations"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_translations', 'source_id');

CREATE TRIGGER "person_files_search_insert" AFTER INSERT ON "person_files"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_person_files', 'id');
CREATE TRIGGER "person_files_search_update" AFTER UPDATE ON "person_files"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_person_files', 'id', '{name,person_id}');
CREATE TRIGGER "person_files_search_delete" AFTER DELETE ON "person_files"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_person_files', 'id');

CREATE TRIGGER "interview_files_search_insert" AFTER INSERT ON "interview_files"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_interview_files', 'id');
CREATE TRIGGER "interview_files_search_update" AFTER UPDATE ON "interview_files"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_interview_files', 'id', '{name,field_id,interview_id}');
CREATE TRIGGER "interview_files_search_delete" AFTER DELETE ON "interview_files"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_reindex"('search_index_interview_files', 'id');

-- People whose name is like the words asked (pg_trgm's word similarity, at least 0.3: "Jonh"
-- finds John, "Smtih" Smith), by the trigram index. The threshold is the function's own setting:
-- on the embedded database every connection shares one session, where a SET would leak.
CREATE FUNCTION "search_similar_names"(district text, words text) RETURNS TABLE ("person_id" text, "similarity" real)
  LANGUAGE sql STABLE SET pg_trgm.word_similarity_threshold = 0.3 AS $$
  SELECT d."source_id", word_similarity(words, d."name_key")
    FROM "search_documents" d
   WHERE d."district_id" = district AND d."kind" = 'person' AND words <% d."name_key"
$$;
