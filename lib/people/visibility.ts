import "server-only";
import { actorPersonId, isMentor, seesAllPeople, type Ctx } from "@/lib/auth/context";
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
  if (isMentor(ctx)) {
    return { districtId: ctx.districtId, OR: [{ id: me }, { mentoredBy: { some: { mentorId: me } } }] };
  }
  return { districtId: ctx.districtId, id: me };
}

export async function assertCanSeePerson(ctx: Ctx, personId: string) {
  const found = await db().person.findFirst({ where: { AND: [visiblePeopleWhere(ctx), { id: personId }] }, select: { id: true } });
  if (!found) throw notFound("Person");
}

/**
 * A mentor and their candidates, as a subquery of ids (`district` and `me` are placeholders).
 * Written as a set rather than "is me, or has an assignment to me" tested row by row, so the
 * database starts from the mentor's few assignments and looks their rows up by index, instead
 * of reading the whole district: a mentor's list costs the same in a district of 200 or 50,000.
 */
export const mentorAndCandidatesSql = (district: string, me: string) =>
  `(select ${me}::text union all select m.candidate_id from mentor_assignments m where m.district_id = ${district} and m.mentor_id = ${me})`;

/** The same rule as `visiblePeopleWhere`, as SQL on table alias `alias` (its district included), for plain SQL reads. */
export function visiblePeopleSql(ctx: Ctx, alias: string, p: (value: unknown) => string): string {
  const districtId = p(ctx.districtId);
  const district = `${alias}.district_id = ${districtId}`;
  if (seesAllPeople(ctx)) return district;
  const me = p(actorPersonId(ctx)!);
  if (isMentor(ctx)) {
    return `${district} and ${alias}.id in ${mentorAndCandidatesSql(districtId, me)}`;
  }
  return `${district} and ${alias}.id = ${me}`;
}
