-- Interviews with a time and a place (issue 33): when and where an interview is held, beside the
-- contract's `date`; the iCalendar invitations sent for it; each person's private calendar feed.

ALTER TABLE "interviews" ADD COLUMN "starts_at" TIMESTAMP(3),
ADD COLUMN "duration_minutes" INTEGER,
ADD COLUMN "location" TEXT,
ADD COLUMN "meeting_url" TEXT;

-- When a scheduled interview's invitations go out: at its creation ('create') or when it is published ('publish').
ALTER TABLE "districts" ADD COLUMN "calendar_invitations" TEXT NOT NULL DEFAULT 'publish';

-- One row per interview and person who was sent its invitation: the SEQUENCE and the event (title,
-- time, place, link) last sent to them, and whether that was a CANCEL. No foreign key to the
-- interview: its rows outlive it until the cancellations are sent (lib/calendar/sync-invitations.ts).
CREATE TABLE "interview_invitations" (
    "district_id" TEXT NOT NULL,
    "interview_id" TEXT NOT NULL,
    "person_id" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "sent" JSONB NOT NULL,
    "cancelled" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "interview_invitations_pkey" PRIMARY KEY ("interview_id","person_id")
);
CREATE INDEX "interview_invitations_district_id_person_id_idx" ON "interview_invitations"("district_id", "person_id");
ALTER TABLE "interview_invitations" ADD CONSTRAINT "interview_invitations_district_id_fkey" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "interview_invitations" ADD CONSTRAINT "interview_invitations_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person's calendar feed: only the SHA-256 of its token; a new token replaces the row (the old URL stops working).
CREATE TABLE "calendar_feeds" (
    "person_id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("person_id")
);
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");
CREATE INDEX "calendar_feeds_district_id_idx" ON "calendar_feeds"("district_id");
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_district_id_fkey" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- In the audit trail (20261127150000_audit_capture): who was invited when, and that a feed was
-- issued (never its hash).
SELECT audit_attach('interview_invitations', '{"type": "interview_invitation", "keys": ["interview_id", "person_id"], "person": "person_id"}');
SELECT audit_attach('calendar_feeds', '{"type": "calendar_feed", "keys": ["person_id"], "person": "person_id", "mask": ["token_hash"]}');
