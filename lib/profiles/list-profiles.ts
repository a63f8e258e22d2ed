import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { profileSelect, serializeProfile } from "./serialize-profile";

export async function listProfiles(ctx: Ctx) {
  const rows = await db().profile.findMany({ where: { districtId: ctx.districtId }, select: profileSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(serializeProfile);
}
