-- Retention (issue 36): how long each district keeps recordings after their interview is
-- published, archived people, and messages. Null keeps them forever (the default); the daily
-- "retention-sweep" job deletes what has expired (lib/retention/).
ALTER TABLE "districts"
  ADD COLUMN "retention_recordings_days" INTEGER,
  ADD COLUMN "retention_archived_people_days" INTEGER,
  ADD COLUMN "retention_messages_days" INTEGER,
  ADD CONSTRAINT "districts_retention_days_check" CHECK (
    coalesce("retention_recordings_days", 1) BETWEEN 1 AND 36500
    AND coalesce("retention_archived_people_days", 1) BETWEEN 1 AND 36500
    AND coalesce("retention_messages_days", 1) BETWEEN 1 AND 36500
  );

-- When an interview was last published, and when a person was archived: the moments the
-- retention periods count from. Kept by the database itself (below), so every path that
-- publishes or archives (the API, imports, the ops command) sets them. Rows already published
-- or archived count from their last change, the best moment known.
ALTER TABLE "interviews" ADD COLUMN "published_at" TIMESTAMP(3);
UPDATE "interviews" SET "published_at" = "updated_at" WHERE "published";
ALTER TABLE "people" ADD COLUMN "archived_at" TIMESTAMP(3);
UPDATE "people" SET "archived_at" = "updated_at" WHERE "archived";

-- An erased person (POST /api/people/:id/erase) stays as an anonymous row, so that the fact of
-- their interviews and the order of others' conversations remain: this marks it.
ALTER TABLE "people" ADD COLUMN "erased_at" TIMESTAMP(3);

CREATE FUNCTION "stamp_published_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW."published" THEN
    NEW."published_at" := NULL;
  ELSIF TG_OP = 'INSERT' OR NOT OLD."published" THEN
    NEW."published_at" := (now() AT TIME ZONE 'UTC');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "interviews_stamp_published_at" BEFORE INSERT OR UPDATE ON "interviews"
  FOR EACH ROW EXECUTE FUNCTION "stamp_published_at"();

CREATE FUNCTION "stamp_archived_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW."archived" THEN
    NEW."archived_at" := NULL;
  ELSIF TG_OP = 'INSERT' OR NOT OLD."archived" THEN
    NEW."archived_at" := (now() AT TIME ZONE 'UTC');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "people_stamp_archived_at" BEFORE INSERT OR UPDATE ON "people"
  FOR EACH ROW EXECUTE FUNCTION "stamp_archived_at"();

-- What the sweep looks for, per district.
CREATE INDEX "interviews_district_id_published_at_idx" ON "interviews"("district_id", "published_at");
CREATE INDEX "people_district_id_archived_at_idx" ON "people"("district_id", "archived_at");
CREATE INDEX "messages_district_id_created_at_idx" ON "messages"("district_id", "created_at");
