import type { Ctx } from "@/lib/auth/context";
import { PERMISSIONS, type Permission } from "@/lib/auth/permissions";
import type { Db } from "@/lib/db/client";
import { conflict, forbidden } from "@/lib/errors/app-error";

/** What counts when one person acts on another: permissions, and the staff kinds (admin outranks board). */
export type Rights = { permissions: ReadonlySet<Permission>; admin: boolean; board: boolean };

type RoleDefinition = { kind: string; permissions: string[] };
type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** The rights a set of roles carries; an admin-kind role carries every permission. */
export function rightsOfRoles(roles: RoleDefinition[]): Rights {
  const admin = roles.some((r) => r.kind === "admin");
  const permissions = new Set<Permission>(admin ? PERMISSIONS : roles.flatMap((r) => r.permissions as Permission[]));
  return { permissions, admin, board: admin || roles.some((r) => r.kind === "board") };
}

/** A person's rights from their session; an API key holds none here, only its scopes. */
export function rightsOfCaller(ctx: Ctx): Rights {
  if (ctx.actor.type === "key") return { permissions: new Set(), admin: false, board: false };
  const admin = ctx.actor.kinds.has("admin");
  return { permissions: new Set(admin ? PERMISSIONS : ctx.actor.permissions), admin, board: admin || ctx.actor.kinds.has("board") };
}

/** True when `caller` holds everything `target` holds. */
export function covers(caller: Rights, target: Rights): boolean {
  if (target.admin && !caller.admin) return false;
  if (target.board && !caller.board) return false;
  return [...target.permissions].every((p) => caller.permissions.has(p));
}

const describe = (rights: Rights) =>
  rights.admin ? "an administrator" : rights.board ? "a board member" : `a holder of ${[...rights.permissions].join(", ")}`;

/**
 * Refuses (403) when the caller does not hold every permission and staff kind carried by
 * the given role ids (a person's current roles, or roles being granted or taken away).
 * `action` completes "You cannot … ".
 */
export async function assertCallerCovers(ctx: Ctx, tx: Tx, roleIds: string[], action: string) {
  if (!roleIds.length) return;
  const roles = await tx.role.findMany({ where: { districtId: ctx.districtId, id: { in: roleIds } }, select: { kind: true, permissions: true } });
  const target = rightsOfRoles(roles);
  if (!covers(rightsOfCaller(ctx), target)) {
    throw forbidden(`You cannot ${action}: that takes the rights of ${describe(target)}, which you do not hold.`);
  }
}

/**
 * Serialises changes that could leave the district without an active administrator: two
 * admins archiving each other at once must not both succeed. Held until the transaction ends.
 */
export async function lockDistrictAdmins(tx: Tx, districtId: string) {
  await tx.$queryRaw`select id from districts where id = ${districtId} for update`;
}

/** Active (not archived) people of the district holding an admin-kind role, other than `except`. */
async function otherActiveAdmins(tx: Tx, districtId: string, except: string[]) {
  const [{ count }] = await tx.$queryRaw<{ count: number }[]>`
    select count(*)::int as count from people p
     where p.district_id = ${districtId} and not p.archived and not (p.id = any(${except}::text[]))
       and exists (select 1 from roles r where r.district_id = p.district_id and r.kind = 'admin' and jsonb_exists(p.roles, r.id))`;
  return count;
}

/** 409 when the change would leave the district without an active administrator. */
export async function assertAnotherActiveAdmin(tx: Tx, districtId: string, losing: string[], what: string) {
  if ((await otherActiveAdmins(tx, districtId, losing)) === 0) {
    throw conflict(`${what}: a district always keeps at least one active administrator. Make someone else an administrator first.`);
  }
}

/** Whether the given roles (ids of the district) include an admin-kind role. */
export async function holdsAdminRole(tx: Tx, districtId: string, roleIds: string[]) {
  if (!roleIds.length) return false;
  return (await tx.role.count({ where: { districtId, id: { in: roleIds }, kind: "admin" } })) > 0;
}
