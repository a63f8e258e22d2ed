/*
 * The rules of a chunked recording that need no database: what a recordingId and a chunk
 * number may be, which content types are accepted, and which numbers a finalize misses.
 */

import { isId } from "@/lib/ids/ids.shared";

export const MAX_CHUNK_NUMBER = 100_000;

/** A recordingId: chosen by the client, an id (lib/ids: 1-64 letters, digits, '_' or '-'). */
export const isRecordingId = isId;

/** `chunkNumber` as sent in a multipart field: a plain decimal integer from 1 to 100,000, else null. */
export function parseChunkNumber(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= MAX_CHUNK_NUMBER ? n : null;
}

/**
 * The audio formats a chunk may be: WebM (what MediaRecorder writes in Chromium and Firefox,
 * `audio/webm;codecs=opus`), whose pieces concatenate into one stream that is remuxed without
 * re-encoding. Safari's MP4/AAC cannot be copied into WebM: it is refused with a 415 that says so.
 */
const ACCEPTED = new Set(["audio/webm", "video/webm"]);

/** The bare media type ("audio/webm") of a Content-Type value, lower-cased; "" for none. */
const mediaTypeOf = (contentType: string | null | undefined) => (contentType ?? "").split(";")[0].trim().toLowerCase();

export const isAcceptedAudioType = (contentType: string | null | undefined) => ACCEPTED.has(mediaTypeOf(contentType));

export const UNSUPPORTED_AUDIO_MESSAGE =
  "Send each chunk as WebM audio (Content-Type audio/webm, for example audio/webm;codecs=opus, what MediaRecorder records in Chrome, Edge and Firefox). " +
  "MP4/AAC (Safari's MediaRecorder) and other formats are not accepted.";

/** Numbers from 1 to the highest present that are absent: what keeps a recording from being finalized. */
export function missingChunkNumbers(present: Iterable<number>): number[] {
  const have = new Set(present);
  const highest = Math.max(0, ...have);
  const missing: number[] = [];
  for (let n = 1; n <= highest; n++) if (!have.has(n)) missing.push(n);
  return missing;
}

/** "3, 7-9, 12": sorted numbers as ranges, at most `limit` ranges then "… (N missing)". */
export function describeNumbers(numbers: number[], limit = 20): string {
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    ranges.push(i === j ? String(numbers[i]) : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return ranges.length > limit ? `${ranges.slice(0, limit).join(", ")}, … (${numbers.length} missing in all)` : ranges.join(", ");
}

/** The first bytes of a WebM file (an EBML header): chunk 1 of a recording must start with them. */
export const startsLikeWebm = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
