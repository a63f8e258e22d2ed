import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import type { TagInput } from "./schemas";

const select = { id: true, name: true } as const;

export async function listTags(ctx: Ctx) {
  return db().tag.findMany({ where: { districtId: ctx.districtId }, select, orderBy: { name: "asc" } });
}

export async function createTag(ctx: Ctx, input: TagInput) {
  return db().tag.create({ data: { ...input, districtId: ctx.districtId }, select });
}

export async function updateTag(ctx: Ctx, id: string, input: TagInput) {
  const { count } = await db().tag.updateMany({ where: { id, districtId: ctx.districtId }, data: input });
  if (!count) throw notFound("Tag");
  return db().tag.findUniqueOrThrow({ where: { id }, select });
}

/** Deleting a tag also takes it off everyone who carried it, in one transaction. */
export async function deleteTag(ctx: Ctx, id: string) {
  await db().$transaction(async (tx) => {
    const { count } = await tx.tag.deleteMany({ where: { id, districtId: ctx.districtId } });
    if (!count) throw notFound("Tag");
    await tx.$executeRaw`update people set tags = array_remove(tags, ${id}) where district_id = ${ctx.districtId} and ${id} = any(tags)`;
  });
  return { ok: true as const };
}
