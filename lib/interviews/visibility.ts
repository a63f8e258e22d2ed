import { actorPersonId, hasPermission, isStaff, type Ctx } from "@/lib/auth/context";
import type { Prisma } from "@/lib/db/client";

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
  if (ctx.actor.type === "person" && ctx.actor.kinds.has("mentor")) {
    mine.push({ person: { mentoredBy: { some: { mentorId: me } } } });
  }
  return { districtId: ctx.districtId, published: true, OR: mine };
}
