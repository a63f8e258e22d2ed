import "server-only";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { env } from "@/lib/env";
import { recordBackupSuccess } from "./backup-state";
import { restoreBackup } from "./restore-backup";
import { takeBackup } from "./take-backup";
import { verifyBackup } from "./verify-backup";
import { yieldCpuToService } from "./yield-cpu";

export const BACKUP_USAGE = `  admin backup [--to <file or folder>]
  admin backup verify <archive>
  admin restore <archive>          (into an empty DATA_DIR, or the empty database of DATABASE_URL)`;

/**
 * `npm run admin -- backup | backup verify | restore`. A backup reaches the database as every
 * ops command does (the embedded one through its owner, while the service runs); restore and
 * verify never open DATA_DIR's database: they write into an empty target, or a scratch one.
 */
export async function backupCommand(positionals: string[], values: { to?: string }) {
  const [command, sub, archive] = positionals;
  const { BACKUP_PASSPHRASE: passphrase, DATABASE_URL } = env();
  if (command === "restore") {
    if (!sub) throw new Error(`usage:\n${BACKUP_USAGE}`);
    const target = DATABASE_URL ? ({ kind: "postgresql", url: DATABASE_URL } as const) : ({ kind: "pglite", dataDir: env().dataDir } as const);
    return restoreBackup(sub, target, { passphrase });
  }
  if (sub === "verify") {
    if (!archive) throw new Error(`usage:\n${BACKUP_USAGE}`);
    return verifyBackup(archive, { passphrase });
  }
  if (sub) throw new Error(`usage:\n${BACKUP_USAGE}`);
  // A backup is taken while the service runs: it gets the CPU the service's requests leave.
  yieldCpuToService();
  const db = await prepareDatabase((line) => console.error(line));
  try {
    const summary = await takeBackup(db.url, { to: values.to });
    await recordBackupSuccess(summary.file, summary.bytes);
    return summary;
  } finally {
    await disconnectDb();
    await db.close();
  }
}
