import "server-only";
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

/** The same rule as `visiblePeopleWhere`, as SQL on table alias `alias` (its district included), for plain SQL reads. */
export function visiblePeopleSql(ctx: Ctx, alias: string, p: (value: unknown) => string): string {
  const district = `${alias}.district_id = ${p(ctx.districtId)}`;
  if (seesAllPeople(ctx)) return district;
  const me = p(actorPersonId(ctx)!);
  if (ctx.actor.type === "person" && ctx.actor.kinds.has("mentor")) {
    return `${district} and (${alias}.id = ${me} or exists (select 1 from mentor_assignments m where m.district_id = ${alias}.district_id and m.candidate_id = ${alias}.id and m.mentor_id = ${me}))`;
  }
  return `${district} and ${alias}.id = ${me}`;
}
