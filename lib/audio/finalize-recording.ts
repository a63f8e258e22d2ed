import path from "node:path";
import { Readable } from "node:stream";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError, conflict } from "@/lib/errors/app-error";
import { fileUrl } from "@/lib/storage/file-names";
import { storage } from "@/lib/storage/storage";
import { concatenate } from "./concatenate";
import { describeNumbers, missingChunkNumbers, startsLikeWebm } from "./chunk-rules";
import { deleteChunks } from "./delete-chunks";
import { remuxToSeekableWebm } from "./remux";
import { UnrecognisedWebm, writeSeekableWebm } from "./seekable-webm";
import { findRecordableInterview, isOwnedBy, recordingNotFound } from "./recording-access";
import type { StoredRecording } from "./recording-record";
import type { FinalizeInput } from "./schemas";
import { withTempDir } from "./temp-dir";

/**
 * The steps of a finalize, in order ("combining": half of the chunks written into the file).
 * `finalizeFaults.at` (tests only: tests/helpers/finalize-child.ts sets it in a child process to
 * SIGKILL itself) runs at each, so a test can stop the server at any point and check that nothing
 * is lost and that the retry succeeds. Unset in the app.
 */
export type FinalizeStep = "claimed" | "combining" | "stored" | "committed" | "cleaned";
export const finalizeFaults: { at?: (step: FinalizeStep) => void | Promise<void> } = {};

const reached = async (step: FinalizeStep) => {
  await finalizeFaults.at?.(step);
};

/** Where a finalized recording lives: the URL's path is this key, `{base_url}/files/<key>`. */
export const recordingKey = (districtId: string, personId: string, recordingId: string) => `${districtId}/audio/${personId}/${recordingId}.webm`;

type ChunkRow = { number: number; storage_key: string; size: number };

type FinalizeAnswer = ReturnType<typeof answer>;

const answer = (ctx: Ctx, recordingId: string, key: string, durationMs: number | null) => ({
  ok: true as const,
  recordingId,
  url: fileUrl(ctx.origin, key),
  duration_ms: durationMs ?? 0,
});

/**
 * POST /api/audio/finalize. Combines the chunks of `recordingId` (1..N, no gaps: 409 naming the
 * missing numbers) into one seekable WebM, stores it at `<district>/audio/<person>/<recording>.webm`
 * and adds the recording to the interview's `audio` map. The order (DESIGN.md "chunks"):
 *   1. claim: under the recording's row lock, the chunk list is read and the recording marked as
 *      being finalized (captures from then on are 409), in one transaction;
 *   2. combine: the chunks read in order from storage (a few ahead, never all) through the one-pass
 *      writer of seekable-webm.ts (audio bytes copied, Duration and Cues written; ffmpeg for what
 *      it does not recognise) into a temp file, then stored;
 *   3. commit: the interview's `audio` entry and the recording's finalized state, in one transaction;
 *   4. clean: the chunks' bytes, then their rows — `cleanUp`, which the route runs after the
 *      answer is sent (the answer does not wait for 7,200 deletions).
 * A crash anywhere loses nothing: before 3 the chunks are all still there and a retry redoes 2
 * (same key, overwritten whole); after 3 a retry finds the recording finalized, answers the same
 * and finishes 4. Finalizing again always answers the same.
 */
export async function finalizeRecording(ctx: Ctx, input: FinalizeInput): Promise<{ answer: FinalizeAnswer; cleanUp: () => Promise<void> }> {
  const { recordingId, personId, interviewId } = input;
  await findRecordableInterview(ctx, personId, interviewId);
  const rec = await db().audioRecording.findFirst({ where: { id: recordingId, districtId: ctx.districtId } });
  if (!rec || !isOwnedBy(ctx, rec)) throw recordingNotFound();
  if (rec.finalizedAt) return finalizedAgain(ctx, input, rec);

  const key = recordingKey(ctx.districtId, personId, recordingId);
  const chunks = await claim(ctx, recordingId, key);
  if (!chunks) return finalizedAgain(ctx, input, (await db().audioRecording.findFirst({ where: { id: recordingId, districtId: ctx.districtId } }))!);
  await reached("claimed");

  let combined: { durationMs: number; bytes: number };
  try {
    combined = await combine(chunks, key);
  } catch (error) {
    await release(ctx, recordingId);
    throw error;
  }
  await reached("stored");

  const attached = await attach(ctx, input, key, combined);
  if (attached === "interview-gone") {
    await storage().delete([key]).catch((error) => console.error("could not delete a recording of a deleted interview", error));
    await release(ctx, recordingId);
    throw new AppError("not_found", "Interview not found.");
  }
  await reached("committed");
  return { answer: answer(ctx, recordingId, key, attached.durationMs), cleanUp: () => cleanUp(ctx, recordingId) };
}

