import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { del, put } from "@vercel/blob";
import { env } from "@/lib/env";

/** Where uploaded bytes live. Keys always start with the district id: `<district_id>/…`. */
export interface Storage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** A readable body, or null when there is no such object. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  delete(keys: string[]): Promise<void>;
}

/** Files under DATA_DIR/files; keys are checked so that none can step outside that folder. */
class LocalStorage implements Storage {
  constructor(private root: string) {}
  private pathOf(key: string) {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Refusing storage key outside the root: ${key}`);
    return full;
  }
  async put(key: string, data: Uint8Array) {
    const full = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.${Date.now()}.part`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, full); // readers never see half a file
  }
  async get(key: string) {
    const full = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(full);
      return { body: Readable.toWeb(fs.createReadStream(full)) as ReadableStream<Uint8Array>, size: stat.size };
    } catch {
      return null;
    }
  }
  async delete(keys: string[]) {
    await Promise.all(keys.map((key) => fs.promises.rm(this.pathOf(key), { force: true })));
  }
}

/**
 * Vercel Blob through its SDK. Blobs are stored under unguessable names and always served
 * back through the app's /files route, which checks who may see them.
 */
class BlobStorage implements Storage {
  private urls = new Map<string, string>();
  constructor(private token: string) {}
  async put(key: string, data: Uint8Array, contentType: string) {
    const blob = await put(key, Buffer.from(data), {
      access: "public",
      token: this.token,
      contentType,
      addRandomSuffix: false,
      allowOverwrite: true,
    });
    this.urls.set(key, blob.url);
  }
  async get(key: string) {
    const { head } = await import("@vercel/blob");
    try {
      const meta = await head(key, { token: this.token });
      const res = await fetch(meta.url);
      if (!res.ok || !res.body) return null;
      return { body: res.body, size: meta.size };
    } catch {
      return null;
    }
  }
  async delete(keys: string[]) {
    if (!keys.length) return;
    const urls = await Promise.all(
      keys.map(async (key) => {
        if (this.urls.has(key)) return this.urls.get(key)!;
        const { head } = await import("@vercel/blob");
        return head(key, { token: this.token }).then((m) => m.url, () => null);
      }),
    );
    const existing = urls.filter((u): u is string => Boolean(u));
    if (existing.length) await del(existing, { token: this.token });
  }
}

let instance: Storage | undefined;

export function storage(): Storage {
  if (!instance) {
    const { BLOB_READ_WRITE_TOKEN, dataDir } = env();
    instance = BLOB_READ_WRITE_TOKEN ? new BlobStorage(BLOB_READ_WRITE_TOKEN) : new LocalStorage(path.join(dataDir, "files"));
  }
  return instance;
}
