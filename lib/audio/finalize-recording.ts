import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError, conflict } from "@/lib/errors/app-error";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { fileUrl } from "@/lib/storage/file-names";
import { describeNumbers, missingChunkNumbers } from "./chunk-rules";
import { queueStep } from "./pipeline/step-state";
import { stepFailure, waitForStep } from "./pipeline/wait-for-step";
import { findRecordableInterview, isOwnedBy, recordingNotFound } from "./recording-access";
import type { FinalizeInput } from "./schemas";

/** Where a finalized recording lives: the URL's path is this key, `{base_url}/files/<key>`. */
const recordingKey = (districtId: string, personId: string, recordingId: string) => `${districtId}/audio/${personId}/${recordingId}.webm`;

type RecordingClaim = {
  finalized_at: Date | null;
  interview_id: string | null;
  person_id: string | null;
  storage_key: string | null;
  duration_ms: number | null;
};

const answer = (ctx: Ctx, recordingId: string, key: string, durationMs: number | null) => ({
  ok: true as const,
  recordingId,
  url: fileUrl(ctx.origin, key),
  duration_ms: durationMs ?? 0,
});

export type FinalizeOutcome = { done: ReturnType<typeof answer> } | { accepted: true };

const otherInterview = () =>
  conflict("This recording is already finalized, for another interview.", [{ path: "recordingId", message: "finalized for another interview" }]);

/**
 * POST /api/audio/finalize. Checks the caller may record the interview and that chunks 1..N are
 * all there (409 naming the missing numbers otherwise, chunk 1 included), then, in ONE
 * transaction under the recording's row lock, binds the recording to the interview (captures are
 * refused from then on) and queues the finalize step, which a worker runs
 * (lib/audio/pipeline/finalize-step.ts) and which queues transcription, summary and translations
 * in turn. Asking again joins the queued or running step; once finalized it answers the same, and
 * for another interview 409. Waits for the step unless `wait` is false (Prefer: respond-async).
 */
export async function finalizeRecording(ctx: Ctx, input: FinalizeInput, { wait = true }: { wait?: boolean } = {}): Promise<FinalizeOutcome> {
  const { recordingId, personId, interviewId } = input;
  await findRecordableInterview(ctx, personId, interviewId);
  const rec = await db().audioRecording.findFirst({ where: { id: recordingId, districtId: ctx.districtId } });
  if (!rec || !isOwnedBy(ctx, rec)) throw recordingNotFound();
  const ref = { districtId: ctx.districtId, recordingId };

  const claim = await transactionWithJobs(async (tx, enqueue) => {
    const d = ctx.districtId;
    const [row] = await tx.$queryRaw<RecordingClaim[]>`
      select finalized_at, interview_id, person_id, storage_key, duration_ms from audio_recordings where id = ${recordingId} and district_id = ${d} for update`;
    if (!row) throw recordingNotFound();
    const bound = row.interview_id !== null && row.storage_key !== null;
    if (bound && (row.interview_id !== interviewId || row.person_id !== personId)) throw otherInterview();
    if (row.finalized_at) return row;
    const step = await tx.$queryRaw<{ state: string }[]>`
      select state from recording_steps where recording_id = ${recordingId} and step = 'finalize' and district_id = ${d}`;
    if (bound && ["queued", "running"].includes(step[0]?.state ?? "")) return row; // join the step under way
    const numbers = await tx.$queryRaw<{ number: number }[]>`
      select number from audio_chunks where recording_id = ${recordingId} and district_id = ${d} order by number`;
    if (!numbers.length) throw conflict("This recording has no chunks: upload them with POST /api/audio/capture first.");
    const missing = missingChunkNumbers(numbers.map((c) => c.number));
    if (missing.length) {
      throw conflict(
        `Chunks ${describeNumbers(missing)} are missing: upload them, then finalize again.`,
        missing.slice(0, 1000).map((n) => ({ path: `chunks.${n}`, message: `Chunk ${n} is missing.` })),
      );
    }
    const key = recordingKey(d, personId, recordingId);
    await tx.$executeRaw`
      update audio_recordings set interview_id = ${interviewId}, person_id = ${personId}, name = ${JSON.stringify(input.name)}::jsonb,
             storage_key = ${key}, updated_at = now()
       where id = ${recordingId} and district_id = ${d}`;
    await queueStep(tx, enqueue, ref, "finalize");
    return { ...row, interview_id: interviewId, person_id: personId, storage_key: key };
  });
  if (claim.finalized_at) return { done: answer(ctx, recordingId, claim.storage_key!, claim.duration_ms) };
  if (!wait) return { accepted: true };

  const step = await waitForStep(ref, "finalize");
  if (!step) return { accepted: true };
  if (step.state === "failed") throw stepFailure(step);
  const done = await db().audioRecording.findFirst({
    where: { id: recordingId, districtId: ctx.districtId },
    select: { storageKey: true, durationMs: true, finalizedAt: true },
  });
  if (!done?.finalizedAt || !done.storageKey) throw new AppError("internal", "Finalize ended without a recording.");
  return { done: answer(ctx, recordingId, done.storageKey, done.durationMs) };
}
