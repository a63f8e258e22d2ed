import { hasPermission, isStaff, type Ctx } from "@/lib/auth/context";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { forbidden } from "@/lib/errors/app-error";

/**
 * People editors manage memberships, not privileges. Without this check a holder of
 * people:edit alone could give themself (or anyone) the admin role, or take it away from
 * the district's admins. So a role may only be granted or removed by someone who holds at
 * least what the role carries: its permissions, and the staff visibility of the admin and
 * board kinds. Admins and settings holders (who define the roles anyway) may grant any role;
 * so may API keys, which only admins create and scopes already limit.
 */
export async function assertMayChangeRoles(ctx: Ctx, before: Record<string, unknown>, after: Record<string, unknown> | undefined) {
  if (!after || ctx.actor.type === "key") return;
  if (ctx.actor.kinds.has("admin") || ctx.actor.permissions.has("settings")) return;
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((id) => !(id in before) || !(id in after));
  if (!changed.length) return;
  const roles = await db().role.findMany({ where: { districtId: ctx.districtId, id: { in: changed } }, select: { name: true, kind: true, permissions: true } });
  const mine = new Set(PERMISSIONS.filter((p) => hasPermission(ctx, p)));
  for (const role of roles) {
    const beyond =
      role.kind === "admin" || (role.kind === "board" && !isStaff(ctx)) || role.permissions.some((p) => !mine.has(p as (typeof PERMISSIONS)[number]));
    if (beyond) throw forbidden(`Only an administrator or a settings holder can grant or remove the role "${role.name}".`);
  }
}
