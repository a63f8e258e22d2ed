import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createMultipartUploader, del, put } from "@vercel/blob";
import { env } from "@/lib/env";

/** Bytes as they arrive: a Node stream or a web stream. */
type ByteStream = Readable | ReadableStream<Uint8Array>;

/** Inclusive byte offsets, as in an HTTP Range header; `end` defaults to the last byte. */
type ByteRange = { start: number; end?: number };

/** An object's bytes (all of them, or the range asked for) and the size of the whole object. */
type StoredObject = { body: ReadableStream<Uint8Array>; size: number };

/** Where uploaded bytes live. Keys always start with the district id: `<district_id>/…`. */
export interface Storage {
  /** Stores bytes already in memory (small objects). */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores a stream as it arrives, holding at most a bounded part of it in memory. The object
   * appears only once complete: if the stream fails or is destroyed, the promise rejects and
   * nothing is left under `key`.
   */
  putStream(key: string, body: ByteStream, contentType: string): Promise<{ size: number }>;
  /**
   * A readable body, or null when there is no such object. With `range` (inclusive byte offsets,
   * `end` defaulting to the last byte), only those bytes: the caller checks the range against
   * `size` (the whole object's) first. A range is what lets a player seek in a long recording.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size, or null when there is no such object (e.g. to answer a Range request). */
  head(key: string): Promise<{ size: number } | null>;
  /** A small object's bytes at once (a recording chunk: at most MAX_CHUNK_BYTES), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Stores a temp file the app made: it may be moved (not copied) into storage; the caller removes whatever is left. */
  putFile(key: string, file: string, contentType: string): Promise<{ size: number }>;
  delete(keys: string[]): Promise<void>;
}

const toNodeStream = (body: ByteStream) => (body instanceof Readable ? body : Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>));

