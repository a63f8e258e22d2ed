import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";
import { lockDistrictAdmins } from "@/lib/people/rights";
import { assertMayDefine } from "./assert-may-define";
import { roleSelect } from "./serialize-role";

/** A role still held by someone cannot be deleted: people would silently lose access. */
export async function deleteRole(ctx: Ctx, id: string) {
  await db().$transaction(async (tx) => {
    const where = { id, districtId: ctx.districtId };
    // The same lock as role assignments: nobody is given the role while it is being deleted.
    await lockDistrictAdmins(tx, ctx.districtId);
    const role = await tx.role.findFirst({ where, select: roleSelect });
    if (!role) throw notFound("Role");
    assertMayDefine(ctx, role);
    const [{ holders }] = await tx.$queryRaw<{ holders: number }[]>`
      select count(*)::int as holders from people where district_id = ${ctx.districtId} and jsonb_exists(roles, ${id})`;
    if (holders) throw conflict(`This role is held by ${holders} ${holders === 1 ? "person" : "people"}; remove it from them first.`);
    await tx.role.deleteMany({ where });
  });
  return { ok: true as const };
}
