import "server-only";
import { db } from "@/lib/db/client";

/** Events (and with them their deliveries: the log) are kept this long. */
const RETENTION_DAYS = 30;
const BATCH = 5000;

/**
 * The cron job "webhooks-sweep" (hourly, once per cluster): removes events older than
 * RETENTION_DAYS with their deliveries, in batches so that no transaction grows large.
 */
export async function sweepWebhooks(retentionDays = RETENTION_DAYS) {
  let removed = 0;
  for (;;) {
    const count = await db().$executeRaw`
      delete from webhook_events where id in (
        -- all districts: retention is the same for every district
        select id from webhook_events where created_at < now() - ${retentionDays} * interval '1 day' limit ${BATCH})`;
    removed += count;
    if (count < BATCH) return { removed };
  }
}
