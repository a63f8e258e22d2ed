import "server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { transactionWithJobs, type Enqueue } from "@/lib/jobs/enqueue";
import { STEP_QUEUE, type RecordingStepName } from "@/lib/jobs/queues";

type StepState = "queued" | "running" | "done" | "failed" | "skipped";

export type StepRow = {
  recording_id: string;
  district_id: string;
  step: RecordingStepName;
  state: StepState;
  progress_done: number;
  progress_total: number;
  progress_unit: string;
  attempts: number;
  error: string | null;
  error_code: string | null;
  error_details: { path: string; message: string }[] | null;
  job_id: string | null;
  checkpoint: unknown;
  input: unknown;
  updated_at: Date;
};

export type RecordingRef = { districtId: string; recordingId: string };

/** A worker's hold on a running step: only it may report progress and finish the step. */
export type Lease = RecordingRef & { step: RecordingStepName; leaseId: string };

export class LeaseLost extends Error {
  constructor(step: string) {
    super(`The ${step} step was taken over (its lease expired or the step was asked for again).`);
  }
}

const leaseSeconds = () => env().JOB_LEASE_SECONDS;

/**
 * Queues `step` of a recording, in the caller's transaction: its row says "queued" (with the
 * input it was asked with) and its job is enqueued with the recording as singleton key, so a
 * second request joins the queued job. A worker holding the step's lease loses it: asking again
 * restarts the step, from the start (a checkpoint is for the retries of one run, not for a new one).
 */
export async function queueStep(
  tx: Tx,
  enqueue: Enqueue,
  ref: RecordingRef,
  step: RecordingStepName,
  options: { input?: unknown; expireInSeconds?: number } = {},
) {
  const jobId = await enqueue(
    STEP_QUEUE[step],
    { districtId: ref.districtId, recordingId: ref.recordingId },
    {
      singletonKey: ref.recordingId,
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    },
  );
  const input = options.input === undefined ? null : JSON.stringify(options.input);
  await tx.$executeRaw`
    insert into recording_steps (recording_id, step, district_id, state, input, job_id, updated_at)
    values (${ref.recordingId}, ${step}, ${ref.districtId}, 'queued', ${input}::jsonb, ${jobId}, now())
    on conflict (recording_id, step) do update
       set state = 'queued', input = excluded.input, job_id = coalesce(excluded.job_id, recording_steps.job_id), error = null, error_code = null, error_details = null,
           lease_id = null, heartbeat_at = null, progress_done = 0, progress_total = 0, checkpoint = null, finished_at = null, updated_at = now()
     where recording_steps.district_id = ${ref.districtId}`;
}

/**
 * A request's `step` (POST /api/audio/transcribe, /summarize): queued unless one is queued or
 * running already (then the request joins it), or always with `force`. Decided in the queueing
 * transaction, under the recording's row lock (and the step's): two requests at once for a
 * failed step queue it once, and the second joins the first instead of taking its lease away.
 */
export async function queueStepUnlessUnderWay(
  ref: RecordingRef,
  step: RecordingStepName,
  options: { force?: boolean; input?: unknown; expireInSeconds?: number },
) {
  await transactionWithJobs(async (tx, enqueue) => {
    // Locked first, read after (a statement of its own, so it sees what the lock's holder committed).
    await tx.$queryRaw`select id from audio_recordings where id = ${ref.recordingId} and district_id = ${ref.districtId} for update`;
    const [row] = await tx.$queryRaw<{ state: StepState }[]>`
      select state from recording_steps where recording_id = ${ref.recordingId} and step = ${step} and district_id = ${ref.districtId} for update`;
    if (row && (row.state === "queued" || row.state === "running") && !options.force) return;
    await queueStep(tx, enqueue, ref, step, { input: options.input, expireInSeconds: options.expireInSeconds });
  });
}

/** Records a step that needs no work (nothing was said: there is nothing to summarize). */
export async function skipStep(tx: Tx, ref: RecordingRef, step: RecordingStepName, reason: string) {
  await tx.$executeRaw`
    insert into recording_steps (recording_id, step, district_id, state, error, finished_at, updated_at)
    values (${ref.recordingId}, ${step}, ${ref.districtId}, 'skipped', ${reason}, now(), now())
    on conflict (recording_id, step) do update set state = 'skipped', error = ${reason}, lease_id = null, finished_at = now(), updated_at = now()
     where recording_steps.district_id = ${ref.districtId}`;
}

