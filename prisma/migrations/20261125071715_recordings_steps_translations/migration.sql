-- One home for a recording: its row holds the file, the transcript and the summary; timed
-- segments go to transcript_segments; translations of transcripts, summaries, segments and
-- messages share one table; each server-side pipeline step has a row in recording_steps.
-- The data of interviews.audio and message_translations moves over before they are dropped.

-- AlterTable
ALTER TABLE "audio_recordings" ADD COLUMN     "content_type" TEXT,
ADD COLUMN     "language" TEXT,
ADD COLUMN     "name" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "size" INTEGER,
ADD COLUMN     "summarized_at" TIMESTAMP(3),
ADD COLUMN     "summary" TEXT,
ADD COLUMN     "summary_language" TEXT,
ADD COLUMN     "summary_provider" TEXT,
ADD COLUMN     "transcribed_at" TIMESTAMP(3),
ADD COLUMN     "transcript" TEXT,
ADD COLUMN     "transcript_provider" TEXT;

-- CreateTable
CREATE TABLE "transcript_segments" (
    "recording_id" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "district_id" TEXT NOT NULL,
    "piece" INTEGER NOT NULL DEFAULT 0,
    "start" DOUBLE PRECISION NOT NULL,
    "end" DOUBLE PRECISION NOT NULL,
    "language" TEXT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "transcript_segments_pkey" PRIMARY KEY ("recording_id","index")
);

-- CreateTable
CREATE TABLE "recording_steps" (
    "recording_id" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "progress_done" INTEGER NOT NULL DEFAULT 0,
    "progress_total" INTEGER NOT NULL DEFAULT 0,
    "progress_unit" TEXT NOT NULL DEFAULT '',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "error_code" TEXT,
    "error_details" JSONB,
    "job_id" TEXT,
    "lease_id" TEXT,
    "heartbeat_at" TIMESTAMP(3),
    "checkpoint" JSONB,
    "input" JSONB,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recording_steps_pkey" PRIMARY KEY ("recording_id","step")
);

-- CreateTable
CREATE TABLE "translations" (
    "source_type" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "part" INTEGER NOT NULL DEFAULT 0,
    "language" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "text" TEXT,
    "provider" TEXT,
    "claimed_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "translations_pkey" PRIMARY KEY ("source_type","source_id","part","language")
);

-- CreateIndex
CREATE INDEX "recording_steps_state_heartbeat_at_idx" ON "recording_steps"("state", "heartbeat_at");

-- CreateIndex
CREATE INDEX "audio_recordings_interview_id_idx" ON "audio_recordings"("interview_id");

-- AddForeignKey
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "audio_recordings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recording_steps" ADD CONSTRAINT "recording_steps_recording_id_fkey" FOREIGN KEY ("recording_id") REFERENCES "audio_recordings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translations" ADD CONSTRAINT "translations_district_id_fkey" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data: each entry of an interview's `audio` map becomes (or completes) its recording's row.
INSERT INTO "audio_recordings" ("id", "district_id", "interview_id", "person_id", "name", "storage_key", "content_type", "size",
  "duration_ms", "finalized_at", "language", "transcript", "transcript_provider", "transcribed_at", "summary",
  "summary_language", "summary_provider", "summarized_at", "created_at", "updated_at")
SELECT e.key, i.district_id, i.id, i.person_id,
  CASE WHEN jsonb_typeof(e.value->'name') = 'object' THEN e.value->'name' ELSE '{}'::jsonb END,
  COALESCE(e.value->>'key', substring(e.value->>'url' from '/files/(.*)$')),
  e.value->>'content_type',
  CASE WHEN jsonb_typeof(e.value->'size') = 'number' THEN (e.value->>'size')::numeric::int END,
  CASE WHEN jsonb_typeof(e.value->'duration_ms') = 'number' THEN (e.value->>'duration_ms')::numeric::int END,
  COALESCE(to_timestamp((e.value->>'created_at')::numeric / 1000) AT TIME ZONE 'UTC', i.updated_at),
  e.value->>'language',
  COALESCE(e.value->'transcript'->>(e.value->>'language'), (SELECT t.value FROM jsonb_each_text(CASE WHEN jsonb_typeof(e.value->'transcript') = 'object' THEN e.value->'transcript' ELSE '{}'::jsonb END) t LIMIT 1)),
  e.value->>'transcript_provider',
  to_timestamp((e.value->>'transcribed_at')::numeric / 1000) AT TIME ZONE 'UTC',
  COALESCE(e.value->'summary'->>(e.value->>'summary_language'), (SELECT t.value FROM jsonb_each_text(CASE WHEN jsonb_typeof(e.value->'summary') = 'object' THEN e.value->'summary' ELSE '{}'::jsonb END) t LIMIT 1)),
  e.value->>'summary_language',
  e.value->>'summary_provider',
  to_timestamp((e.value->>'summarized_at')::numeric / 1000) AT TIME ZONE 'UTC',
  COALESCE(to_timestamp((e.value->>'created_at')::numeric / 1000) AT TIME ZONE 'UTC', i.updated_at),
  i.updated_at
