import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { terminateUserConnections } from "@/lib/realtime/publish";

/**
 * Signs a person out everywhere, as archiving does: their sessions are deleted (the next
 * request with one is a 401), then their open sockets close, now that the deletion is committed.
 */
export async function endPersonSessions(ctx: Ctx, personId: string) {
  const person = await db().person.findFirst({ where: { id: personId, districtId: ctx.districtId }, select: { id: true } });
  if (!person) throw notFound("Person");
  await db().session.deleteMany({ where: { personId: person.id, person: { districtId: ctx.districtId } } });
  await terminateUserConnections(person.id);
  return { ok: true as const };
}
