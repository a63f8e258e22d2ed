-- AlterTable
ALTER TABLE "interviews" ADD COLUMN     "recommendation" INTEGER,
ADD COLUMN     "recommendation_at" TIMESTAMP(3),
ADD COLUMN     "recommendation_by" TEXT,
ADD COLUMN     "recommendation_tally" JSONB;

-- CreateTable
CREATE TABLE "interview_scorecards" (
    "id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "interview_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "responses" JSONB NOT NULL DEFAULT '{}',
    "recommendation" INTEGER,
    "note" TEXT,
    "submitted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "interview_scorecards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_name" TEXT,
    "via" TEXT,
    "action" TEXT NOT NULL,
    "record_type" TEXT NOT NULL,
    "record_id" TEXT,
    "person_id" TEXT,
    "changes" JSONB,
    "request_id" TEXT,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_heads" (
    "district_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "audit_heads_pkey" PRIMARY KEY ("district_id")
);

-- CreateIndex
CREATE INDEX "interview_scorecards_district_id_idx" ON "interview_scorecards"("district_id");

-- CreateIndex
CREATE UNIQUE INDEX "interview_scorecards_interview_id_member_id_key" ON "interview_scorecards"("interview_id", "member_id");

-- CreateIndex
CREATE INDEX "audit_events_district_id_at_idx" ON "audit_events"("district_id", "at");

-- CreateIndex
CREATE INDEX "audit_events_district_id_record_type_record_id_idx" ON "audit_events"("district_id", "record_type", "record_id");

-- CreateIndex
CREATE INDEX "audit_events_district_id_person_id_idx" ON "audit_events"("district_id", "person_id");

-- CreateIndex
CREATE INDEX "audit_events_district_id_actor_id_idx" ON "audit_events"("district_id", "actor_id");

-- CreateIndex
CREATE UNIQUE INDEX "audit_events_district_id_seq_key" ON "audit_events"("district_id", "seq");

-- AddForeignKey
ALTER TABLE "interview_scorecards" ADD CONSTRAINT "interview_scorecards_interview_id_fkey" FOREIGN KEY ("interview_id") REFERENCES "interviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "interview_scorecards" ADD CONSTRAINT "interview_scorecards_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "people"("id") ON DELETE CASCADE ON UPDATE CASCADE;
