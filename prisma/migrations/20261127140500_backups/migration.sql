-- Backups (issue 36): what the service records about itself, for no district. One row per
-- subject ("backup": the last good scheduled or manual backup, the last failure), read by
-- /api/health and the metrics.
CREATE TABLE "service_state" (
    "name" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_state_pkey" PRIMARY KEY ("name")
);