/** Files under DATA_DIR/files; keys are checked so that none can step outside that folder. */
class LocalStorage implements Storage {
  constructor(private root: string) {}
  private pathOf(key: string) {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Refusing storage key outside the root: ${key}`);
    return full;
  }
  async put(key: string, data: Uint8Array) {
    await this.putStream(key, Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
  }
  async putStream(key: string, body: ByteStream) {
    const full = this.pathOf(key);
    // Written beside the target, then renamed: readers never see half a file.
    const tmp = `${full}.${randomUUID()}.part`;
    try {
      const out = (await createInFolder(tmp)).createWriteStream();
      await pipeline(toNodeStream(body), out);
      await fs.promises.rename(tmp, full);
      return { size: out.bytesWritten };
    } catch (error) {
      await fs.promises.rm(tmp, { force: true });
      await this.pruneEmptyFolders(path.dirname(full));
      throw error;
    }
  }
  async get(key: string, range?: ByteRange) {
    const full = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(full);
      const stream = fs.createReadStream(full, range ? { start: range.start, end: range.end ?? Math.max(stat.size - 1, 0) } : {});
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: stat.size };
    } catch {
      return null;
    }
  }
  async head(key: string) {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
    return stat?.isFile() ? { size: stat.size } : null;
  }
  /**
   * Read synchronously: for a small object (a chunk is 16 KB to MAX_CHUNK_BYTES) one blocking read
   * costs the event loop less than the four thread-pool round trips of an async one, and finalize
   * reads thousands of them in a row.
   */
  async read(key: string) {
    try {
      return fs.readFileSync(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }
  async putFile(key: string, file: string) {
    const full = this.pathOf(key);
    const size = (await fs.promises.stat(file)).size;
    // Moved in when on the same file system (one rename), else copied beside the target
    // (copy_file_range: no bytes through this process) and then renamed.
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    try {
      await fs.promises.rename(file, full);
      return { size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    }
    const tmp = `${full}.${randomUUID()}.part`;
    try {
      await fs.promises.copyFile(file, tmp);
      await fs.promises.rename(tmp, full);
      return { size };
    } catch (error) {
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
  }
  async delete(keys: string[]) {
    await Promise.all(
      keys.map(async (key) => {
        const full = this.pathOf(key);
        await fs.promises.rm(full, { force: true });
        await this.pruneEmptyFolders(path.dirname(full));
      }),
    );
  }
  /** Removes folders left empty up to the root, so that a refused upload leaves no trace. */
  private async pruneEmptyFolders(folder: string) {
    for (let dir = folder; dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      try {
        await fs.promises.rmdir(dir); // refuses a folder that still holds something: done
      } catch {
        return;
      }
    }
  }
}

/**
 * Creates `file` (never an existing one), making its folder when it is missing (tried first
 * without: a recording's chunks land a second apart in the same folder); retried when a
 * concurrent prune removed that folder meanwhile.
 */
async function createInFolder(file: string, attempts = 5): Promise<fs.promises.FileHandle> {
  try {
    return await fs.promises.open(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempts <= 1) throw error;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    return createInFolder(file, attempts - 1);
  }
}

/**
 * Parts of a Blob multipart upload: the API takes at least 5 MB per part (but the last); 8 MB
 * is the SDK's own choice. One part at a time is in memory per upload.
 */
const BLOB_PART_BYTES = 8 * 1024 * 1024;

/**
 * Vercel Blob through its SDK. Blobs are stored under unguessable names and always served
 * back through the app's /files route, which checks who may see them.
 */
class BlobStorage implements Storage {
  private urls = new Map<string, string>();
  constructor(private token: string) {}
  private options(contentType: string) {
    return { access: "public" as const, token: this.token, contentType, addRandomSuffix: false, allowOverwrite: true };
  }
  async put(key: string, data: Uint8Array, contentType: string) {
    const blob = await put(key, Buffer.from(data), this.options(contentType));
    this.urls.set(key, blob.url);
  }
  /**
   * Up to one part: a single put. Larger: the SDK's multipart upload, driven part by part
   * (its `put(…, { multipart: true })` reads up to 128 MB ahead per upload). A failed stream
   * never completes the upload, so no blob appears; the service drops incomplete parts.
   */
  async putStream(key: string, body: ByteStream, contentType: string) {
    const options = this.options(contentType);
    let uploader: Awaited<ReturnType<typeof createMultipartUploader>> | undefined;
    const parts: { partNumber: number; etag: string }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    const sendPart = async (bytes: Buffer) => {
      uploader ??= await createMultipartUploader(key, options);
      parts.push(await uploader.uploadPart(parts.length + 1, bytes));
    };
    for await (const chunk of toNodeStream(body)) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      pending.push(bytes);
      pendingBytes += bytes.length;
      size += bytes.length;
      while (pendingBytes >= BLOB_PART_BYTES) {
        const joined = Buffer.concat(pending, pendingBytes);
        await sendPart(joined.subarray(0, BLOB_PART_BYTES));
        const rest = joined.subarray(BLOB_PART_BYTES);
        pending = rest.length ? [Buffer.from(rest)] : [];
        pendingBytes = rest.length;
      }
    }
    const last = Buffer.concat(pending, pendingBytes);
    let url: string;
    if (uploader) {
      if (last.length) await sendPart(last);
      url = (await uploader.complete(parts)).url;
    } else {
      url = (await put(key, last, options)).url;
    }
    this.urls.set(key, url);
    return { size };
  }
  async get(key: string, range?: ByteRange) {
    const { head } = await import("@vercel/blob");
    try {
      const meta = await head(key, { token: this.token });
      const res = await fetch(meta.url, range ? { headers: { Range: `bytes=${range.start}-${range.end ?? ""}` } } : {});
      if (!res.ok || !res.body) return null;
      // A server that ignores Range answers 200 with everything: the range is cut out here.
      const body = range && res.status !== 206 ? sliceStream(res.body, range.start, range.end ?? meta.size - 1) : res.body;
      return { body, size: meta.size };
    } catch {
      return null;
    }
  }
  async head(key: string) {
    const { head } = await import("@vercel/blob");
    return head(key, { token: this.token }).then(
      (meta) => ({ size: meta.size }),
      () => null,
    );
  }
  async read(key: string) {
    const object = await this.get(key);
    return object ? Buffer.from(await new Response(object.body).arrayBuffer()) : null;
  }
  putFile(key: string, file: string, contentType: string) {
    return this.putStream(key, fs.createReadStream(file), contentType);
  }
  async delete(keys: string[]) {
    if (!keys.length) return;
    const urls = await Promise.all(
      keys.map(async (key) => {
        if (this.urls.has(key)) return this.urls.get(key)!;
        const { head } = await import("@vercel/blob");
        return head(key, { token: this.token }).then(
          (m) => m.url,
          () => null,
        );
      }),
    );
    for (const key of keys) this.urls.delete(key);
    const existing = urls.filter((u): u is string => Boolean(u));
    if (existing.length) await del(existing, { token: this.token });
  }
}

/** Bytes `start`..`end` (inclusive) of a stream, read as they come; the rest is dropped. */
function sliceStream(body: ReadableStream<Uint8Array>, start: number, end: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.max(start - offset, 0);
        const to = Math.min(end + 1 - offset, chunk.byteLength);
        offset += chunk.byteLength;
        if (to > from) controller.enqueue(chunk.subarray(from, to));
        if (offset > end) controller.terminate();
      },
    }),
  );
}

let instance: Storage | undefined;

export function storage(): Storage {
  if (!instance) {
    const { BLOB_READ_WRITE_TOKEN, dataDir } = env();
    instance = BLOB_READ_WRITE_TOKEN ? new BlobStorage(BLOB_READ_WRITE_TOKEN) : new LocalStorage(path.join(dataDir, "files"));
  }
  return instance;
}
