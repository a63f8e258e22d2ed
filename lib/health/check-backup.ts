import "server-only";
import { readBackupState } from "@/lib/backup/backup-state";
import { env } from "@/lib/env";
import type { BackupHealth } from "./service-health-schema";
import { withinMs } from "./part-health";

const TIMEOUT_MS = 2000;

/**
 * The last good backup (scheduled or `npm run admin -- backup`) and whether the scheduled ones
 * are failing, from service_state. Not a part: a late backup does not take the service out of
 * its load balancer. Unknown (nulls) while the database does not answer.
 */
export async function checkBackup(now = new Date()): Promise<BackupHealth> {
  const configured = Boolean(env().BACKUP_DIR);
  try {
    const state = await withinMs(readBackupState(), TIMEOUT_MS);
    const good = state.last_good_at ? new Date(state.last_good_at) : null;
    const failed = state.last_failed_at ? new Date(state.last_failed_at) : null;
    return {
      configured,
      last_good_at: good?.toISOString() ?? null,
      age_seconds: good ? Math.max(0, Math.round((now.getTime() - good.getTime()) / 1000)) : null,
      failing: Boolean(failed && (!good || failed > good)),
    };
  } catch {
    return { configured, last_good_at: null, age_seconds: null, failing: false };
  }
}
