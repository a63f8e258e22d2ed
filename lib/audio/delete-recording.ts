import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { recordingKeys } from "@/lib/interviews/stored-keys";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { publish } from "@/lib/realtime/publish";
import { storage } from "@/lib/storage/storage";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { findEditableRecording, recordingNotFound } from "./recording-access";
import { interviewChannel, RECORDING_CHANGED_EVENT, type RecordingChange } from "./recording-events.shared";

/** When the job that deletes the files again runs: the delete after the commit has long finished by then. */
const FILES_DELETE_DELAY_SECONDS = 60;

type Deleted = { storage_key: string | null; name: Record<string, string> };

/**
 * DELETE /api/audio/recordings/:recordingId: deletes a saved recording, for whoever may edit its
 * interview (lib/audio/recording-access.ts). In ONE transaction, under the recording's row lock:
 * the row goes, and with it (foreign keys) its steps, transcript segments and chunk rows, (a
 * trigger) the translations of its transcript, summary and segments, and (the search index's
 * trigger) its search entries; the interview's `updated_at` moves; `recording.deleted` is
 * recorded; a job is queued to delete its files again later. After the commit its files are
 * deleted (a failure leaves them to that job, never a row naming a missing file), and open
 * interview pages hear `recording-changed`. A pipeline step still queued finds no step to run;
 * one running loses its lease and writes nothing (lib/audio/pipeline/run-step.ts).
 */
export async function deleteRecording(ctx: Ctx, recordingId: string) {
  const rec = await findEditableRecording(ctx, recordingId);
  const d = ctx.districtId;
  const keys = await transactionWithJobs(async (tx, enqueue, enqueueMany) => {
    const [row] = await tx.$queryRaw<Deleted[]>`
      select storage_key, name from audio_recordings where id = ${recordingId} and district_id = ${d} and finalized_at is not null for update`;
    if (!row) throw recordingNotFound(); // deleted meanwhile
    const chunks = await tx.$queryRaw<{ storageKey: string }[]>`
      select storage_key as "storageKey" from audio_chunks where recording_id = ${recordingId} and district_id = ${d}`;
    await tx.$executeRaw`delete from audio_recordings where id = ${recordingId} and district_id = ${d}`;
    await tx.$executeRaw`update interviews set updated_at = now() where id = ${rec.interviewId} and district_id = ${d}`;
    const keys = recordingKeys(d, [{ storageKey: row.storage_key, chunks }]);
    if (keys.length) await enqueue("recording-files-delete", { districtId: d, keys }, { startAfter: FILES_DELETE_DELAY_SECONDS });
    await emitEvent(tx, { enqueue, enqueueMany }, d, "recording.deleted", () => ({
      id: recordingId,
      interview_id: rec.interviewId,
      person_id: rec.personId,
      name: row.name,
      deleted_at: Date.now(),
    }));
    return keys;
  });
  await storage()
    .delete(keys)
    .catch((error) => console.error(`[audio] could not delete the files of recording ${recordingId} (a job tries again)`, error));
  const change: RecordingChange = { recording_id: recordingId, deleted: 1 };
  await publish(interviewChannel(rec.interviewId), RECORDING_CHANGED_EVENT, change);
  return { ok: true as const };
}
