import { hasPermission, isStaff, type Ctx } from "@/lib/auth/context";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { seesAllInterviews } from "@/lib/interviews/visibility";
import { getPerson } from "./get-person";

export async function getMe(ctx: Ctx) {
  if (ctx.actor.type !== "person") throw new Error("session only");
  const [person, district] = await Promise.all([
    getPerson(ctx, ctx.actor.personId),
    db().district.findUniqueOrThrow({ where: { id: ctx.districtId }, select: { id: true, name: true } }),
  ]);
  return {
    person,
    district,
    kinds: [...ctx.actor.kinds],
    permissions: PERMISSIONS.filter((p) => hasPermission(ctx, p)),
    staff: isStaff(ctx),
    sees_all_interviews: seesAllInterviews(ctx),
  };
}

/** Deletes the calling session: the same token is refused (401) from the next request on. */
export async function signOutEverywhere(ctx: Ctx) {
  if (ctx.actor.type !== "person") throw new Error("session only");
  await db().session.deleteMany({ where: { sessionToken: ctx.actor.sessionToken } });
  return { ok: true as const };
}
