import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { findVisibleInterview } from "@/lib/interviews/find-interview";
import { acceptedResponse } from "@/lib/http/prefer-async";
import { fileUrl } from "@/lib/storage/file-names";
import { serializeStep } from "./pipeline/step-events";
import { readSteps } from "./pipeline/step-state";
import { isOwnedBy, recordingNotFound } from "./recording-access";
import { recordingStatusUrl } from "./recording-status-url";

/**
 * GET /api/audio/recordings/:recordingId: how the recording's server-side steps stand (state,
 * progress, error, attempts). For whoever may see its interview once it is bound to one (finalize
 * asked for), and before that for the caller who records it; 404 for anyone else.
 */
export async function recordingStatus(ctx: Ctx, recordingId: string) {
  const rec = await db().audioRecording.findFirst({
    where: { id: recordingId, districtId: ctx.districtId },
    select: { id: true, interviewId: true, personId: true, ownerPersonId: true, ownerKeyId: true, storageKey: true, finalizedAt: true, durationMs: true },
  });
  if (!rec) throw recordingNotFound();
  if (rec.interviewId && rec.personId) await findVisibleInterview(ctx, rec.personId, rec.interviewId).catch(() => Promise.reject(recordingNotFound()));
  else if (!isOwnedBy(ctx, rec)) throw recordingNotFound();
  const steps = await readSteps({ districtId: ctx.districtId, recordingId });
  return {
    recording_id: rec.id,
    interview_id: rec.interviewId,
    person_id: rec.personId,
    finalized: rec.finalizedAt ? (1 as const) : (0 as const),
    url: rec.finalizedAt && rec.storageKey ? fileUrl(ctx.origin, rec.storageKey) : null,
    duration_ms: rec.durationMs,
    steps: steps.map(serializeStep),
  };
}

/** The 202 of a step asked for with Prefer: respond-async (or still running when a request stops waiting). */
export function acceptedAnswer(ctx: Ctx, recordingId: string, honoured: boolean) {
  return acceptedResponse({ ok: true, recordingId, status: "accepted", status_url: recordingStatusUrl(ctx.origin, recordingId) }, honoured);
}
