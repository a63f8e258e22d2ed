import "server-only";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, conflict, invalid } from "@/lib/errors/app-error";
import { receiveUpload, type FilePart } from "@/lib/http/multipart";
import { formatBytes } from "@/lib/http/read-body";
import { storage } from "@/lib/storage/storage";
import { isAcceptedAudioType, isRecordingId, MAX_CHUNK_NUMBER, parseChunkNumber, UNSUPPORTED_AUDIO_MESSAGE } from "./chunk-rules";
import { assertMayCapture, ownerOf, recordingNotFound } from "./recording-access";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("audio");

/** Room for the text fields and the multipart framing around a chunk of MAX_CHUNK_BYTES. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

type StoredChunk = { storageKey: string; contentType: string; size: number };

const badRecordingId = () => invalid("recordingId", "Use 1-64 letters, digits, '_' or '-'.");
const badChunkNumber = () => invalid("chunkNumber", `Use an integer from 1 to ${MAX_CHUNK_NUMBER.toLocaleString("en")}.`);
const unsupported = () => new AppError("unsupported_media_type", UNSUPPORTED_AUDIO_MESSAGE);

/** Checks the fields known so far; a field not sent yet is checked once the body is read. */
function checkFields(fields: Readonly<Record<string, string>>) {
  if ("recordingId" in fields && !isRecordingId(fields.recordingId)) throw badRecordingId();
  if ("chunkNumber" in fields && parseChunkNumber(fields.chunkNumber) === null) throw badChunkNumber();
}

/** Where a chunk's bytes wait for finalize: a fresh key per upload, so a re-sent number never overwrites bytes a reader may hold. */
const chunkKey = (ctx: Ctx, recordingId: string | undefined) =>
  `${ctx.districtId}/audio-chunks/${recordingId && isRecordingId(recordingId) ? `${recordingId}/` : ""}${randomUUID()}`;

/**
 * POST /api/audio/capture (multipart: `audio`, `recordingId`, `chunkNumber`): stores one chunk of
 * a recording session. The first use of a recordingId binds it to the district and the caller;
 * anyone else gets 404. Re-sending a number replaces that chunk; order does not matter. Once
 * finalize has begun the recording takes no more chunks (409). Bytes are streamed to storage
 * (never held whole) and removed again whenever the chunk is refused.
 */
export async function captureChunk(ctx: Ctx, req: Request) {
  if (!/^multipart\/form-data\b/i.test(req.headers.get("content-type") ?? "")) {
    throw new AppError("unsupported_media_type", "Send the chunk as multipart/form-data with the fields audio, recordingId and chunkNumber.");
  }
  await assertMayCapture(ctx);
  const max = env().MAX_CHUNK_BYTES;
  const options = {
    maxBytes: max + FORM_OVERHEAD_BYTES,
    maxFile: { bytes: max, message: `A chunk may be at most ${formatBytes(max)} (MAX_CHUNK_BYTES); send shorter chunks.` },
    fileField: "audio",
    store: async (file: FilePart, body: Readable, fieldsBefore: Readonly<Record<string, string>>): Promise<StoredChunk> => {
      checkFields(fieldsBefore);
      if (!isAcceptedAudioType(file.contentType)) throw unsupported();
      const storageKey = chunkKey(ctx, fieldsBefore.recordingId);
      const { size } = await storage().putStream(storageKey, body, file.contentType);
      return { storageKey, contentType: file.contentType, size };
    },
    discard: (stored: StoredChunk) => storage().delete([stored.storageKey]),
  };
  const { chunk, replaced } = await receiveUpload(req, options, async ({ fields, stored }) => {
    checkFields(fields);
    if (fields.recordingId === undefined) throw badRecordingId();
    const chunk = parseChunkNumber(fields.chunkNumber);
    if (chunk === null) throw badChunkNumber();
    const replaced = await recordChunk(ctx, fields.recordingId, chunk, stored);
    return { chunk, replaced };
  });
  // After the commit: the replaced chunk's bytes are no longer referenced.
  if (replaced)
    await storage()
      .delete([replaced])
      .catch((error) => log.error({ err: error }, "could not delete a replaced chunk"));
  return { ok: true as const, chunk };
}

type CaptureRow = { found: boolean; owned: boolean; finalized: boolean; claimed: boolean; stored: boolean; old_key: string | null; clock_behind: boolean };

