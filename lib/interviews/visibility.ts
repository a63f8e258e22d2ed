import "server-only";
import { actorPersonId, hasPermission, isMentor, isStaff, type Ctx } from "@/lib/auth/context";
import { db, type Prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { mentorAndCandidatesSql, visiblePeopleWhere } from "@/lib/people/visibility";

/**
 * Staff see every interview of the district and every private field: admins, board
 * members, anyone who may edit interviews, and API keys (admin visibility, limited by scopes).
 */
export const seesAllInterviews = (ctx: Ctx) => isStaff(ctx) || hasPermission(ctx, "interviews:edit");

/**
 * The contract's visibility rule as a query filter: staff see all; a mentor sees the
 * published interviews of their assigned candidates; a candidate their own published ones.
 */
export function visibleInterviewsWhere(ctx: Ctx): Prisma.InterviewWhereInput {
  if (seesAllInterviews(ctx)) return { districtId: ctx.districtId };
  const me = actorPersonId(ctx)!;
  const mine: Prisma.InterviewWhereInput[] = [{ personId: me }];
  if (isMentor(ctx)) {
    mine.push({ person: { mentoredBy: { some: { mentorId: me } } } });
  }
  return { districtId: ctx.districtId, published: true, OR: mine };
}

/** Whose interviews the caller may ask about: everyone for staff, else the people they can see. */
function interviewPeopleWhere(ctx: Ctx): Prisma.PersonWhereInput {
  return seesAllInterviews(ctx) ? { districtId: ctx.districtId } : visiblePeopleWhere(ctx);
}

/** 404 for a person of another district, an unknown one, or one a mentor/candidate may not see. */
export async function assertCanAskAboutPerson(ctx: Ctx, personId: string) {
  const found = await db().person.findFirst({ where: { AND: [interviewPeopleWhere(ctx), { id: personId }] }, select: { id: true } });
  if (!found) throw notFound("Person");
}

/** The same rule as `visibleInterviewsWhere`, as SQL on table alias `alias` (its district included), for plain SQL reads. */
export function visibleInterviewsSql(ctx: Ctx, alias: string, p: (value: unknown) => string): string {
  const districtId = p(ctx.districtId);
  const district = `${alias}.district_id = ${districtId}`;
  if (seesAllInterviews(ctx)) return district;
  const me = p(actorPersonId(ctx)!);
  const whose = isMentor(ctx) ? `${alias}.person_id in ${mentorAndCandidatesSql(districtId, me)}` : `${alias}.person_id = ${me}`;
  return `${district} and ${alias}.published and ${whose}`;
}
