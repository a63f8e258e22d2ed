import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/app-error";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { peopleEventData } from "@/lib/webhooks/event-data";

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
      const data = await peopleEventData(
        tx,
        ctx.districtId,
        touched.map((p) => p.id),
      );
      return touched.map((p) => data.get(p.id));
    });
  });
  return { ok: true as const };
}
