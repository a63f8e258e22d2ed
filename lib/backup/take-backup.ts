import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "@/lib/env";
import { archiveFiles, MissingFileError, stageFiles } from "./copy-files";
import { dumpDatabase } from "./dump-database";
import { ARCHIVE_FORMAT, DUMP_ENTRY, MANIFEST_CHECKSUM_ENTRY, MANIFEST_ENTRY, totalRows, type Manifest } from "./manifest";
import { openArchiveWriter, partialPathOf, removeAbandonedPartials } from "./write-archive";

export type BackupSummary = { file: string; bytes: number; rows: number; files: number };

/** cas-backup-2026-11-27T14-05-00Z.tar (.tar.age when encrypted): sorts by time. */
export function archiveName(at: Date, encrypted: boolean) {
  return `cas-backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-")}.tar${encrypted ? ".age" : ""}`;
}

/** `--to`: a file, or a folder to put it in (one that exists, or a path ending in /). Default: BACKUP_DIR, else ./backups. */
function backupTarget(to: string | undefined, at: Date, encrypted: boolean) {
  const name = archiveName(at, encrypted);
  if (!to) return path.resolve(env().BACKUP_DIR ?? "backups", name);
  if (to.endsWith("/") || fs.statSync(to, { throwIfNoEntry: false })?.isDirectory()) return path.resolve(to, name);
  return path.resolve(to);
}

const serviceVersion = () => (JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { version: string }).version;

/**
 * One backup of the running service: the database dumped as one snapshot, the files its rows
 * refer to pinned in that snapshot (copy-files.ts), all streamed into one archive that appears
 * under its name only once complete. A file deleted from Blob storage before it was read fails
 * the attempt; it is tried again twice.
 */
export async function takeBackup(databaseUrl: string, options: { to?: string } = {}): Promise<BackupSummary> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptBackup(databaseUrl, options);
    } catch (error) {
      if (!(error instanceof MissingFileError) || attempt >= 3) throw error;
    }
  }
}

async function attemptBackup(databaseUrl: string, options: { to?: string }): Promise<BackupSummary> {
  const { BACKUP_PASSPHRASE, JOBS_SCHEMA } = env();
  const startedAt = new Date();
  const file = backupTarget(options.to, startedAt, Boolean(BACKUP_PASSPHRASE));
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await removeAbandonedPartials(path.dirname(file));
  const dumpFile = partialPathOf(`${file}.dump`);
  let staged: Awaited<ReturnType<typeof stageFiles>> | undefined;
  const writer = await openArchiveWriter(file, { passphrase: BACKUP_PASSPHRASE });
  try {
    const dumped = await dumpDatabase(databaseUrl, dumpFile, {
      jobsSchema: JOBS_SCHEMA,
      scratchFile: partialPathOf(`${file}.rows`),
      onFileKeys: async (keys) => void (staged = await stageFiles(keys)),
    });
    await writer.add(DUMP_ENTRY, dumped.database.bytes, fs.createReadStream(dumpFile));
    await fs.promises.rm(dumpFile, { force: true });
    const files = await archiveFiles(writer, staged!.files);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      created_at: startedAt.toISOString(),
      service_version: serviceVersion(),
      database: dumped.database,
      migrations: dumped.migrations,
      rows: dumped.rows,
      files,
    };
    const text = Buffer.from(JSON.stringify(manifest, null, 1));
    await writer.add(MANIFEST_ENTRY, text.length, Readable.from([text]));
    const checksum = Buffer.from(`${createHash("sha256").update(text).digest("hex")}\n`);
    await writer.add(MANIFEST_CHECKSUM_ENTRY, checksum.length, Readable.from([checksum]));
    const { bytes } = await writer.finish();
    return { file, bytes, rows: totalRows(manifest), files: files.length };
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await fs.promises.rm(dumpFile, { force: true });
    await staged?.cleanup();
  }
}
