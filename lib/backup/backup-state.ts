import "server-only";
import { db } from "@/lib/db/client";

/** What service_state's "backup" row holds. */
export type BackupState = { last_good_at?: string; last_file?: string; last_bytes?: number; last_failed_at?: string; last_error?: string };

const NAME = "backup";

export async function readBackupState(): Promise<BackupState> {
  const row = await db().serviceState.findUnique({ where: { name: NAME } });
  return (row?.value as BackupState | undefined) ?? {};
}

async function update(change: Partial<BackupState>) {
  const value = { ...(await readBackupState()), ...change };
  await db().serviceState.upsert({ where: { name: NAME }, create: { name: NAME, value }, update: { value, updatedAt: new Date() } });
}

export const recordBackupSuccess = (file: string, bytes: number, at = new Date()) =>
  update({ last_good_at: at.toISOString(), last_file: file, last_bytes: bytes });

export const recordBackupFailure = (error: string, at = new Date()) => update({ last_failed_at: at.toISOString(), last_error: error.slice(0, 2000) });

/** When the last good backup finished (for /api/health and the metrics); null when there has been none. */
export async function lastGoodBackupAt(): Promise<Date | null> {
  const { last_good_at } = await readBackupState();
  return last_good_at ? new Date(last_good_at) : null;
}
