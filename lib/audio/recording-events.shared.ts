/*
 * The realtime event of a recording's server-side steps, shared by the server (which publishes
 * it) and the interview page (which shows it): `recording-step` on `private-interview-<id>`,
 * a channel everyone who may see the interview may subscribe to.
 */
export const INTERVIEW_CHANNEL_PREFIX = "private-interview-";
export const RECORDING_STEP_EVENT = "recording-step";

export const interviewChannel = (interviewId: string) => `${INTERVIEW_CHANNEL_PREFIX}${interviewId}`;

/**
 * A recording renamed (`{ recording_id, name }`) or deleted (`{ recording_id, deleted: 1 }`), on
 * the same channel: open interview pages show the new name, or drop the recording.
 */
export const RECORDING_CHANGED_EVENT = "recording-changed";

export type RecordingChange = { recording_id: string } & ({ name: Record<string, string> } | { deleted: 1 });
