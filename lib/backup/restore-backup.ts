import "server-only";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { env } from "@/lib/env";
import { storage } from "@/lib/storage/storage";
import { checkArchive } from "./check-archive";
import { restoreFile } from "./copy-files";
import { DUMP_ENTRY, FILES_PREFIX, type Manifest } from "./manifest";
import { readArchive } from "./read-archive";
import { restoreDatabase, type DatabaseTarget } from "./restore-database";

export type RestoreSummary = { file: string; rows: number; files: number };

/** Why `target` may not be restored into (it is not empty), or null. */
async function notEmpty(target: DatabaseTarget, restoreFiles: boolean): Promise<string | null> {
  const { dataDir, BLOB_READ_WRITE_TOKEN } = env();
  if (target.kind === "pglite") {
    const entries = await fs.promises.readdir(target.dataDir).catch(() => [] as string[]);
    if (entries.length) return `DATA_DIR (${target.dataDir}) is not empty: restore into an empty folder (it holds ${entries.slice(0, 3).join(", ")})`;
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        "select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%' limit 1",
      );
      if (rows.length) return `the database named by DATABASE_URL is not empty (it has table ${rows[0].name}): restore into an empty database`;
    } finally {
      await client.end();
    }
    if (restoreFiles && !BLOB_READ_WRITE_TOKEN) {
      const files = await fs.promises.readdir(path.join(dataDir, "files")).catch(() => [] as string[]);
      if (files.length) return `${path.join(dataDir, "files")} is not empty: restore the files into an empty folder`;
    }
  }
  return null;
}

/** A file of the archive that the Blob store holds already (a restore never overwrites one), or null. */
async function blobClash(manifest: Manifest): Promise<string | null> {
  for (let i = 0; i < manifest.files.length; i += 16) {
    const heads = await Promise.all(manifest.files.slice(i, i + 16).map(async (f) => ((await storage().head(f.key)) ? f.key : null)));
    const clash = heads.find(Boolean);
    if (clash) return `the Blob store (BLOB_READ_WRITE_TOKEN) already holds ${clash}: restore into an empty store`;
  }
  return null;
}

/** Removes what a failed restore made, so that the target is empty again. */
async function undo(target: DatabaseTarget, jobsSchema: string) {
  if (target.kind === "pglite") {
    for (const entry of await fs.promises.readdir(target.dataDir).catch(() => [] as string[]))
      await fs.promises.rm(path.join(target.dataDir, entry), { recursive: true, force: true });
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${jobsSchema.replace(/"/g, "")}" cascade`);
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
  } finally {
    await client.end();
  }
  await fs.promises.rm(path.join(env().dataDir, "files"), { recursive: true, force: true });
}

/**
 * Reads a backup into the given target, which must be empty: first the whole archive is checked
 * (hashes against the manifest: nothing is written from a damaged archive), then the database is
 * loaded and its rows counted against the manifest, and the files are stored (`files: false`:
 * not stored, for verify, whose first pass checked them already). A failure undoes the restore.
 */
export async function restoreBackup(file: string, target: DatabaseTarget, options: { passphrase?: string; files?: boolean } = {}): Promise<RestoreSummary> {
  const restoreFiles = options.files ?? true;
  if (!fs.existsSync(file)) throw new Error(`no such archive: ${file}`);
  const refused = await notEmpty(target, restoreFiles);
  if (refused) throw new Error(refused);
  const manifest: Manifest = await checkArchive(file, options);
  const clash = restoreFiles && env().BLOB_READ_WRITE_TOKEN ? await blobClash(manifest) : null;
  if (clash) throw new Error(clash);
  let rows = 0;
  let files = 0;
  try {
    await readArchive(file, options, async (name, _size, body) => {
      if (name === DUMP_ENTRY) {
        const sql = body.pipe(zlib.createGunzip());
        body.on("error", (error) => sql.destroy(error));
        rows = (await restoreDatabase(target, manifest, sql)).rows;
      } else if (name.startsWith(FILES_PREFIX) && restoreFiles) {
        const key = name.slice(FILES_PREFIX.length);
        const expected = manifest.files.find((f) => f.key === key);
        const { sha256 } = await restoreFile(key, body);
        if (sha256 !== expected?.sha256) throw new Error(`the file ${key} changed while it was restored`);
        files++;
      } else body.resume();
    });
  } catch (error) {
    await undo(target, manifest.database.jobs_schema).catch(() => {});
    throw error;
  }
  return { file, rows, files: restoreFiles ? files : manifest.files.length };
}
