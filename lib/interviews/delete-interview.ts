import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { recordingKeys, recordingStorageSelect } from "./stored-keys";

/** Deletes the interview with its responses, recordings and attachments (rows by cascade, then bytes). */
export async function deleteInterview(ctx: Ctx, personId: string, id: string) {
  const keys = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const where = { id, personId, districtId: ctx.districtId };
    const row = await tx.interview.findFirst({ where, select: { ...recordingStorageSelect, files: { select: { storageKey: true } } } });
    if (!row) throw notFound("Interview");
    await tx.interview.deleteMany({ where });
    await emit("interview.deleted", () => ({ id, person_id: personId }));
    return [...row.files.map((f) => f.storageKey), ...recordingKeys(ctx.districtId, row.recordings)];
  });
  // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
  await storage().delete(keys).catch((error) => console.error("could not delete stored files", error));
  return { ok: true as const };
}
