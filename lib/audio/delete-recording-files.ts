import "server-only";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

/**
 * The job "recording-files-delete": deletes again the stored files of a deleted recording (its
 * file, and chunks not yet removed), in case the delete right after its commit failed or the
 * process stopped there. Deleting a missing object is not an error. A key that a recording or a
 * chunk names again (a recorder re-using the id after the delete) is left alone.
 */
export async function deleteRecordingFiles(districtId: string, keys: string[]) {
  const inUse = await db().$queryRaw<{ key: string }[]>`
    select storage_key as key from audio_recordings where district_id = ${districtId} and storage_key = any(${keys}::text[])
    union select storage_key from audio_chunks where district_id = ${districtId} and storage_key = any(${keys}::text[])`;
  const used = new Set(inUse.map((r) => r.key));
  const gone = keys.filter((k) => !used.has(k));
  await storage().delete(gone);
  return { deleted: gone.length };
}