/** How far behind the recording's `updated_at` (its TTL clock) may fall before a chunk moves it. */
const CLOCK_SLACK = "10 minutes";

/**
 * The chunk's row, in ONE statement (a chunk a second from every recorder in the district: one
 * round trip each): the recording is created on first use, or share-locked when it exists (chunks
 * of one recording do not wait for each other, but finalize's claim, an UPDATE of that row, waits
 * for them and they for it; a chunk that waited sees the claim and is refused). Only when the
 * recording is this district's and this caller's, and not finalized or being finalized, the
 * chunk is inserted or replaces the one of that number. Returns what it found and the storage key
 * of the chunk it replaced, if any. The recording's `updated_at` (its TTL clock) is moved by a
 * second statement only when it is over CLOCK_SLACK behind: an UPDATE per chunk would make the
 * chunks of a recording wait for each other.
 *
 * Two first chunks of a new recording at once: the second insert waits for the first and then
 * does nothing, but its statement's snapshot predates that row, so it sees no recording at all
 * (`found` false): the statement is simply run again. A recording id of another district is never
 * read (the statement names the district); it is not found either, and answered 404.
 */
async function recordChunk(ctx: Ctx, recordingId: string, number: number, stored: StoredChunk): Promise<string | null> {
  const owner = ownerOf(ctx);
  const d = ctx.districtId;
  for (let attempt = 0; ; attempt++) {
    const [row] = await db().$queryRaw<CaptureRow[]>`
      with created as (
        insert into audio_recordings (id, district_id, owner_person_id, owner_key_id)
        values (${recordingId}, ${d}, ${owner.ownerPersonId}, ${owner.ownerKeyId})
        on conflict (id) do nothing
        returning district_id, owner_person_id, owner_key_id, finalized_at, storage_key
      ), existing as (
        select district_id, owner_person_id, owner_key_id, finalized_at, storage_key, updated_at
          from audio_recordings where id = ${recordingId} and district_id = ${d} for share
      ), rec as (
        select district_id, owner_person_id, owner_key_id, finalized_at, storage_key, now()::timestamp as updated_at from created
        union all select * from existing where not exists (select 1 from created)
      ), ok as (
        select 1 from rec
         where district_id = ${d} and owner_person_id is not distinct from ${owner.ownerPersonId}::text
           and owner_key_id is not distinct from ${owner.ownerKeyId}::text and finalized_at is null and storage_key is null
      ), old as (
        select storage_key from audio_chunks
         where recording_id = ${recordingId} and number = ${number} and district_id = ${d} and exists (select 1 from ok) for update
      ), up as (
        insert into audio_chunks (recording_id, number, district_id, storage_key, size, content_type)
        select ${recordingId}, ${number}, ${d}, ${stored.storageKey}, ${stored.size}, ${stored.contentType} where exists (select 1 from ok)
        on conflict (recording_id, number) do update
           set storage_key = excluded.storage_key, size = excluded.size, content_type = excluded.content_type, created_at = now()
         where audio_chunks.district_id = ${d}
      )
      select exists (select 1 from rec) as found,
             exists (select 1 from rec where district_id = ${d} and owner_person_id is not distinct from ${owner.ownerPersonId}::text
                                         and owner_key_id is not distinct from ${owner.ownerKeyId}::text) as owned,
             exists (select 1 from rec where finalized_at is not null) as finalized,
             exists (select 1 from rec where storage_key is not null) as claimed,
             exists (select 1 from ok) as stored,
             (select storage_key from old) as old_key,
             exists (select 1 from ok join rec on true where rec.updated_at < now() - ${CLOCK_SLACK}::interval) as clock_behind`;
    if (!row.found && attempt < 3) continue;
    if (!row.owned) throw recordingNotFound();
    if (row.finalized) throw conflict("This recording is finalized and takes no more chunks. A new recording needs a new recordingId.");
    if (row.claimed || !row.stored) throw conflict("This recording is being finalized and takes no more chunks. A new recording needs a new recordingId.");
    if (row.clock_behind) {
      await db().$executeRaw`
        update audio_recordings set updated_at = now()
         where id = ${recordingId} and district_id = ${d} and finalized_at is null and storage_key is null`;
    }
    return row.old_key;
  }
}
