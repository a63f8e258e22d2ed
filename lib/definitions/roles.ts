import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";
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

export async function createRole(ctx: Ctx, input: RoleInput) {
  return toRole(await db().role.create({ data: { ...input, districtId: ctx.districtId }, select }));
}

export async function updateRole(ctx: Ctx, id: string, input: RoleUpdate) {
  const { count } = await db().role.updateMany({ where: { id, districtId: ctx.districtId }, data: input });
  if (!count) throw notFound("Role");
  return toRole(await db().role.findUniqueOrThrow({ where: { id }, select }));
}

/** A role still held by someone cannot be deleted: people would silently lose access. */
export async function deleteRole(ctx: Ctx, id: string) {
  const role = await db().role.findFirst({ where: { id, districtId: ctx.districtId }, select: { id: true } });
  if (!role) throw notFound("Role");
  const [{ holders }] = await db().$queryRaw<{ holders: number }[]>`
    select count(*)::int as holders from people where district_id = ${ctx.districtId} and jsonb_exists(roles, ${id})`;
  if (holders) throw conflict(`This role is held by ${holders} ${holders === 1 ? "person" : "people"}; remove it from them first.`);
  await db().role.delete({ where: { id } });
  return { ok: true as const };
}
