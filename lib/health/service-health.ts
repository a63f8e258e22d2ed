import "server-only";
import { checkBackup } from "./check-backup";
import { checkDatabase } from "./check-database";
import { checkMail } from "./check-mail";
import { checkRealtime } from "./check-realtime";
import { checkStorage } from "./check-storage";
import type { ServiceHealth } from "./service-health-schema";

/** Every part checked at once; the service is ok only when all are. */
export async function checkServiceHealth(): Promise<ServiceHealth> {
  const [database, realtime, storage, mail, backup] = await Promise.all([checkDatabase(), checkRealtime(), checkStorage(), checkMail(), checkBackup()]);
  const parts = { database, realtime, storage, mail };
  return { ok: Object.values(parts).every((part) => part.ok), parts, backup };
}
