import { actorPersonId, seesAllPeople, type Ctx } from "@/lib/auth/context";
import type { Prisma } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";

/**
 * Who sees whom: staff (admin and board kinds, anyone who may edit people or settings, and
 * API keys) see the whole district; a mentor sees themself and their assigned candidates;
 * everyone else sees only themself. Anything outside that is "not found".
 */
export function visiblePeopleWhere(ctx: Ctx): Prisma.PersonWhereInput {
  if (seesAllPeople(ctx)) return { districtId: ctx.districtId };
  const me = actorPersonId(ctx)!;
  if (ctx.actor.type === "person" && ctx.actor.kinds.has("mentor")) {
    return { districtId: ctx.districtId, OR: [{ id: me }, { mentoredBy: { some: { mentorId: me } } }] };
  }
  return { districtId: ctx.districtId, id: me };
}

export async function assertCanSeePerson(ctx: Ctx, personId: string) {
  const found = await db().person.findFirst({ where: { AND: [visiblePeopleWhere(ctx), { id: personId }] }, select: { id: true } });
  if (!found) throw notFound("Person");
}
