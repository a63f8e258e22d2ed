import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { profileSelect, serializeProfile } from "./serialize-profile";

export async function getProfile(ctx: Ctx, id: string) {
  const row = await db().profile.findFirst({ where: { id, districtId: ctx.districtId }, select: profileSelect });
  if (!row) throw notFound("Profile");
  return serializeProfile(row);
}
