-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "rotated_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "api_key_retired_secrets" (
    "id" TEXT NOT NULL,
    "district_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "hint" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "retired_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "last_used_at" TIMESTAMP(3),

    CONSTRAINT "api_key_retired_secrets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_key_retired_secrets_hash_key" ON "api_key_retired_secrets"("hash");

-- CreateIndex
CREATE INDEX "api_key_retired_secrets_district_id_key_id_idx" ON "api_key_retired_secrets"("district_id", "key_id");

-- AddForeignKey
ALTER TABLE "api_key_retired_secrets" ADD CONSTRAINT "api_key_retired_secrets_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
