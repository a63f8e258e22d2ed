import "server-only";
import { db } from "@/lib/db/client";
import { AppError, conflict, notFound } from "@/lib/errors/app-error";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import type { JobData, JobInfo } from "@/lib/jobs/queues";
import { storage } from "@/lib/storage/storage";
import { recordingEventData } from "@/lib/webhooks/event-data";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { describeNumbers, missingChunkNumbers } from "../chunk-rules";
import { combineChunks, type ChunkRow } from "../combine-chunks";
import { runStep } from "./run-step";
import { finishStep, queueStep } from "./step-state";
import { transcribeExpirySeconds } from "./transcribe-step";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("jobs");

/** Seconds between a recording's file being stored and its chunks' deletion. */
const CHUNKS_DELETE_DELAY_SECONDS = 10;

/**
 * Points of a finalize run, in order ("combining": half of the chunks written into the file).
 * `finalizeFaults.at` (tests only: tests/helpers/worker-child.ts sets it in a worker process to
 * SIGKILL itself) runs at each, so a test can kill the worker anywhere and check that nothing is
 * lost and that the step completes elsewhere. Unset in the service.
 */
export type FinalizePoint = "claimed" | "combining" | "stored" | "committed";
export const finalizeFaults: { at?: (point: FinalizePoint) => void | Promise<void> } = {};
const reached = async (point: FinalizePoint) => {
  await finalizeFaults.at?.(point);
};

/**
 * The finalize step (job "recording-finalize"): the recording's chunks, claimed when finalize was
 * asked for (captures are refused since), combined in order into one seekable WebM at the key
 * chosen then; then in ONE transaction the recording becomes finalized, the interview's
 * `updated_at` moves, the step is done, and the next steps are queued (transcribe, and the
 * deletion of the chunks). Killed anywhere before that commit, every chunk is still there and the
 * step runs again (the file is overwritten whole); after it, there is nothing left to redo.
 */
export async function finalizeStep(data: JobData["recording-finalize"], job: JobInfo) {
  return runStep("finalize", data, job, async ({ lease, recording, progress }) => {
    await reached("claimed");
    const d = data.districtId;
    const key = recording.storage_key;
    if (!key || !recording.interview_id || !recording.person_id) throw conflict("This recording was not asked to be finalized.");
    const chunks = await db().$queryRaw<ChunkRow[]>`
      select number, storage_key, size from audio_chunks where recording_id = ${data.recordingId} and district_id = ${d} order by number`;
    const missing = missingChunkNumbers(chunks.map((c) => c.number));
    if (!chunks.length || missing.length) throw conflict(`Chunks ${describeNumbers(missing)} are missing.`);

    let lastReport = 0;
    const half = Math.ceil(chunks.length / 2);
    let combined: { durationMs: number; bytes: number };
    try {
      combined = await combineChunks(chunks, key, async (written) => {
        if (written === half) await reached("combining");
        if (Date.now() - lastReport >= 1000 || written === chunks.length) {
          lastReport = Date.now();
          await progress(written, chunks.length, "chunks");
        }
      });
    } catch (error) {
      // Chunks that cannot be combined: the recorder may re-send them and finalize again.
      if (error instanceof AppError) await releaseClaim(d, data.recordingId);
      throw error;
    }
    await reached("stored");

    const attached = await transactionWithJobs(async (tx, enqueue, enqueueMany) => {
      const [interview] = await tx.$queryRaw<{ id: string }[]>`
        select id from interviews where id = ${recording.interview_id} and person_id = ${recording.person_id} and district_id = ${d} for update`;
      if (!interview) return false;
      await tx.$executeRaw`
        update audio_recordings
           set finalized_at = now(), content_type = 'audio/webm', size = ${combined.bytes}, duration_ms = ${combined.durationMs}, updated_at = now()
         where id = ${data.recordingId} and district_id = ${d} and finalized_at is null`;
      await tx.$executeRaw`update interviews set updated_at = now() where id = ${recording.interview_id} and district_id = ${d}`;
      await finishStep(tx, lease);
      await queueStep(tx, enqueue, data, "transcribe", { expireInSeconds: transcribeExpirySeconds(combined.durationMs) });
      // Due a little later: a worker dying right after this commit (the moment its work is done)
      // cannot already hold the clean-up, which would then wait for the job's expiry.
      await enqueue("chunks-delete", data, { singletonKey: data.recordingId, startAfter: CHUNKS_DELETE_DELAY_SECONDS });
      await emitEvent(tx, { enqueue, enqueueMany }, d, "recording.finalized", () => recordingEventData(tx, d, data.recordingId));
      return true;
    });
    if (!attached) {
      await storage()
        .delete([key])
        .catch((error) => log.error({ err: error }, "could not delete the recording of a deleted interview"));
      throw notFound("Interview");
    }
    await reached("committed");
  });
}

/** Undoes the claim of a finalize that cannot succeed with these chunks, so that they can be sent again. */
async function releaseClaim(districtId: string, recordingId: string) {
  await db().$executeRaw`
    update audio_recordings set storage_key = null where id = ${recordingId} and district_id = ${districtId} and finalized_at is null`;
}
