import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/app-error";
import { queueStepUnlessUnderWay } from "./pipeline/step-state";
import type { SummarizeStepInput } from "./pipeline/summarize-step";
import { stepFailure, waitForStep } from "./pipeline/wait-for-step";
import { summarizeAnswer } from "./recording-answers";
import { findRecordableInterview } from "./recording-access";
import { recordingRecord } from "./recording-map";
import { makeRecordingTranslation } from "./recording-translations";
import type { SummarizeInput } from "./schemas";
import { findFinalizedRecording, type StepOutcome } from "./transcribe-recording";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("audio");

async function storedAnswer(ctx: Ctx, recordingId: string, reader: string | undefined) {
  if (reader)
    await makeRecordingTranslation(ctx.districtId, recordingId, reader).catch((error) => log.error({ err: error, recordingId }, "translation failed"));
  const record = await recordingRecord(ctx.origin, ctx.districtId, recordingId);
  if (!record) throw notFound("Recording");
  return summarizeAnswer(record, reader);
}

/**
 * POST /api/audio/summarize: a summary of `transcript`, in the transcript's language, kept on the
 * recording. A stored summary is returned unless `force`; otherwise the summarize step is queued
 * with this text (or the one under way joined) and its result returned once a worker has made it
 * (lib/audio/pipeline/summarize-step.ts), unless `wait` is false (Prefer: respond-async). With
 * `language`, also translated into it (once, kept).
 */
export async function summarizeRecording(
  ctx: Ctx,
  input: SummarizeInput,
  { wait = true }: { wait?: boolean } = {},
): Promise<StepOutcome<ReturnType<typeof summarizeAnswer>>> {
  const { personId, interviewId, recordingId } = input;
  await findRecordableInterview(ctx, personId, interviewId);
  const rec = await findFinalizedRecording(ctx, interviewId, recordingId);
  const ref = { districtId: ctx.districtId, recordingId };
  if (rec.summarizedAt && !input.force) return { done: await storedAnswer(ctx, recordingId, input.language) };

  const stepInput: SummarizeStepInput = { transcript: input.transcript };
  await queueStepUnlessUnderWay(ref, "summarize", { force: input.force, input: stepInput });
  if (!wait) return { accepted: true };
  const settled = await waitForStep(ref, "summarize");
  if (!settled) return { accepted: true };
  if (settled.state !== "done") throw stepFailure(settled);
  return { done: await storedAnswer(ctx, recordingId, input.language) };
}
