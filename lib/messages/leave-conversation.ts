import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/errors/app-error";
import { publish, terminateUserConnections } from "@/lib/realtime/publish";
import { countUnreadOf } from "./count-unread";
import { assertStillIn, findParticipation, youLeft } from "./find-participation";
import { listReaders } from "./list-readers";
import { personOf } from "./person-of";
import { publishToAll } from "./publish-to-readers";
import { EVENTS, personChannel, type ParticipantLeftEvent, type UnreadEvent } from "./realtime-events.shared";
import { messageSelect, serializeMessage, type MessageRow, type Reader } from "./serialize-message";

/** Groups need this many current participants for one of them to leave (spec, Limits 5). */
const MIN_PARTICIPANTS_TO_LEAVE = 3;

/** What leaving wrote: the "left" notice, and who read the conversation until then (the leaver included). */
type Left = { notice: MessageRow; readers: Reader[] };

/**
 * The write of leaving a group of 3 or more (a direct conversation, or a group down to 2, is
 * 409): in one transaction, the conversation's `seq` bumped, a "left" notice (kind `left`, body:
 * their name) posted with it, and the caller's participation ended at the notice, which is what
 * they keep reading up to, read-only.
 */
export async function writeLeaving(ctx: Ctx, conversationId: string): Promise<Left> {
  const me = personOf(ctx);
  assertStillIn(await findParticipation(ctx, conversationId));
  return db().$transaction(async (tx) => {
    const conversation = await tx.conversation.update({
      where: { id: conversationId, districtId: ctx.districtId },
      data: { seq: { increment: 1 } },
      select: { seq: true, directKey: true },
    });
    const readers = await listReaders(ctx.districtId, conversationId, tx);
    if (!readers.some((r) => r.personId === me.personId)) throw youLeft();
    if (conversation.directKey) throw conflict("A direct conversation cannot be left.");
    if (readers.length < MIN_PARTICIPANTS_TO_LEAVE) {
      throw conflict(`Only a group of ${MIN_PARTICIPANTS_TO_LEAVE} or more people can be left; this one has ${readers.length}.`);
    }
    const person = await tx.person.findFirstOrThrow({ where: { id: me.personId, districtId: ctx.districtId }, select: { first: true, last: true } });
    const notice = await tx.message.create({
      data: {
        districtId: ctx.districtId,
        conversationId,
        senderId: me.personId,
        kind: "left",
        body: `${person.first} ${person.last}`.trim(),
        language: "zxx", // no linguistic content: never translated
        seq: conversation.seq,
      },
      select: messageSelect,
    });
    // Leaving freezes what they may read at the notice (find-participation.ts).
    await tx.conversationParticipant.update({
      where: { conversationId_personId: { conversationId, personId: me.personId }, districtId: ctx.districtId },
      data: { leftAt: notice.createdAt, lastReadSeq: notice.seq },
    });
    return { notice, readers };
  });
}

/**
 * The fan-out, after the commit: the others and the leaver's other tabs get `participant-left`
 * with the notice, the leaver their unread counts; then the leaver's sockets are closed, because
 * they still hold the conversation's channel: what they subscribe to again is authorised afresh,
 * and this conversation no longer is.
 */
async function announceLeaving(districtId: string, conversationId: string, leaverId: string, { notice, readers }: Left) {
  const remaining = readers.filter((r) => r.personId !== leaverId).map((r) => r.personId);
  const base = { conversation_id: conversationId, seq: notice.seq };
  const event: ParticipantLeftEvent = {
    ...base,
    person_id: leaverId,
    participants: remaining,
    message: serializeMessage(notice, { personId: leaverId, language: "zxx" }, new Map()),
  };
  const counts = await countUnreadOf(districtId, leaverId);
  const unread: UnreadEvent = { ...base, unread: 0, total: counts.total };
  await Promise.all([
    publishToAll([...remaining, leaverId], EVENTS.participantLeft, event, { ...base, reduced: true }),
    publish(personChannel(leaverId), EVENTS.unread, unread),
  ]);
  await terminateUserConnections(leaverId);
}

/**
 * DELETE /api/messages/:id: the caller leaves a group (writeLeaving), then everyone concerned
 * is told (announceLeaving), so the others see "X left".
 */
export async function leaveConversation(ctx: Ctx, conversationId: string): Promise<{ ok: true }> {
  const left = await writeLeaving(ctx, conversationId);
  await announceLeaving(ctx.districtId, conversationId, personOf(ctx).personId, left);
  return { ok: true };
}