FROM "interviews" i, jsonb_each(CASE WHEN jsonb_typeof(i.audio) = 'object' THEN i.audio ELSE '{}'::jsonb END) e
WHERE jsonb_typeof(e.value) = 'object'
ON CONFLICT ("id") DO UPDATE SET
  "interview_id" = EXCLUDED."interview_id", "person_id" = EXCLUDED."person_id", "name" = EXCLUDED."name",
  "storage_key" = COALESCE(EXCLUDED."storage_key", "audio_recordings"."storage_key"), "content_type" = EXCLUDED."content_type",
  "size" = EXCLUDED."size", "duration_ms" = COALESCE(EXCLUDED."duration_ms", "audio_recordings"."duration_ms"),
  "finalized_at" = COALESCE("audio_recordings"."finalized_at", EXCLUDED."finalized_at"), "language" = EXCLUDED."language",
  "transcript" = EXCLUDED."transcript", "transcript_provider" = EXCLUDED."transcript_provider", "transcribed_at" = EXCLUDED."transcribed_at",
  "summary" = EXCLUDED."summary", "summary_language" = EXCLUDED."summary_language", "summary_provider" = EXCLUDED."summary_provider",
  "summarized_at" = EXCLUDED."summarized_at"
WHERE "audio_recordings"."district_id" = EXCLUDED."district_id";

INSERT INTO "transcript_segments" ("recording_id", "index", "district_id", "piece", "start", "end", "language", "text")
SELECT e.key, (s.ord - 1)::int, i.district_id, 0, (s.seg->>'start')::float8, (s.seg->>'end')::float8, COALESCE(s.seg->>'language', 'und'), s.seg->>'text'
FROM "interviews" i, jsonb_each(CASE WHEN jsonb_typeof(i.audio) = 'object' THEN i.audio ELSE '{}'::jsonb END) e,
  jsonb_array_elements(CASE WHEN jsonb_typeof(e.value->'segments') = 'array' THEN e.value->'segments' ELSE '[]'::jsonb END) WITH ORDINALITY s(seg, ord)
WHERE jsonb_typeof(e.value) = 'object' AND jsonb_typeof(s.seg->'start') = 'number' AND jsonb_typeof(s.seg->'end') = 'number' AND s.seg->>'text' IS NOT NULL
  AND EXISTS (SELECT 1 FROM "audio_recordings" r WHERE r.id = e.key AND r.district_id = i.district_id);

INSERT INTO "translations" ("source_type", "source_id", "part", "language", "district_id", "text", "provider")
SELECT kind.source_type, e.key, 0, t.key, i.district_id, t.value, 'unknown'
FROM "interviews" i, jsonb_each(CASE WHEN jsonb_typeof(i.audio) = 'object' THEN i.audio ELSE '{}'::jsonb END) e,
  LATERAL (VALUES ('transcript', 'language'), ('summary', 'summary_language')) kind(source_type, language_field),
  jsonb_each_text(CASE WHEN jsonb_typeof(e.value->kind.source_type) = 'object' THEN e.value->kind.source_type ELSE '{}'::jsonb END) t
WHERE jsonb_typeof(e.value) = 'object' AND t.key IS DISTINCT FROM e.value->>kind.language_field
  AND EXISTS (SELECT 1 FROM "audio_recordings" r WHERE r.id = e.key AND r.district_id = i.district_id)
ON CONFLICT DO NOTHING;

INSERT INTO "translations" ("source_type", "source_id", "part", "language", "district_id", "text", "provider")
SELECT 'segment', e.key, (s.ord - 1)::int, l.key, i.district_id, s.text, 'unknown'
FROM "interviews" i, jsonb_each(CASE WHEN jsonb_typeof(i.audio) = 'object' THEN i.audio ELSE '{}'::jsonb END) e,
  jsonb_each(CASE WHEN jsonb_typeof(e.value->'segment_translations') = 'object' THEN e.value->'segment_translations' ELSE '{}'::jsonb END) l,
  jsonb_array_elements_text(CASE WHEN jsonb_typeof(l.value) = 'array' THEN l.value ELSE '[]'::jsonb END) WITH ORDINALITY s(text, ord)
WHERE jsonb_typeof(e.value) = 'object'
  AND EXISTS (SELECT 1 FROM "audio_recordings" r WHERE r.id = e.key AND r.district_id = i.district_id)
ON CONFLICT DO NOTHING;

INSERT INTO "translations" ("source_type", "source_id", "part", "language", "district_id", "text", "provider", "created_at")
SELECT 'message', t.message_id, 0, t.language, m.district_id, t.body, 'unknown', t.created_at
FROM "message_translations" t JOIN "messages" m ON m.id = t.message_id
ON CONFLICT DO NOTHING;

-- DropTable, DropColumn
DROP TABLE "message_translations";
ALTER TABLE "interviews" DROP COLUMN "audio";

-- Translations go with their source: a message, or a recording (its transcript, summary and segments).
CREATE FUNCTION "delete_translations_of_source"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "translations" WHERE "source_type" = ANY (TG_ARGV::text[]) AND "source_id" = OLD.id AND "district_id" = OLD.district_id;
  RETURN OLD;
END $$;
CREATE TRIGGER "messages_delete_translations" AFTER DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "delete_translations_of_source"('message');
CREATE TRIGGER "audio_recordings_delete_translations" AFTER DELETE ON "audio_recordings"
  FOR EACH ROW EXECUTE FUNCTION "delete_translations_of_source"('transcript', 'summary', 'segment');
