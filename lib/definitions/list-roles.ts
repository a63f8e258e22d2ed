import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { roleSelect, toRole } from "./serialize-role";

export async function listRoles(ctx: Ctx) {
  const rows = await db().role.findMany({ where: { districtId: ctx.districtId }, select: roleSelect, orderBy: { createdAt: "asc" } });
  return rows.map(toRole);
}
