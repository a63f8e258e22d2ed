import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, forbidden, notFound } from "@/lib/errors/app-error";
import { losesInterviewSight } from "@/lib/interviews/interview-audience";
import { assertAnotherActiveAdmin, covers, lockDistrictAdmins, rightsOfCaller, rightsOfRoles } from "@/lib/people/rights";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import type { Role, RoleInput, RoleUpdate } from "./schemas";

type RoleRow = { id: string; name: string; kind: string; permissions: string[] };
// kind and permissions are plain strings in the database (validated on the way in): the key
// set is checked against the schema here, the values by the API tests.
const toRole = (r: RoleRow) =>
  ({ id: r.id, name: r.name, kind: r.kind, permissions: [...new Set(r.permissions)] }) satisfies Record<keyof Role, unknown>;
const select = { id: true, name: true, kind: true, permissions: true } as const;

export async function listRoles(ctx: Ctx) {
  const rows = await db().role.findMany({ where: { districtId: ctx.districtId }, select, orderBy: { createdAt: "asc" } });
  return rows.map(toRole);
}

/** Defining a role is granting in advance: nobody defines one carrying more than they hold. */
function assertMayDefine(ctx: Ctx, role: { kind: string; permissions: string[] }) {
  if (!covers(rightsOfCaller(ctx), rightsOfRoles([role]))) {
    throw forbidden("You cannot define a role that carries rights you do not hold yourself.");
  }
}

export async function createRole(ctx: Ctx, input: RoleInput) {
  assertMayDefine(ctx, input);
  return toRole(await db().role.create({ data: { ...input, districtId: ctx.districtId }, select }));
}

/**
 * Both what the role carried and what it will carry must be within the caller's rights. When the
 * role stops showing some interviews, its holders' sockets end after the commit (they reconnect
 * authorised afresh from the database).
 */
export async function updateRole(ctx: Ctx, id: string, input: RoleUpdate) {
  const { role, lostSight } = await db().$transaction(async (tx) => {
    const where = { id, districtId: ctx.districtId };
    await lockDistrictAdmins(tx, ctx.districtId);
    const current = await tx.role.findFirst({ where, select });
    if (!current) throw notFound("Role");
    const next = { kind: input.kind ?? current.kind, permissions: input.permissions ?? current.permissions };
    assertMayDefine(ctx, current);
    assertMayDefine(ctx, next);
    if (current.kind === "admin" && next.kind !== "admin") {
      const holders = await tx.$queryRaw<{ id: string }[]>`
        select id from people where district_id = ${ctx.districtId} and jsonb_exists(roles, ${id})`;
      await assertAnotherActiveAdmin(tx, ctx.districtId, holders.map((h) => h.id), "This role cannot stop being an administrator role");
    }
    const lostSight = losesInterviewSight([current], [next])
      ? (await tx.$queryRaw<{ id: string }[]>`select id from people where district_id = ${ctx.districtId} and jsonb_exists(roles, ${id})`).map((h) => h.id)
      : [];
    return { role: toRole(await tx.role.update({ where, data: input, select })), lostSight };
  });
  await endRealtimeAccess(lostSight);
  return role;
}

/** A role still held by someone cannot be deleted: people would silently lose access. */
export async function deleteRole(ctx: Ctx, id: string) {
  await db().$transaction(async (tx) => {
    const where = { id, districtId: ctx.districtId };
    // The same lock as role assignments: nobody is given the role while it is being deleted.
    await lockDistrictAdmins(tx, ctx.districtId);
    const role = await tx.role.findFirst({ where, select });
    if (!role) throw notFound("Role");
    assertMayDefine(ctx, role);
    const [{ holders }] = await tx.$queryRaw<{ holders: number }[]>`
      select count(*)::int as holders from people where district_id = ${ctx.districtId} and jsonb_exists(roles, ${id})`;
    if (holders) throw conflict(`This role is held by ${holders} ${holders === 1 ? "person" : "people"}; remove it from them first.`);
    await tx.role.deleteMany({ where });
  });
  return { ok: true as const };
}
