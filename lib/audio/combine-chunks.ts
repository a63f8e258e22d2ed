import "server-only";
import path from "node:path";
import { Readable } from "node:stream";
import { AppError, conflict } from "@/lib/errors/app-error";
import { concatenate } from "@/lib/media/concatenate";
import { remuxToSeekableWebm } from "@/lib/media/remux";
import { UnrecognisedWebm, writeSeekableWebm } from "@/lib/media/seekable-webm";
import { withTempDir } from "@/lib/media/temp-dir";
import { storage } from "@/lib/storage/storage";
import { startsLikeWebm } from "./chunk-rules";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("audio");

export type ChunkRow = { number: number; storage_key: string; size: number };

/** Bytes of chunks read ahead of the one being written (at least the next one whatever its size). */
const READ_AHEAD_BYTES = 1024 * 1024;

/**
 * The chunks' bytes in order, each read whole (a chunk is at most MAX_CHUNK_BYTES) with a little
 * read-ahead so that the writer never waits on storage: reads of the next chunks run while the
 * current one is written, and no more than about READ_AHEAD_BYTES besides it are held.
 */
function chunkReads(chunks: ChunkRow[]): Array<() => Promise<Buffer>> {
  const reads = new Map<number, Promise<Buffer>>();
  let next = 0; // the first chunk not asked for yet
  let aheadBytes = 0; // bytes asked for beyond the chunk being handed over
  const start = () => {
    const chunk = chunks[next];
    const read = storage()
      .read(chunk.storage_key)
      .then((bytes) => {
        if (!bytes) throw new Error(`The bytes of chunk ${chunk.number} are missing from storage (${chunk.storage_key}).`);
        return bytes;
      });
    read.catch(() => {}); // awaited when its turn comes
    reads.set(next++, read);
  };
  return chunks.map((chunk, i) => async () => {
    if (next === i) start();
    else aheadBytes -= chunk.size;
    while (next < chunks.length && aheadBytes < READ_AHEAD_BYTES) {
      aheadBytes += chunks[next].size;
      start();
    }
    const bytes = await reads.get(i)!;
    reads.delete(i);
    return bytes;
  });
}

async function* chunkBytes(chunks: ChunkRow[], onChunk: (written: number) => Promise<void>) {
  const reads = chunkReads(chunks);
  for (let i = 0; i < reads.length; i++) {
    yield await reads[i]();
    await onChunk(i + 1);
  }
}

/**
 * Whether chunk 1 opens a WebM stream (an EBML header): anything else cannot be combined. Its
 * bytes gone from storage (e.g. stored by an app process on a store this worker does not share)
 * is the contract's missing chunk, 409: the claim is released so the client can send it again.
 */
async function assertWebmStart(first: ChunkRow) {
  const bytes = await storage().read(first.storage_key);
  if (!bytes) {
    throw conflict(`Chunk ${first.number} is missing: upload it, then finalize again.`, [
      { path: `chunks.${first.number}`, message: `Chunk ${first.number} is missing.` },
    ]);
  }
  if (!startsLikeWebm(bytes)) {
    throw new AppError("validation_error", "Chunk 1 does not start a WebM recording: send the recorder's first chunk as number 1.", [
      { path: "chunks.1", message: "not the start of a WebM stream" },
    ]);
  }
}

async function remuxWithFfmpeg(chunks: ChunkRow[], output: string) {
  try {
    return await remuxToSeekableWebm(concatenate(chunkReads(chunks).map((read) => async () => Readable.from([await read()]))), output);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/missing from storage|No ffmpeg binary/.test(message)) throw error; // the server's problem: retried
    throw new AppError("validation_error", "The chunks do not make a playable WebM recording.", [{ path: "chunks", message: message.slice(0, 500) }]);
  }
}

/**
 * The chunks, streamed in order, made into one seekable WebM stored under `key`. The one-pass
 * writer (lib/media/seekable-webm.ts: audio bytes copied, Duration and Cues added) handles what
 * MediaRecorder records; anything it does not recognise goes through ffmpeg instead. `onChunk`
 * hears how many chunks are written (progress, and the fault tests' hook half-way).
 */
export async function combineChunks(chunks: ChunkRow[], key: string, onChunk: (written: number) => Promise<void> = async () => {}) {
  await assertWebmStart(chunks[0]);
  return withTempDir(async (dir) => {
    const output = path.join(dir, "recording.webm");
    let durationMs: number;
    try {
      // Its output always has a Duration and Cues (lib/media/seekable-webm.test.ts checks them).
      durationMs = (await writeSeekableWebm(chunkBytes(chunks, onChunk), output)).durationMs;
    } catch (error) {
      if (!(error instanceof UnrecognisedWebm)) throw error;
      log.warn({ err: error }, "finalize: remuxing with ffmpeg instead");
      durationMs = (await remuxWithFfmpeg(chunks, output)).durationMs;
    }
    const { size } = await storage().putFile(key, output, "audio/webm");
    return { durationMs, bytes: size };
  });
}
