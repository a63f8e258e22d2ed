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
import { EVENTS, personChannel, type ParticipantLeftEvent, type UnreadEvent } from "./realtime-events";
import { messageSelect, serializeMessage } from "./serialize-message";

/** Groups need this many current participants for one of them to leave (spec, Limits 5). */
const MIN_PARTICIPANTS_TO_LEAVE = 3;

/**
 * DELETE /api/messages/:id: the caller leaves a group of 3 or more (a direct conversation, or a
 * group down to 2, is 409). A "left" notice (kind `left`, body: their name) is posted, so the
 * others see "X left"; the caller keeps reading up to that notice, read-only, and nothing newer.
 */
export async function leaveConversation(ctx: Ctx, conversationId: string): Promise<{ ok: true }> {
  const me = personOf(ctx);
  assertStillIn(await findParticipation(ctx, conversationId));
  const { notice, readers } = await db().$transaction(async (tx) => {
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

  const remaining = readers.filter((r) => r.personId !== me.personId).map((r) => r.personId);
  const base = { conversation_id: conversationId, seq: notice.seq };
  const event: ParticipantLeftEvent = {
    ...base,
    person_id: me.personId,
    participants: remaining,
    message: serializeMessage(notice, { personId: me.personId, language: "zxx" }, new Map()),
  };
  const counts = await countUnreadOf(ctx.districtId, me.personId);
  const unread: UnreadEvent = { ...base, unread: 0, total: counts.total };
  await Promise.all([
    // The caller too: their other tabs show the conversation as left.
    publishToAll([...remaining, me.personId], EVENTS.participantLeft, event, { ...base, reduced: true }),
    publish(personChannel(me.personId), EVENTS.unread, unread),
  ]);
  // Their sockets still hold the conversation's channel: close them; what they subscribe to again
  // is authorised afresh, and this conversation no longer is.
  await terminateUserConnections(me.personId);
  return { ok: true };
}
