-- CreateTable
CREATE TABLE "people_imports" (
    "id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "person_id" TEXT,
    "key_id" TEXT,
    "dry_run" BOOLEAN NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "rows_total" INTEGER,
    "rows_done" INTEGER NOT NULL DEFAULT 0,
    "file" BYTEA,
    "report" JSONB,
    "error" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "people_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "people_imports_district_id_created_at_idx" ON "people_imports"("district_id", "created_at");

-- AddForeignKey
ALTER TABLE "people_imports" ADD CONSTRAINT "people_imports_district_id_fkey" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
