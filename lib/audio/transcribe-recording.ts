import "server-only";
import { speechToText } from "@/lib/ai/providers";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { audioSource } from "./audio-source";
import { sourceInput, transcribeExpirySeconds, type TranscribeStepInput } from "./pipeline/transcribe-step";
import { queueStepUnlessUnderWay } from "./pipeline/step-state";
import { stepFailure, waitForStep } from "./pipeline/wait-for-step";
import { transcribeAnswer } from "./recording-answers";
import { findRecordableInterview } from "./recording-access";
import { recordingRecord } from "./recording-map";
import { makeRecordingTranslation } from "./recording-translations";
import type { TranscribeInput } from "./schemas";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("audio");

export type StepOutcome<T> = { done: T } | { accepted: true };

/** A finalized recording of the interview, or 404. */
export async function findFinalizedRecording(ctx: Ctx, interviewId: string, recordingId: string) {
  const rec = await db().audioRecording.findFirst({
    where: { id: recordingId, districtId: ctx.districtId, interviewId, finalizedAt: { not: null } },
    select: { storageKey: true, transcribedAt: true, summarizedAt: true, durationMs: true },
  });
  if (!rec) throw notFound("Recording");
  return rec;
}

/** The stored answer, with the reader's language made first (once, kept) when asked for. */
async function storedAnswer(ctx: Ctx, recordingId: string, reader: string | undefined) {
  if (reader)
    await makeRecordingTranslation(ctx.districtId, recordingId, reader).catch((error) => log.error({ err: error, recordingId }, "translation failed"));
  const record = await recordingRecord(ctx.origin, ctx.districtId, recordingId);
  if (!record) throw notFound("Recording");
  return transcribeAnswer(record, reader);
}

/**
 * POST /api/audio/transcribe: the recording's transcript. A stored one is returned unless
 * `force`; otherwise the transcribe step is queued (or the one queued or running is joined) and
 * its result returned when a worker has made it (lib/audio/pipeline/transcribe-step.ts), unless
 * `wait` is false (Prefer: respond-async). The URL is checked even when a stored transcript is
 * returned: a request is valid or not whatever is stored. With `language`, the transcript is also
 * translated into it (once, kept).
 */
export async function transcribeRecording(
  ctx: Ctx,
  input: TranscribeInput,
  { wait = true }: { wait?: boolean } = {},
): Promise<StepOutcome<ReturnType<typeof transcribeAnswer>>> {
  const { personId, interviewId, recordingId } = input;
  await findRecordableInterview(ctx, personId, interviewId);
  const rec = await findFinalizedRecording(ctx, interviewId, recordingId);
  const source = await audioSource(ctx, input.url);
  const ref = { districtId: ctx.districtId, recordingId };
  if (rec.transcribedAt && !input.force) return { done: await storedAnswer(ctx, recordingId, input.language) };

  speechToText(); // 503 ai_unavailable at once when no engine could ever do it
  const own = source.kind === "stored" && source.key === rec.storageKey;
  const stepInput: TranscribeStepInput = own ? {} : { source: sourceInput(source) };
  await queueStepUnlessUnderWay(ref, "transcribe", { force: input.force, input: stepInput, expireInSeconds: transcribeExpirySeconds(rec.durationMs ?? 0) });
  if (!wait) return { accepted: true };
  const settled = await waitForStep(ref, "transcribe", undefined);
  if (!settled) return { accepted: true };
  if (settled.state !== "done") throw stepFailure(settled);
  return { done: await storedAnswer(ctx, recordingId, input.language) };
}
