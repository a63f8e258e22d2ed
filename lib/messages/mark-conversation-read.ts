import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { publish } from "@/lib/realtime/publish";
import { countUnreadOf } from "./count-unread";
import { findParticipation } from "./find-participation";
import { listReaders } from "./list-readers";
import { publishToAll } from "./publish-to-readers";
import { EVENTS, personChannel, type ReadEvent, type UnreadEvent } from "./realtime-events";

/** Thrown inside the transaction to undo the seq bump when there is nothing to mark after all. */
class NothingToMark extends Error {}

/**
 * Marks everything in the conversation read for the caller (GET /api/messages/:id does it,
 * and POST /api/messages/:id/read). Only when something new was read: the participants get a
 * `read` event (for "Seen by"), the caller an `unread` event with their counts (for their
 * other tabs and devices). Someone who left has nothing to mark.
 */
export async function markConversationRead(ctx: Ctx, conversationId: string): Promise<{ ok: true; last_read_seq: number }> {
  const participation = await findParticipation(ctx, conversationId);
  const { personId } = participation;
  const unchanged = { ok: true as const, last_read_seq: participation.lastReadSeq };
  if (participation.leftAt) return unchanged;
  const newest = await db().message.findFirst({
    where: { conversationId, districtId: ctx.districtId },
    orderBy: { seq: "desc" },
    select: { seq: true },
  });
  if (!newest || newest.seq <= participation.lastReadSeq) return unchanged;

  let marked: { seq: number; readers: Awaited<ReturnType<typeof listReaders>> };
  try {
    marked = await db().$transaction(async (tx) => {
      // The conversation first, like every event (one lock order, no deadlocks).
      const { seq } = await tx.conversation.update({
        where: { id: conversationId, districtId: ctx.districtId },
        data: { seq: { increment: 1 } },
        select: { seq: true },
      });
      const { count } = await tx.conversationParticipant.updateMany({
        where: { conversationId, personId, districtId: ctx.districtId, leftAt: null, lastReadSeq: { lt: newest.seq } },
        data: { lastReadSeq: newest.seq },
      });
      if (!count) throw new NothingToMark(); // another tab marked it, or the caller left meanwhile
      return { seq, readers: await listReaders(ctx.districtId, conversationId, tx) };
    });
  } catch (error) {
    if (error instanceof NothingToMark) return { ok: true, last_read_seq: newest.seq };
    throw error;
  }

  const base = { conversation_id: conversationId, seq: marked.seq };
  const read: ReadEvent = { ...base, person_id: personId, last_read_seq: newest.seq };
  const counts = await countUnreadOf(ctx.districtId, personId);
  const unread: UnreadEvent = { ...base, unread: counts.conversations[conversationId] ?? 0, total: counts.total };
  await Promise.all([
    publishToAll(
      marked.readers.map((r) => r.personId),
      EVENTS.read,
      read,
      { ...base, reduced: true },
    ),
    publish(personChannel(personId), EVENTS.unread, unread),
  ]);
  return { ok: true, last_read_seq: newest.seq };
}
