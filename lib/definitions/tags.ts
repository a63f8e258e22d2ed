import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { peopleEventData } from "@/lib/webhooks/event-data";
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

/**
 * Deleting a tag also takes it off everyone who carried it, in one transaction, and each of them
 * is a person.updated event (their `tags` changed), set-based like an import's.
 */
export async function deleteTag(ctx: Ctx, id: string) {
  await transactionWithEvents(ctx.districtId, async (tx, _emit, emitMany) => {
    const { count } = await tx.tag.deleteMany({ where: { id, districtId: ctx.districtId } });
    if (!count) throw notFound("Tag");
    const touched = await tx.$queryRaw<{ id: string }[]>`
      update people set tags = array_remove(tags, ${id}), updated_at = now() where district_id = ${ctx.districtId} and ${id} = any(tags) returning id`;
    await emitMany("person.updated", async () => {
      const data = await peopleEventData(tx, ctx.districtId, touched.map((p) => p.id));
      return touched.map((p) => data.get(p.id));
    });
  });
  return { ok: true as const };
}
