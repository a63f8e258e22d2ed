import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertMayDefine } from "./assert-may-define";
import type { RoleInput } from "./schemas";
import { roleSelect, toRole } from "./serialize-role";

export async function createRole(ctx: Ctx, input: RoleInput) {
  assertMayDefine(ctx, input);
  return toRole(await db().role.create({ data: { ...input, districtId: ctx.districtId }, select: roleSelect }));
}