async function cleanUp(ctx: Ctx, recordingId: string) {
  await deleteChunks(ctx.districtId, recordingId);
  await reached("cleaned");
}

/** A second finalize: the same answer for the same interview (finishing a clean-up a crash left), 409 for another. */
async function finalizedAgain(ctx: Ctx, input: FinalizeInput, rec: { interviewId: string | null; personId: string | null; storageKey: string | null; durationMs: number | null }) {
  if (rec.interviewId !== input.interviewId || rec.personId !== input.personId || !rec.storageKey) {
    throw conflict("This recording is already finalized, for another interview.", [{ path: "recordingId", message: "finalized for another interview" }]);
  }
  return { answer: answer(ctx, input.recordingId, rec.storageKey, rec.durationMs), cleanUp: () => cleanUp(ctx, input.recordingId) };
}

/**
 * Step 1: the recording's chunks, after checking there are no gaps, with the recording marked as
 * being finalized (its `storage_key` set) so that no chunk can be added or replaced meanwhile.
 * null when another finalize finished first.
 */
async function claim(ctx: Ctx, recordingId: string, key: string): Promise<ChunkRow[] | null> {
  const d = ctx.districtId;
  return db().$transaction(async (tx) => {
    const [rec] = await tx.$queryRaw<{ finalized_at: Date | null }[]>`
      select finalized_at from audio_recordings where id = ${recordingId} and district_id = ${d} for update`;
    if (!rec) throw recordingNotFound();
    if (rec.finalized_at) return null;
    const chunks = await tx.$queryRaw<ChunkRow[]>`
      select number, storage_key, size from audio_chunks where recording_id = ${recordingId} and district_id = ${d} order by number`;
    if (!chunks.length) throw conflict("This recording has no chunks: upload them with POST /api/audio/capture first.");
    const missing = missingChunkNumbers(chunks.map((c) => c.number));
    if (missing.length) {
      throw conflict(
        `Chunks ${describeNumbers(missing)} are missing: upload them, then finalize again.`,
        missing.slice(0, 1000).map((n) => ({ path: `chunks.${n}`, message: `Chunk ${n} is missing.` })),
      );
    }
    await tx.$executeRaw`update audio_recordings set storage_key = ${key}, updated_at = now() where id = ${recordingId} and district_id = ${d}`;
    return chunks;
  });
}

/** Undoes a claim after a failure that was not a crash, so the client may re-send chunks and retry. */
async function release(ctx: Ctx, recordingId: string) {
  await db()
    .$executeRaw`update audio_recordings set storage_key = null where id = ${recordingId} and district_id = ${ctx.districtId} and finalized_at is null`
    .catch((error) => console.error("could not release a recording claim", error));
}

/** Bytes of chunks read ahead of the one ffmpeg is reading (at least the next one whatever its size). */
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

async function* chunkBytes(chunks: ChunkRow[]) {
  const reads = chunkReads(chunks);
  for (let i = 0; i < reads.length; i++) {
    if (i === Math.floor(reads.length / 2)) await reached("combining");
    yield await reads[i]();
  }
}

/**
 * Whether chunk 1 opens a WebM stream (an EBML header): anything else cannot be combined. Its
 * bytes gone from storage (e.g. stored by another process on a store this one does not share)
 * is the contract's missing chunk, 409, so the client sends it again, not a 400 about its format.
 */
