import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";

/** Interviews created with the profile keep their record; their profile_id becomes null (FK: set null). */
export async function deleteProfile(ctx: Ctx, id: string) {
  const { count } = await db().profile.deleteMany({ where: { id, districtId: ctx.districtId } });
  if (!count) throw notFound("Profile");
  return { ok: true as const };
}
