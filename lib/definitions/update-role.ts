import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { losesInterviewSight } from "@/lib/interviews/interview-audience";
import { assertAnotherActiveAdmin, lockDistrictAdmins } from "@/lib/people/rights";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { assertMayDefine } from "./assert-may-define";
import type { RoleUpdate } from "./schemas";
import { roleSelect, toRole } from "./serialize-role";

/**
 * Both what the role carried and what it will carry must be within the caller's rights. When the
 * role stops showing some interviews, its holders' sockets end after the commit (they reconnect
 * authorised afresh from the database).
 */
export async function updateRole(ctx: Ctx, id: string, input: RoleUpdate) {
  const { role, lostSight } = await db().$transaction(async (tx) => {
    const where = { id, districtId: ctx.districtId };
    await lockDistrictAdmins(tx, ctx.districtId);
    const current = await tx.role.findFirst({ where, select: roleSelect });
    if (!current) throw notFound("Role");
    const next = { kind: input.kind ?? current.kind, permissions: input.permissions ?? current.permissions };
    assertMayDefine(ctx, current);
    assertMayDefine(ctx, next);
    if (current.kind === "admin" && next.kind !== "admin") {
      const holders = await tx.$queryRaw<{ id: string }[]>`
        select id from people where district_id = ${ctx.districtId} and jsonb_exists(roles, ${id})`;
      await assertAnotherActiveAdmin(
        tx,
        ctx.districtId,
        holders.map((h) => h.id),
        "This role cannot stop being an administrator role",
      );
    }
    const lostSight = losesInterviewSight([current], [next])
      ? (await tx.$queryRaw<{ id: string }[]>`select id from people where district_id = ${ctx.districtId} and jsonb_exists(roles, ${id})`).map((h) => h.id)
      : [];
    return { role: toRole(await tx.role.update({ where, data: input, select: roleSelect })), lostSight };
  });
  await endRealtimeAccess(lostSight);
  return role;
}
