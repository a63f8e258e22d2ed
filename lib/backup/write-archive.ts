import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Encrypter } from "age-encryption";
import tar from "tar-stream";

/**
 * A backup archive being written: a tar (tar-stream), encrypted with age when a passphrase is
 * given, streamed to a hidden file beside its final name. Only `finish` (everything written and
 * fsynced) renames it into place: a process killed mid-way leaves no file under that name.
 */
export type ArchiveWriter = {
  add(name: string, size: number, body: Readable): Promise<void>;
  finish(): Promise<{ file: string; bytes: number }>;
  abort(): Promise<void>;
};

/** Where an unfinished archive is written: beside the target, named after the writing process. */
export const partialPathOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);

export async function openArchiveWriter(file: string, options: { passphrase?: string } = {}): Promise<ArchiveWriter> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) throw new Error(`${file} exists already`);
  const partial = partialPathOf(file);
  const pack = tar.pack();
  let bytes: Readable = Readable.from(pack);
  if (options.passphrase) {
    const encrypter = new Encrypter();
    encrypter.setPassphrase(options.passphrase);
    const encrypted = await encrypter.encrypt(Readable.toWeb(bytes) as unknown as ReadableStream<Uint8Array>);
    bytes = Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>);
  }
  const out = fs.createWriteStream(partial, { flags: "wx" });
  const written = pipeline(bytes, out);
  written.catch(() => {}); // awaited in finish; an early failure also fails the entry being added

  return {
    async add(name, size, body) {
      const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) });
      await Promise.race([pipeline(body, entry), written.then(() => Promise.reject(new Error("archive closed early")))]);
    },
    async finish() {
      pack.finalize();
      await written;
      const handle = await fs.promises.open(partial, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(partial, file);
      const dir = await fs.promises.open(path.dirname(file), "r");
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
      return { file, bytes: (await fs.promises.stat(file)).size };
    },
    async abort() {
      pack.destroy();
      out.destroy();
      await written.catch(() => {});
      await fs.promises.rm(partial, { force: true });
    },
  };
}

/** Unfinished archives in `dir` whose writer is gone (killed mid-way): removed. */
export async function removeAbandonedPartials(dir: string) {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const match = /^\..+\.(\d+)\.partial$/.exec(name);
    if (match && !isAlive(Number(match[1]))) await fs.promises.rm(path.join(dir, name), { force: true });
  }
}

/** Whether a process of this machine still runs (a process of another user counts). */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