async function assertWebmStart(first: ChunkRow) {
  const bytes = await storage().read(first.storage_key);
  if (!bytes) {
    throw conflict(`Chunk ${first.number} is missing: upload it, then finalize again.`, [{ path: `chunks.${first.number}`, message: `Chunk ${first.number} is missing.` }]);
  }
  if (!startsLikeWebm(bytes)) {
    throw new AppError("validation_error", "Chunk 1 does not start a WebM recording: send the recorder's first chunk as number 1.", [
      { path: "chunks.1", message: "not the start of a WebM stream" },
    ]);
  }
}

/**
 * Step 2: the chunks, streamed in order, made into a seekable WebM and stored under `key`. The
 * one-pass writer (seekable-webm.ts: bytes copied, Duration and Cues added) handles what
 * MediaRecorder records; anything it does not recognise goes through ffmpeg (remux.ts) instead.
 */
async function combine(chunks: ChunkRow[], key: string) {
  await assertWebmStart(chunks[0]);
  return withTempDir(async (dir) => {
    const output = path.join(dir, "recording.webm");
    let durationMs: number;
    try {
      // Its output always has a Duration and Cues (lib/audio/seekable-webm.test.ts checks them with
      // readWebmLayout and ffmpeg), so it is not re-read here.
      durationMs = (await writeSeekableWebm(chunkBytes(chunks), output)).durationMs;
    } catch (error) {
      if (!(error instanceof UnrecognisedWebm)) throw error;
      console.warn(`[cas] finalize: ${error.message}; remuxing with ffmpeg instead`);
      durationMs = (await remuxWithFfmpeg(chunks, output)).durationMs;
    }
    const { size } = await storage().putFile(key, output, "audio/webm");
    return { durationMs, bytes: size };
  });
}

async function remuxWithFfmpeg(chunks: ChunkRow[], output: string) {
  try {
    return await remuxToSeekableWebm(concatenate(chunkReads(chunks).map((read) => async () => Readable.from([await read()]))), output);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/missing from storage|No ffmpeg binary/.test(message)) throw error; // the server's problem: a 500
    throw new AppError("validation_error", "The chunks do not make a playable WebM recording.", [{ path: "chunks", message: message.slice(0, 500) }]);
  }
}

/**
 * Step 3: the recording in the interview's `audio` map and the recording finalized, in one
 * transaction holding both rows. A concurrent finalize that committed first wins (same answer).
 */
async function attach(ctx: Ctx, input: FinalizeInput, key: string, combined: { durationMs: number; bytes: number }) {
  const d = ctx.districtId;
  const { recordingId, personId, interviewId } = input;
  return db().$transaction(async (tx) => {
    const [interview] = await tx.$queryRaw<{ id: string }[]>`
      select id from interviews where id = ${interviewId} and person_id = ${personId} and district_id = ${d} for update`;
    if (!interview) return "interview-gone" as const;
    const [rec] = await tx.$queryRaw<{ finalized_at: Date | null; duration_ms: number | null }[]>`
      select finalized_at, duration_ms from audio_recordings where id = ${recordingId} and district_id = ${d} for update`;
    if (!rec) throw recordingNotFound();
    if (rec.finalized_at) return { durationMs: rec.duration_ms };
    const record: StoredRecording = {
      name: { ...input.name },
      key,
      content_type: "audio/webm",
      size: combined.bytes,
      duration_ms: combined.durationMs,
      created_at: Date.now(),
    };
    await tx.$executeRaw`
      update interviews set audio = jsonb_set(audio, ${[recordingId]}::text[], ${JSON.stringify(record)}::jsonb), updated_at = now()
       where id = ${interviewId} and district_id = ${d}`;
    await tx.$executeRaw`
      update audio_recordings
         set interview_id = ${interviewId}, person_id = ${personId}, storage_key = ${key}, duration_ms = ${combined.durationMs},
             finalized_at = now(), updated_at = now()
       where id = ${recordingId} and district_id = ${d}`;
    return { durationMs: combined.durationMs };
  });
}
