import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { recordingKeys } from "@/lib/interviews/stored-keys";
import { storage } from "@/lib/storage/storage";

/**
 * Deletes the person and everything that belongs to them: files, photo, interviews with
 * their attachments and recordings, mentor links, sessions (all by cascade), then the stored bytes.
 */
export async function deletePerson(ctx: Ctx, id: string) {
  const keys = await db().$transaction(async (tx) => {
    const person = await tx.person.findFirst({
      where: { id, districtId: ctx.districtId },
      select: {
        avatarKey: true,
        files: { select: { storageKey: true } },
        interviews: { select: { audio: true, files: { select: { storageKey: true } } } },
      },
    });
    if (!person) throw notFound("Person");
    await tx.person.delete({ where: { id } });
    return [
      ...(person.avatarKey ? [person.avatarKey] : []),
      ...person.files.map((f) => f.storageKey),
      ...person.interviews.flatMap((i) => [...i.files.map((f) => f.storageKey), ...recordingKeys(ctx.districtId, i.audio)]),
    ];
  });
  // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
  await storage().delete(keys).catch((error) => console.error("could not delete stored files", error));
  return { ok: true as const };
}
