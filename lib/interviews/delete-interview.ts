import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { queueInvitationSync } from "@/lib/calendar/queue-invitation-sync";
import { notFound } from "@/lib/errors/app-error";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { storage } from "@/lib/storage/storage";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { interviewAudience } from "./interview-audience";
import { recordingKeys, recordingStorageSelect } from "./stored-keys";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("storage");

/**
 * Deletes the interview with its responses, recordings and attachments (rows by cascade, then
 * bytes). Everyone who could see it loses its recordings' channel: a step still running may
 * publish on it for a while.
 */
export async function deleteInterview(ctx: Ctx, personId: string, id: string) {
  const { keys, audience, scheduled } = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const where = { id, personId, districtId: ctx.districtId };
    const row = await tx.interview.findFirst({
      where,
      select: { published: true, startsAt: true, ...recordingStorageSelect, files: { select: { storageKey: true } } },
    });
    if (!row) throw notFound("Interview");
    const audience = await interviewAudience(tx, ctx.districtId, personId, row.published);
    await tx.interview.deleteMany({ where });
    await emit("interview.deleted", () => ({ id, person_id: personId }));
    return { keys: [...row.files.map((f) => f.storageKey), ...recordingKeys(ctx.districtId, row.recordings)], audience, scheduled: row.startsAt !== null };
  });
  // Its invitations' CANCELs (the invitation rows outlive the interview until they are sent).
  if (scheduled) await queueInvitationSync(ctx.districtId, [id]);
  await endRealtimeAccess(audience);
  // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
  await storage()
    .delete(keys)
    .catch((error) => log.error({ err: error }, "could not delete stored files"));
  return { ok: true as const };
}
