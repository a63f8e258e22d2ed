import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { restoreBackup } from "./restore-backup";

/**
 * `backup verify`: the archive read whole and checked against its manifest (every file's
 * SHA-256), then its database restored into a scratch PGlite in a temporary folder and each
 * table's rows counted against the manifest. The scratch folder is removed after.
 */
export async function verifyBackup(file: string, options: { passphrase?: string }) {
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "cas-verify-"));
  try {
    const summary = await restoreBackup(file, { kind: "pglite", dataDir: scratch }, { ...options, files: false });
    return { ok: true as const, ...summary };
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}
