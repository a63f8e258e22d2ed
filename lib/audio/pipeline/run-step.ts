import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { JobInfo, RecordingStepName } from "@/lib/jobs/queues";
import { publishStep, serializeStep } from "./step-events";
import { claimStep, LeaseLost, releaseFailedStep, renewLease, reportProgress, type Lease, type RecordingRef, type StepRow } from "./step-state";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("jobs");

type RecordingRow = {
  id: string;
  district_id: string;
  interview_id: string | null;
  person_id: string | null;
  storage_key: string | null;
  duration_ms: number | null;
  finalized_at: Date | null;
};

export type StepContext = {
  lease: Lease;
  row: StepRow;
  recording: RecordingRow;
  /** Aborted when the lease is lost: stop and leave the step to whoever holds it now. */
  signal: AbortSignal;
  /** Progress (and a checkpoint to resume from); shown live on the interview page, at most once a second. */
  progress: (done: number, total: number, unit: string, checkpoint?: unknown) => Promise<void>;
};

/**
 * Tests only (tests/helpers/worker-child.ts): called when a worker has taken a step's job, before
 * it claims the step, to kill the worker there. Unset in the service.
 */
export const takenFaults: { at?: (point: string) => void | Promise<void> } = {};

/** Errors that another attempt cannot fix: the step fails at once (an admin may still retry it). */
// (A provider failing is "ai_unavailable" too, and worth another attempt: only the lack of any engine is final, and
// transcribe skips the step then.)
const PERMANENT: ReadonlySet<string> = new Set(["validation_error", "not_found", "conflict", "forbidden", "payload_too_large", "unsupported_media_type"]);

const failureOf = (error: unknown) =>
  error instanceof AppError
    ? { code: error.code, message: error.message, details: error.details }
    : { code: "internal", message: error instanceof Error ? error.message : String(error) };

async function loadRecording(ref: RecordingRef) {
  const [row] = await db().$queryRaw<RecordingRow[]>`
    select id, district_id, interview_id, person_id, storage_key, duration_ms, finalized_at
      from audio_recordings where id = ${ref.recordingId} and district_id = ${ref.districtId}`;
  return row;
}

/**
 * A step whose recording was deleted while it ran (its lease went with the step's row, or its
 * writes met the missing row): it stops, and takes back the translations it may have made since
 * (they have no foreign key to the recording).
 */
async function forgetDeletedRecording(ref: RecordingRef) {
  await db().$executeRaw`
    delete from translations where district_id = ${ref.districtId} and source_id = ${ref.recordingId} and source_type in ('transcript', 'summary', 'segment')
       and not exists (select 1 from audio_recordings where id = ${ref.recordingId} and district_id = ${ref.districtId})`;
  return "the recording was deleted";
}

/**
 * A recording step as a job: takes the step's lease (or does nothing when the step is done or
 * held by a live worker), renews it while `body` works, and reports the outcome. `body` stores
 * its result with `finishStep` in the transaction that also queues the next step. A failure
 * frees the step: "queued" again and rethrown for pg-boss to retry with backoff, or "failed"
 * for good when another attempt cannot help or none is left.
 */
export async function runStep(step: RecordingStepName, ref: RecordingRef, job: JobInfo, body: (ctx: StepContext) => Promise<void>) {
  await takenFaults.at?.(`${step}-taken`);
  const claimed = await claimStep(ref, step, job.id);
  if (!claimed) return { skipped: "nothing to do: done, or running elsewhere" };
  const { lease, row } = claimed;
  const recording = await loadRecording(ref);
  if (!recording) return { skipped: "the recording is gone" };
  const publishState = async (state: StepRow["state"], extra: Partial<StepRow> = {}) =>
    publishStep(recording.interview_id, ref.recordingId, serializeStep({ ...row, ...extra, state, updated_at: new Date() }));

  const aborter = new AbortController();
  const renewEvery = Math.max(1000, (env().JOB_LEASE_SECONDS * 1000) / 3);
  const renewal = setInterval(() => {
    renewLease(lease).then(
      (held) => !held && aborter.abort(new LeaseLost(step)),
      (error) => log.error({ err: error, step, recordingId: ref.recordingId }, "could not renew the lease"),
    );
  }, renewEvery);

  let lastPublished = 0;
  const progress: StepContext["progress"] = async (done, total, unit, checkpoint) => {
    if (aborter.signal.aborted) throw new LeaseLost(step);
    await reportProgress(lease, { done, total, unit }, checkpoint);
    if (Date.now() - lastPublished >= 1000 || done >= total) {
      lastPublished = Date.now();
      await publishState("running", { progress_done: Math.round(done), progress_total: Math.round(total), progress_unit: unit });
    }
  };

  await publishState("running");
  try {
    await body({ lease, row, recording, signal: aborter.signal, progress });
    await publishState("done");
    return { done: true };
  } catch (error) {
    if (!(await loadRecording(ref))) return { skipped: await forgetDeletedRecording(ref) };
    if (error instanceof LeaseLost || aborter.signal.aborted) return { skipped: "the lease was taken over" };
    const failure = failureOf(error);
    const final = PERMANENT.has(failure.code) || job.isLastAttempt;
    await releaseFailedStep(lease, failure, final);
    await publishState(final ? "failed" : "queued", { error: failure.message, attempts: row.attempts });
    if (failure.code === "internal") log.error({ err: error, step, recordingId: ref.recordingId }, "step failed");
    if (PERMANENT.has(failure.code)) return { failed: failure };
    throw error;
  } finally {
    clearInterval(renewal);
  }
}
