-- E-mail notifications (issue 33): what each person chooses to be told, when they were last
-- seen, which e-mails were claimed and sent, and up to which message each conversation was told.

-- A person's choices, one row once they chose (no row: every kind on). A record a person changes
-- themself: audited like their other settings.
CREATE TABLE "notification_preferences" (
    "person_id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "messages" BOOLEAN NOT NULL DEFAULT true,
    "interview_published" BOOLEAN NOT NULL DEFAULT true,
    "interview_reminder" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("person_id")
);
CREATE INDEX "notification_preferences_district_id_idx" ON "notification_preferences"("district_id");
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- When a person last made a request (written at most once a minute per process): not on
-- `people`, whose triggers (list versions, search, audit) would turn every minute of use into
-- writes elsewhere.
CREATE TABLE "person_presence" (
    "person_id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "person_presence_pkey" PRIMARY KEY ("person_id")
);
CREATE INDEX "person_presence_district_id_idx" ON "person_presence"("district_id");
ALTER TABLE "person_presence" ADD CONSTRAINT "person_presence_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One row per e-mail, claimed by its unique key before its job is queued: a second sweep, in
-- this process or another, finds the key taken and queues nothing. Its job sends it and stamps
-- sent_at (or dropped_reason). Bookkeeping, not a record: not audited.
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMP(3),
    "dropped_reason" TEXT,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "notifications_district_id_dedupe_key_key" ON "notifications"("district_id", "dedupe_key");
CREATE INDEX "notifications_person_id_idx" ON "notifications"("person_id");
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Per participant, the conversation's seq up to which an e-mail told them: no second e-mail about
-- a conversation until they have read past it. Bookkeeping: not audited.
CREATE TABLE "conversation_notices" (
    "conversation_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "notified_seq" INTEGER NOT NULL,

    CONSTRAINT "conversation_notices_pkey" PRIMARY KEY ("conversation_id", "person_id")
);
CREATE INDEX "conversation_notices_person_id_idx" ON "conversation_notices"("person_id");
ALTER TABLE "conversation_notices" ADD CONSTRAINT "conversation_notices_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "conversation_notices" ADD CONSTRAINT "conversation_notices_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

SELECT audit_attach('notification_preferences', '{"type": "notification_preference", "person": "person_id", "keys": ["person_id"], "skip": ["updated_at"]}');
