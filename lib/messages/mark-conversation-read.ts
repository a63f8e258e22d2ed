import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { publish } from "@/lib/realtime/publish";
import { countUnreadOf } from "./count-unread";
import { findParticipation } from "./find-participation";
import { listReaders } from "./list-readers";
import { publishToAll } from "./publish-to-readers";
import { EVENTS, personChannel, type ReadEvent, type UnreadEvent } from "./realtime-events.shared";
import type { Reader } from "./serialize-message";

/** Thrown inside the transaction to undo the seq bump when there is nothing to mark after all. */
class NothingToMark extends Error {}

/**
 * What marking wrote: the caller's read position now, and, when something new was read, the
 * `read` event's seq with who reads the conversation now (null: nothing changed, no event).
 */
type ReadMark = { personId: string; lastReadSeq: number; event: { seq: number; readers: Reader[] } | null };

/**
 * The write of reading: everything in the conversation marked read for the caller, in one
 * transaction with a `seq` bump for the event, only when something newer than their mark exists.
 * Someone who left has nothing to mark.
 */
export async function writeReadMark(ctx: Ctx, conversationId: string): Promise<ReadMark> {
  const participation = await findParticipation(ctx, conversationId);
  const { personId } = participation;
  const unchanged = { personId, lastReadSeq: participation.lastReadSeq, event: null };
  if (participation.leftAt) return unchanged;
  const newest = await db().message.findFirst({
    where: { conversationId, districtId: ctx.districtId },
    orderBy: { seq: "desc" },
    select: { seq: true },
  });
  if (!newest || newest.seq <= participation.lastReadSeq) return unchanged;

  try {
    const event = await db().$transaction(async (tx) => {
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
    return { personId, lastReadSeq: newest.seq, event };
  } catch (error) {
    if (error instanceof NothingToMark) return { personId, lastReadSeq: newest.seq, event: null };
    throw error;
  }
}

/**
 * The fan-out, after the commit: the participants get a `read` event (for "Seen by"), the
 * caller an `unread` event with their counts (for their other tabs and devices).
 */
async function announceRead(districtId: string, conversationId: string, { personId, lastReadSeq }: ReadMark, event: NonNullable<ReadMark["event"]>) {
  const base = { conversation_id: conversationId, seq: event.seq };
  const read: ReadEvent = { ...base, person_id: personId, last_read_seq: lastReadSeq };
  const counts = await countUnreadOf(districtId, personId);
  const unread: UnreadEvent = { ...base, unread: counts.conversations[conversationId] ?? 0, total: counts.total };
  await Promise.all([
    publishToAll(
      event.readers.map((r) => r.personId),
      EVENTS.read,
      read,
      { ...base, reduced: true },
    ),
    publish(personChannel(personId), EVENTS.unread, unread),
  ]);
}

/**
 * Marks everything in the conversation read for the caller (GET /api/messages/:id does it,
 * and POST /api/messages/:id/read): the mark written (writeReadMark), then, only when something
 * new was read, announced (announceRead).
 */
export async function markConversationRead(ctx: Ctx, conversationId: string): Promise<{ ok: true; last_read_seq: number }> {
  const mark = await writeReadMark(ctx, conversationId);
  if (mark.event) await announceRead(ctx.districtId, conversationId, mark, mark.event);
  return { ok: true, last_read_seq: mark.lastReadSeq };
}
