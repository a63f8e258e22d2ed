import "server-only";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import type { RecordingStepName } from "@/lib/jobs/queues";
import { queueStep, type RecordingRef } from "./step-state";

const STEPS: ReadonlySet<string> = new Set(["finalize", "transcribe", "summarize", "translate"]);

/** An admin's retry of a step that failed for good: queued again, with the input it was asked with. */
export async function queueFailedStep(ref: RecordingRef, step: string) {
  if (!STEPS.has(step)) return;
  await transactionWithJobs(async (tx, enqueue) => {
    const [row] = await tx.$queryRaw<{ input: unknown }[]>`
      select input from recording_steps where recording_id = ${ref.recordingId} and step = ${step} and district_id = ${ref.districtId} and state = 'failed' for update`;
    if (row) await queueStep(tx, enqueue, ref, step as RecordingStepName, { input: row.input ?? undefined });
  });
}
