-- CreateTable
CREATE TABLE "idempotency_keys" (
    "district_id" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT,
    "status" INTEGER,
    "content_type" TEXT,
    "body" BYTEA,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("district_id","owner","key")
);

-- CreateIndex
CREATE INDEX "idempotency_keys_district_id_created_at_idx" ON "idempotency_keys"("district_id", "created_at");

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_district_id_fkey" FOREIGN KEY ("district_id") REFERENCES "districts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
