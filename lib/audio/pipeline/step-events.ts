import "server-only";
import { publish } from "@/lib/realtime/publish";
import type { StepRow } from "./step-state";

/** The channel of an interview's page: everyone who may see the interview may subscribe (lib/messages/authorize-realtime-channel.ts). */
export const INTERVIEW_CHANNEL_PREFIX = "private-interview-";
export const RECORDING_STEP_EVENT = "recording-step";

export const interviewChannel = (interviewId: string) => `${INTERVIEW_CHANNEL_PREFIX}${interviewId}`;

/** A step as the status URL, the interview's `audio` map and the realtime event show it. */
export function serializeStep(row: Pick<StepRow, "step" | "state" | "progress_done" | "progress_total" | "progress_unit" | "attempts" | "error" | "updated_at">) {
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
