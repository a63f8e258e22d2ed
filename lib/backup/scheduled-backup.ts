import "server-only";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { recordBackupFailure, recordBackupSuccess } from "./backup-state";
import { archivesToKeep, archiveTime, parseKeep } from "./prune-backups";
import { takeBackup } from "./take-backup";

/**
 * The "backup" job: one backup into BACKUP_DIR, then the archives BACKUP_KEEP no longer keeps
 * are deleted. A failure is recorded (/api/health shows it) and fails the job, which is not
 * retried: it is a dead job at once (`npm run admin -- jobs`), and the next schedule tries again.
 */
export async function runScheduledBackup() {
  const { BACKUP_DIR, BACKUP_KEEP, DATABASE_URL } = env();
  if (!BACKUP_DIR) return { skipped: "BACKUP_DIR is not set" };
  try {
    if (!DATABASE_URL) throw new Error("DATABASE_URL is not set");
    const summary = await takeBackup(DATABASE_URL, { to: `${BACKUP_DIR}/` });
    await recordBackupSuccess(summary.file, summary.bytes);
    const pruned = await pruneBackups(BACKUP_DIR, BACKUP_KEEP);
    return { ...summary, pruned };
  } catch (error) {
    await recordBackupFailure((error as Error).message).catch(() => {});
    throw error;
  }
}

/** Deletes the archives in `dir` that `keep` does not keep; their names. */
async function pruneBackups(dir: string, keep: string) {
  const archives = (await fs.promises.readdir(dir)).flatMap((name) => {
    const at = archiveTime(name);
    return at ? [{ name, at }] : [];
  });
  const kept = archivesToKeep(archives, parseKeep(keep));
  const removed = archives.filter((a) => !kept.has(a)).map((a) => a.name);
  for (const name of removed) await fs.promises.rm(path.join(dir, name), { force: true });
  return removed;
}
