import "server-only";
import { db } from "@/lib/db/client";
import { IDEMPOTENCY_WINDOW_MS } from "./idempotency";

/** Rows deleted per statement: a run holds no lock for long; the next batch follows at once. */
const BATCH = 5000;

/**
 * Deletes the stored answers of Idempotency-Keys older than the 24-hour window, of every
 * district. Runs as the cron job "idempotency-sweep" (lib/jobs/handlers.ts jobSchedules), once per
 * cluster every hour; nothing is ever answered from an expired row meanwhile (lib/http/idempotency.ts
 * checks the age on every read).
 */
export async function sweepIdempotencyKeys(): Promise<{ deleted: number }> {
  const before = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS);
  let deleted = 0;
  for (;;) {
    const count = await db().$executeRaw`
      -- all districts: the window is the same for every district
      delete from idempotency_keys where (district_id, owner, key) in (
        select district_id, owner, key from idempotency_keys where created_at < ${before} limit ${BATCH})`;
    deleted += count;
    if (count < BATCH) return { deleted };
  }
}
