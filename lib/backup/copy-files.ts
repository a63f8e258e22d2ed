import "server-only";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import mime from "mime-types";
import { env } from "@/lib/env";
import { storage } from "@/lib/storage/storage";
import { FILES_PREFIX, type Manifest } from "./manifest";
import type { ArchiveWriter } from "./write-archive";

type StagedFile = { key: string; open: () => Promise<{ size: number; body: Readable }> };

/** A file the dumped rows refer to is not in storage: the backup cannot be a good one. */
export class MissingFileError extends Error {}

/**
 * Pins the files of `keys` as they are now. Local storage: each is hard-linked into a staging
 * folder beside the files (no bytes copied; files are never changed in place, only replaced or
 * deleted, so a link keeps this version whatever happens to the original). Called inside the
 * dump's snapshot, so that a file deleted after it still reaches the archive. Blob: nothing here
 * (no request while the snapshot is held); each is read at copy time, and one deleted meanwhile
 * fails the backup.
 */
export async function stageFiles(keys: string[]): Promise<{ files: StagedFile[]; cleanup: () => Promise<void> }> {
  const { BLOB_READ_WRITE_TOKEN, dataDir } = env();
  const missing = (key: string) => new MissingFileError(`the file ${key}, which the database refers to, is missing from storage`);
  if (BLOB_READ_WRITE_TOKEN) return { files: keys.map((key) => ({ key, open: () => openStored(key) })), cleanup: async () => {} };
  const root = path.join(dataDir, "files");
  await removeAbandonedStaging(dataDir);
  const staging = path.join(dataDir, `.backup-staging-${process.pid}`);
  await fs.promises.rm(staging, { recursive: true, force: true });
  await fs.promises.mkdir(staging, { recursive: true });
  const cleanup = () => fs.promises.rm(staging, { recursive: true, force: true });
  try {
    const files = await mapLimit(keys, 32, async (key, i) => {
      const linked = path.join(staging, String(i));
      try {
        await fs.promises.link(path.join(root, key), linked);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw missing(key);
        throw error;
      }
      const size = (await fs.promises.stat(linked)).size;
      return { key, open: async () => ({ size, body: fs.createReadStream(linked) }) };
    });
    return { files, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function openStored(key: string) {
  const object = await storage().get(key);
  if (!object) throw new MissingFileError(`the file ${key}, which the database refers to, is missing from storage`);
  return { size: object.size, body: Readable.fromWeb(object.body as import("node:stream/web").ReadableStream<Uint8Array>) };
}

/** Staging folders of backups killed mid-way. */
async function removeAbandonedStaging(dataDir: string) {
  for (const name of await fs.promises.readdir(dataDir).catch(() => [] as string[])) {
    const match = /^\.backup-staging-(\d+)$/.exec(name);
    if (!match || Number(match[1]) === process.pid) continue;
    try {
      process.kill(Number(match[1]), 0);
    } catch {
      await fs.promises.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
}

/** A pass-through that hashes what goes by. */
function hashing() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest("hex"), bytes }) };
}

/** Streams every staged file into the archive, one after another; each one's size and SHA-256. */
export async function archiveFiles(writer: ArchiveWriter, files: StagedFile[]): Promise<Manifest["files"]> {
  const listed: Manifest["files"] = [];
  for (const file of files) {
    const h = hashing();
    const { size, body } = await file.open();
    body.on("error", (error) => h.stream.destroy(error));
    await writer.add(FILES_PREFIX + file.key, size, body.pipe(h.stream));
    const { sha256, bytes } = h.digest();
    if (bytes !== size) throw new MissingFileError(`the file ${file.key} changed size during the backup`);
    listed.push({ key: file.key, bytes, sha256 });
  }
  return listed;
}

/** Stores one file of an archive into this service's storage (local files or Blob). */
export async function restoreFile(key: string, body: Readable) {
  const h = hashing();
  const contentType = mime.lookup(key) || "application/octet-stream";
  body.on("error", (error) => h.stream.destroy(error));
  await storage().putStream(key, body.pipe(h.stream), contentType);
  return h.digest();
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}
