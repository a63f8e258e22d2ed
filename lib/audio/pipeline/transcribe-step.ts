import "server-only";
import { toLanguageCode } from "@/lib/ai/languages";
import { speechToText } from "@/lib/ai/providers";
import { transcribeAudioFile, type PieceResult } from "@/lib/ai/transcribe-audio-file";
import { env } from "@/lib/env";
import { AppError, conflict } from "@/lib/errors/app-error";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { recordingEventData } from "@/lib/webhooks/event-data";
import { emitEvent } from "@/lib/webhooks/emit-event";
import type { JobData, JobInfo } from "@/lib/jobs/queues";
import { withAudioFrom, type AudioSource } from "../audio-source";
import { runStep } from "./run-step";
import { finishStep, queueStep, skipStep } from "./step-state";

/** pg-boss's own expiry for a transcription: generous (a live worker renews its lease anyway). */
export const transcribeExpirySeconds = (durationMs: number) => Math.min(23 * 3600, 1800 + Math.ceil(durationMs / 1000) * 2);

/** What transcribe was asked with (kept as JSON): the audio to read, a stored file or an allowed remote URL. */
export type TranscribeStepInput = { source?: { kind: "stored"; key: string } | { kind: "remote"; url: string } };

/** The audio source as a step input, and back. */
export const sourceInput = (source: AudioSource): TranscribeStepInput["source"] =>
  source.kind === "remote" ? { kind: "remote", url: source.url.href } : source;
const sourceOf = (input: NonNullable<TranscribeStepInput["source"]>): AudioSource =>
  input.kind === "remote" ? { kind: "remote", url: new URL(input.url) } : input;

type Checkpoint = { pieces?: PieceResult[] };

/** Tests only (tests/helpers/worker-child.ts): called once a piece is transcribed and kept, to kill the worker there. Unset in the service. */
export const transcribeFaults: { at?: (point: "transcribing") => void | Promise<void> } = {};

const NOTHING_SAID = "Nothing was said in the recording: there is nothing to summarize or translate.";

/**
 * The transcribe step (job "recording-transcribe"): speech-to-text of the recording's file (or
 * the URL transcribe was asked with), piece by piece (TRANSCRIBE_PIECE_SECONDS), each piece
 * kept as a checkpoint: a worker killed half-way leaves the next one to resume after the last
 * piece it finished. Progress counts milliseconds of audio. Then in ONE transaction: the text,
 * language and segments replace the old transcript (and its translations), the step is done,
 * and summarize is queued (or skipped, when nothing was said). Without any speech-to-text engine
 * the step is skipped and says which settings to use.
 */
export async function transcribeStep(data: JobData["recording-transcribe"], job: JobInfo) {
  return runStep("transcribe", data, job, async ({ lease, row, recording, progress }) => {
    const input = (row.input ?? {}) as TranscribeStepInput;
    const source: AudioSource | null = input.source
      ? sourceOf(input.source)
      : recording.storage_key && recording.finalized_at
        ? { kind: "stored", key: recording.storage_key }
        : null;
    if (!source) throw conflict("The recording is not finalized yet.");
    try {
      speechToText();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "ai_unavailable" || input.source) throw error;
      await transactionWithJobs(async (tx) => {
        await finishStep(tx, lease, { state: "skipped", note: error.message });
      });
      return;
    }
    const checkpoint = (row.checkpoint ?? {}) as Checkpoint;
    // Shown at once as "0 of N minutes" (a single piece reports nothing more until it is done).
    await progress(checkpoint.pieces?.at(-1)?.endMs ?? 0, recording.duration_ms ?? 0, "ms");
    const result = await withAudioFrom(source, (file) =>
      transcribeAudioFile(file, {
        maxPieceMs: env().TRANSCRIBE_PIECE_SECONDS * 1000,
        done: checkpoint.pieces,
        onPiece: async (pieces, totalMs) => {
          await progress(pieces.at(-1)!.endMs, totalMs, "ms", { pieces });
          await transcribeFaults.at?.("transcribing");
        },
      }),
    );
    const language = toLanguageCode(result.language) ?? "und";
    const segments = result.segments.map((s, index) => ({
      index,
      start: s.start,
      end: s.end,
      language: toLanguageCode(s.language) ?? language,
      text: s.text,
    }));
    const d = data.districtId;
    const id = data.recordingId;
    await transactionWithJobs(async (tx, enqueue, enqueueMany) => {
      await tx.$executeRaw`delete from transcript_segments where recording_id = ${id} and district_id = ${d}`;
      await tx.$executeRaw`
        insert into transcript_segments (recording_id, index, district_id, piece, start, "end", language, text)
        select ${id}, s.index, ${d}, 0, s.start, s."end", s.language, s.text
          from unnest(${segments.map((s) => s.index)}::int[], ${segments.map((s) => s.start)}::float8[], ${segments.map((s) => s.end)}::float8[],
                      ${segments.map((s) => s.language)}::text[], ${segments.map((s) => s.text)}::text[]) as s(index, start, "end", language, text)`;
      // A new transcript replaces the translations of the old one.
      await tx.$executeRaw`delete from translations where district_id = ${d} and source_id = ${id} and source_type in ('transcript', 'segment')`;
      await tx.$executeRaw`
        update audio_recordings set language = ${language}, transcript = ${result.text}, transcript_provider = ${result.provider}, transcribed_at = now()
         where id = ${id} and district_id = ${d}`;
      if (recording.interview_id) await tx.$executeRaw`update interviews set updated_at = now() where id = ${recording.interview_id} and district_id = ${d}`;
      await finishStep(tx, lease);
      if (result.text.trim()) await queueStep(tx, enqueue, data, "summarize");
      else {
        await skipStep(tx, data, "summarize", NOTHING_SAID);
        await skipStep(tx, data, "translate", NOTHING_SAID);
      }
      await emitEvent(tx, { enqueue, enqueueMany }, d, "recording.transcribed", () => recordingEventData(tx, d, id));
    });
  });
}
