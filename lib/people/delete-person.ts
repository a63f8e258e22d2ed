import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/app-error";
import { interviewAudience } from "@/lib/interviews/interview-audience";
import { recordingKeys, recordingStorageSelect } from "@/lib/interviews/stored-keys";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { storage } from "@/lib/storage/storage";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { assertAnotherActiveAdmin, assertCallerCovers, holdsAdminRole, lockDistrictAdmins } from "./rights";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("storage");

/**
 * Deletes the person and everything that belongs to them: files, photo, interviews with
 * their attachments and recordings, mentor links, sessions (all by cascade), then the stored
 * bytes. Only a caller holding every right the person holds may do it, and never to the
 * district's last active administrator. The person's sockets end, and so do those of everyone
 * who could see one of their interviews.
 */
export async function deletePerson(ctx: Ctx, id: string) {
  const { keys, audience } = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const where = { id, districtId: ctx.districtId };
    await lockDistrictAdmins(tx, ctx.districtId);
    const person = await tx.person.findFirst({
      where,
      select: {
        roles: true,
        archived: true,
        avatarKey: true,
        files: { select: { storageKey: true } },
        interviews: { select: { id: true, published: true, ...recordingStorageSelect, files: { select: { storageKey: true } } } },
      },
    });
    if (!person) throw notFound("Person");
    const held = Object.keys((person.roles ?? {}) as Record<string, unknown>);
    await assertCallerCovers(ctx, tx, held, "delete this person");
    if (!person.archived && (await holdsAdminRole(tx, ctx.districtId, held))) {
      await assertAnotherActiveAdmin(tx, ctx.districtId, [id], "This person cannot be deleted");
    }
    const audience = person.interviews.length
      ? await interviewAudience(
          tx,
          ctx.districtId,
          id,
          person.interviews.some((i) => i.published),
        )
      : [];
    await tx.person.delete({ where });
    // The interviews went with the person: each says so too.
    for (const interview of person.interviews) await emit("interview.deleted", () => ({ id: interview.id, person_id: id }));
    await emit("person.deleted", () => ({ id }));
    const keys = [
      ...(person.avatarKey ? [person.avatarKey] : []),
      ...person.files.map((f) => f.storageKey),
      ...person.interviews.flatMap((i) => [...i.files.map((f) => f.storageKey), ...recordingKeys(ctx.districtId, i.recordings)]),
    ];
    return { keys, audience };
  });
  await endRealtimeAccess([id, ...audience]);
  // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
  await storage()
    .delete(keys)
    .catch((error) => log.error({ err: error }, "could not delete stored files"));
  return { ok: true as const };
}
