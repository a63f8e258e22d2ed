import "server-only";
import { AppError, ERROR_CODES, type ErrorCode } from "@/lib/errors/app-error";
import type { RecordingStepName } from "@/lib/jobs/queues";
import { outsideAdmission } from "@/lib/http/admission";
import { readStep, type RecordingRef, type StepRow } from "./step-state";

/** A request waits this long for its step at most; then it answers 202 with the status URL. */
const SYNC_WAIT_MS = 30 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const settled = (row: StepRow | undefined) => row && (row.state === "done" || row.state === "failed" || row.state === "skipped");

/**
 * Waits until `step` of the recording is done, failed for good or skipped, reading its row (from
 * 25 ms between reads up to 1 s, so a quick finalize answers quickly and an hour-long
 * transcription costs a read a second). Outside the admission gate: waiting is not work.
 * Resolves to the row, or null when `timeoutMs` passed first.
 */
export function waitForStep(ref: RecordingRef, step: RecordingStepName, timeoutMs = SYNC_WAIT_MS): Promise<StepRow | null> {
  return outsideAdmission(async () => {
    const deadline = Date.now() + timeoutMs;
    for (let pause = 25; ; pause = Math.min(pause * 1.5, 1000)) {
      const row = await readStep(ref, step);
      if (settled(row)) return row!;
      if (Date.now() >= deadline) return null;
      await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
    }
  });
}

/** A failed step as the error its request answers with (the step's own code and sentence). */
export function stepFailure(step: StepRow): AppError {
  // Skipped: transcribe found no speech-to-text engine; the others had nothing to work on.
  if (step.state === "skipped")
    return new AppError(step.step === "transcribe" ? "ai_unavailable" : "conflict", step.error ?? `The ${step.step} step was skipped.`);
  const code = (ERROR_CODES as readonly string[]).includes(step.error_code ?? "") ? (step.error_code as ErrorCode) : "internal";
  return new AppError(code, step.error ?? `The ${step.step} step failed.`, step.error_details ?? undefined);
}
