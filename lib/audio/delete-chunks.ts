import "server-only";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";

/** Chunks deleted from storage at a time: a 2-hour recording has 7,200 of them. */
const BATCH = 256;

/**
 * Removes a recording's chunks: their bytes first, then their rows, batch by batch. Stopped
 * half-way (a crash), the rows left still name bytes to delete (deleting a missing object is not
 * an error), so running it again finishes the job; never a row whose bytes nobody would delete.
 */
export async function deleteChunks(districtId: string, recordingId: string) {
  for (;;) {
    const rows = await db().audioChunk.findMany({
      where: { recordingId, districtId },
      select: { number: true, storageKey: true },
      orderBy: { number: "asc" },
      take: BATCH,
    });
    if (!rows.length) return;
    await storage().delete(rows.map((r) => r.storageKey));
    await db().audioChunk.deleteMany({ where: { recordingId, districtId, number: { in: rows.map((r) => r.number) } } });
  }
}
