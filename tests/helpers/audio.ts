import { call } from "./api";

export { cut, liveWebm } from "./live-webm";

/** POST /api/audio/capture with a multipart form (fields in this order: recordingId, chunkNumber, audio). */
export function capture(token: string, recordingId: string, chunkNumber: number | string, bytes: Uint8Array, type = "audio/webm;codecs=opus") {
  const form = new FormData();
  form.set("recordingId", recordingId);
  form.set("chunkNumber", String(chunkNumber));
  form.set("audio", new File([new Uint8Array(bytes)], `chunk-${chunkNumber}.webm`, { type }));
  return call("POST", "/api/audio/capture", { token, form });
}

/** Uploads every chunk (numbered from 1), in the given order of indexes. */
export async function captureAll(token: string, recordingId: string, chunks: Buffer[], order = chunks.map((_, i) => i)) {
  for (const i of order) {
    const res = await capture(token, recordingId, i + 1, chunks[i]);
    if (res.status !== 200) throw new Error(`capture ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

export const newRecordingId = (label = "rec") => `${label}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Waits until no server-side step of the recording is queued or running (the pipeline after
 * finalize: transcribe → summarize → translate), through its status URL; returns the steps.
 */
export async function pipelineSettled(token: string, recordingId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `/api/audio/recordings/${recordingId}`, { token });
    const steps = (res.body?.steps ?? []) as { step: string; state: string; error: string | null }[];
    if (res.status === 200 && steps.length && steps.every((s) => !["queued", "running"].includes(s.state))) return steps;
    if (Date.now() > deadline) throw new Error(`The pipeline of ${recordingId} did not settle: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
