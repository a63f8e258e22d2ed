import "server-only";
import { publish } from "@/lib/realtime/publish";
import { interviewChannel, RECORDING_STEP_EVENT } from "../recording-events.shared";
import type { StepRow } from "./step-state";

/** A step as the status URL, the interview's `audio` map and the realtime event show it. */
export function serializeStep(
  row: Pick<StepRow, "step" | "state" | "progress_done" | "progress_total" | "progress_unit" | "attempts" | "error" | "updated_at">,
) {
  return {
    step: row.step,
    state: row.state,
    progress: { done: row.progress_done, total: row.progress_total, unit: row.progress_unit },
    attempts: row.attempts,
    error: row.error,
    updated_at: row.updated_at.getTime(),
  };
}

export type SerializedStep = ReturnType<typeof serializeStep>;

/** Tells the interview's open pages how a recording's step stands (never throws: pages also refetch). */
export async function publishStep(interviewId: string | null, recordingId: string, step: SerializedStep) {
  if (!interviewId) return;
  await publish(interviewChannel(interviewId), RECORDING_STEP_EVENT, { recording_id: recordingId, ...step });
}
