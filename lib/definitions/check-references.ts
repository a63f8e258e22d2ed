import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

/** Role and tag ids sent by a client must exist in the caller's district (400 otherwise). */
export async function assertKnownIds(ctx: Ctx, refs: { roles?: string[]; tags?: string[]; people?: { field: string; ids: string[] } }) {
  const details: { path: string; message: string }[] = [];
  const missing = (wanted: string[], found: { id: string }[]) => {
    const have = new Set(found.map((r) => r.id));
    return [...new Set(wanted)].filter((id) => !have.has(id));
  };
  const where = (ids: string[]) => ({ districtId: ctx.districtId, id: { in: ids } });
  if (refs.roles?.length) {
    const unknown = missing(refs.roles, await db().role.findMany({ where: where(refs.roles), select: { id: true } }));
    for (const id of unknown) details.push({ path: `roles.${id}`, message: "Unknown role id." });
  }
  if (refs.tags?.length) {
    const unknown = missing(refs.tags, await db().tag.findMany({ where: where(refs.tags), select: { id: true } }));
    for (const id of unknown) details.push({ path: "tags", message: `Unknown tag id: ${id}` });
  }
  if (refs.people?.ids.length) {
    const unknown = missing(refs.people.ids, await db().person.findMany({ where: where(refs.people.ids), select: { id: true } }));
    for (const id of unknown) details.push({ path: refs.people.field, message: `Unknown person id: ${id}` });
  }
  if (details.length) throw new AppError("validation_error", "The request refers to records that do not exist.", details);
}
