import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";

/** A stretch of the transcript: seconds on the recording's timeline, the language spoken, the words. */
export type StoredSegment = { start: number; end: number; language: string; text: string };

/**
 * What the interview's `audio` map keeps per recordingId (serialized by
 * lib/interviews/serialize-interview.ts, which builds `url` from `key`). `transcript` and
 * `summary` are multilingual: the original under its language, plus cached translations;
 * `segment_translations[lang]` holds the segments' texts in that language, index for index.
 */
export type StoredRecording = {
  name: Record<string, string>;
  key: string;
  content_type: string;
  size: number;
  duration_ms: number;
  created_at: number;
  language?: string;
  segments?: StoredSegment[];
  transcript?: Record<string, string>;
  segment_translations?: Record<string, string[]>;
  transcript_provider?: string;
  transcribed_at?: number;
  summary?: Record<string, string>;
  summary_language?: string;
  summary_provider?: string;
  summarized_at?: number;
};

const asRecord = (value: unknown): StoredRecording | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as StoredRecording) : null;

/** The recording `recordingId` of an interview's `audio` map, or 404 when the interview has no such recording. */
export function recordingIn(audio: unknown, recordingId: string): StoredRecording {
  const map = asRecord(audio) as Record<string, unknown> | null;
  const record = map && Object.hasOwn(map, recordingId) ? asRecord(map[recordingId]) : null;
  if (!record) throw notFound("Recording");
  return record;
}

/**
 * Changes one recording of an interview's `audio` map: the interview's row is locked, the
 * current record read, `change` applied to it and the result written back, in one transaction,
 * so concurrent transcribe / summarize / translate calls never overwrite each other's fields.
 * 404 when the interview or the recording is gone. `touch: false` (cached translations) leaves
 * the interview's `updated_at` alone: a reader's translation is not a change of the interview.
 */
export async function updateRecording(
  ctx: Ctx,
  interviewId: string,
  recordingId: string,
  change: (current: StoredRecording) => StoredRecording,
  { touch = true }: { touch?: boolean } = {},
): Promise<StoredRecording> {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ audio: unknown }[]>`
      select audio from interviews where id = ${interviewId} and district_id = ${ctx.districtId} for update`;
    if (!row) throw notFound("Interview");
    const next = change(recordingIn(row.audio, recordingId));
    await tx.$executeRaw`
      update interviews set audio = jsonb_set(audio, ${[recordingId]}::text[], ${JSON.stringify(next)}::jsonb),
             updated_at = case when ${touch}::boolean then now() else updated_at end
       where id = ${interviewId} and district_id = ${ctx.districtId}`;
    return next;
  });
}

/**
 * Runs `work` once per key at a time in this process: a second caller asking for the same
 * transcription or translation while it is being made waits for it instead of paying twice.
 */
const inFlight = new Map<string, Promise<unknown>>();
export function once<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = work().finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}