/**
 * Takes the lease of a queued (or dead, or abandoned) step for job `jobId`. null when there is
 * nothing to do: the step is done or skipped, or a live worker holds it.
 */
export async function claimStep(ref: RecordingRef, step: RecordingStepName, jobId: string): Promise<{ lease: Lease; row: StepRow } | null> {
  const leaseId = randomUUID();
  const [row] = await db().$queryRaw<StepRow[]>`
    update recording_steps
       set state = 'running', lease_id = ${leaseId}, heartbeat_at = now(), attempts = attempts + 1, job_id = ${jobId},
           started_at = now(), finished_at = null, updated_at = now()
     where recording_id = ${ref.recordingId} and step = ${step} and district_id = ${ref.districtId}
       and (state in ('queued', 'failed') or (state = 'running' and heartbeat_at < now() - make_interval(secs => ${leaseSeconds()})))
    returning recording_id, district_id, step, state, progress_done, progress_total, progress_unit, attempts, error, error_code, error_details, job_id, checkpoint, input, updated_at`;
  return row ? { lease: { ...ref, step, leaseId }, row } : null;
}

/** Renews the lease; false when it was lost. */
export async function renewLease(lease: Lease): Promise<boolean> {
  const renewed = await db().$executeRaw`
    update recording_steps set heartbeat_at = now()
     where recording_id = ${lease.recordingId} and step = ${lease.step} and district_id = ${lease.districtId} and lease_id = ${lease.leaseId}`;
  return renewed > 0;
}

/** How far the step has come (and where it could resume); throws LeaseLost when it is no longer ours. */
export async function reportProgress(lease: Lease, progress: { done: number; total: number; unit: string }, checkpoint?: unknown) {
  const json = checkpoint === undefined ? null : JSON.stringify(checkpoint);
  const updated = await db().$executeRaw`
    update recording_steps
       set progress_done = ${Math.round(progress.done)}, progress_total = ${Math.round(progress.total)}, progress_unit = ${progress.unit},
           checkpoint = coalesce(${json}::jsonb, checkpoint), heartbeat_at = now(), updated_at = now()
     where recording_id = ${lease.recordingId} and step = ${lease.step} and district_id = ${lease.districtId} and lease_id = ${lease.leaseId}`;
  if (!updated) throw new LeaseLost(lease.step);
}

/**
 * Ends the step as done (or skipped, with why), in the transaction that stores its result; throws
 * LeaseLost (rolling it back) when it is no longer ours.
 */
export async function finishStep(tx: Tx, lease: Lease, outcome: { state: "done" | "skipped"; note?: string } = { state: "done" }) {
  const updated = await tx.$executeRaw`
    update recording_steps
       set state = ${outcome.state}, lease_id = null, error = ${outcome.note ?? null}, error_code = null, error_details = null,
           progress_done = greatest(progress_done, progress_total), finished_at = now(), updated_at = now()
     where recording_id = ${lease.recordingId} and step = ${lease.step} and district_id = ${lease.districtId} and lease_id = ${lease.leaseId}`;
  if (!updated) throw new LeaseLost(lease.step);
}

/** Gives the lease back after a failure: "queued" again while retries remain, else "failed" (dead). */
export async function releaseFailedStep(lease: Lease, failure: { code: string; message: string; details?: unknown }, final: boolean) {
  await db().$executeRaw`
    update recording_steps
       set state = ${final ? "failed" : "queued"}, lease_id = null, heartbeat_at = null, error = ${failure.message.slice(0, 2000)}, error_code = ${failure.code},
           error_details = ${failure.details ? JSON.stringify(failure.details) : null}::jsonb,
           finished_at = case when ${final}::boolean then now() else null end, updated_at = now()
     where recording_id = ${lease.recordingId} and step = ${lease.step} and district_id = ${lease.districtId} and lease_id = ${lease.leaseId}`;
}

/** A recording's steps, in pipeline order. */
export async function readSteps(ref: RecordingRef): Promise<StepRow[]> {
  return db().$queryRaw<StepRow[]>`
    select recording_id, district_id, step, state, progress_done, progress_total, progress_unit, attempts, error, error_code, error_details, job_id, checkpoint, input, updated_at
      from recording_steps where recording_id = ${ref.recordingId} and district_id = ${ref.districtId}
     order by array_position(array['finalize', 'transcribe', 'summarize', 'translate'], step)`;
}

/** One step, or undefined. */
export async function readStep(ref: RecordingRef, step: RecordingStepName): Promise<StepRow | undefined> {
  return (await readSteps(ref)).find((s) => s.step === step);
}
