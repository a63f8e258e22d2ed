import "server-only";
import { interviewChannel, RECORDING_CHANGED_EVENT, type RecordingChange } from "@/lib/audio/recording-events.shared";
import type { Tx } from "@/lib/db/client";
import { recordingKeys } from "@/lib/interviews/stored-keys";
import { publishBatch } from "@/lib/realtime/publish";
import type { Emit } from "@/lib/webhooks/emit-event";

/** Recordings deleted by deleteRecordingRows: what was stored, and which interview pages to tell. */
export type DeletedRecordings = { keys: string[]; recordings: { id: string; interviewId: string | null }[] };

/**
 * Deletes these recordings of the district in the caller's transaction, as DELETE
 * /api/audio/recordings/:id does (lib/audio/delete-recording.ts) but many at once: their rows, and
 * with them (foreign keys and triggers) their transcript segments, steps, chunk rows, translations
 * and search entries; their interviews' `updated_at` moves; with `emit`, each saved one sends
 * `recording.deleted`. Returns the storage keys of their files and chunks, which the caller
 * deletes once committed (a failed delete then leaves an unreferenced file, never a row without
 * its bytes).
 */
export async function deleteRecordingRows(tx: Tx, districtId: string, ids: string[], emit?: Emit): Promise<DeletedRecordings> {
  if (!ids.length) return { keys: [], recordings: [] };
  const rows = await tx.audioRecording.findMany({
    where: { districtId, id: { in: ids } },
    select: { id: true, interviewId: true, personId: true, name: true, finalizedAt: true, storageKey: true, chunks: { select: { storageKey: true } } },
  });
  await tx.audioRecording.deleteMany({ where: { districtId, id: { in: ids } } });
  const interviewIds = [...new Set(rows.flatMap((r) => (r.interviewId ? [r.interviewId] : [])))];
  await tx.$executeRaw`update interviews set updated_at = now() where district_id = ${districtId} and id = any(${interviewIds}::text[])`;
  if (emit) {
    const deletedAt = Date.now();
    for (const r of rows.filter((r) => r.finalizedAt && r.interviewId && r.personId)) {
      await emit("recording.deleted", () => ({ id: r.id, interview_id: r.interviewId, person_id: r.personId, name: r.name, deleted_at: deletedAt }));
    }
  }
  return { keys: recordingKeys(districtId, rows), recordings: rows.map((r) => ({ id: r.id, interviewId: r.interviewId })) };
}

/** After the commit: open interview pages drop the deleted recordings (as after a single delete). */
export async function announceDeletedRecordings(recordings: DeletedRecordings["recordings"]) {
  await publishBatch(
    recordings.flatMap((r) =>
      r.interviewId
        ? [{ channel: interviewChannel(r.interviewId), name: RECORDING_CHANGED_EVENT, data: { recording_id: r.id, deleted: 1 } satisfies RecordingChange }]
        : [],
    ),
  );
}
