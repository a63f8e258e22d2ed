import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { findParticipation } from "./find-participation";
import { listPeopleNames } from "./list-people-names";
import { markConversationRead } from "./mark-conversation-read";
import { personOf } from "./person-of";
import { readingLanguage } from "./reading-language";
import { DEFAULT_PAGE, type Conversation, type ConversationQuery } from "./schemas";
import { messageSelect, serializeMessage } from "./serialize-message";
import { translationsInto } from "./translate-messages";

/**
 * GET /api/messages/:id: one page of messages (the newest, or those before `before`), oldest
 * first, others' in the caller's language (translated once per language and cached). Marks
 * the conversation read. Someone who left reads up to their leaving and nothing newer.
 */
export async function getConversation(ctx: Ctx, conversationId: string, query: ConversationQuery = {}): Promise<Conversation> {
  const me = personOf(ctx);
  await markConversationRead(ctx, conversationId);
  const participation = await findParticipation(ctx, conversationId);
  const limit = query.limit ?? DEFAULT_PAGE;

  const conversation = await db().conversation.findFirst({
    where: { id: conversationId, districtId: ctx.districtId },
    select: {
      id: true,
      directKey: true,
      seq: true,
      createdAt: true,
      participants: { where: { leftAt: null }, select: { personId: true, lastReadSeq: true }, orderBy: [{ joinedAt: "asc" }, { personId: "asc" }] },
    },
  });
  if (!conversation) throw notFound("Conversation");

  let beforeSeq: number | undefined;
  if (query.before) {
    const before = await db().message.findFirst({
      where: { id: query.before, conversationId, districtId: ctx.districtId, seq: { lte: participation.maxSeq } },
      select: { seq: true },
    });
    if (!before) throw notFound("Message");
    beforeSeq = before.seq;
  }
  const rows = await db().message.findMany({
    where: { conversationId, districtId: ctx.districtId, seq: { lte: participation.maxSeq, ...(beforeSeq !== undefined ? { lt: beforeSeq } : {}) } },
    orderBy: { seq: "desc" },
    take: limit + 1,
    select: messageSelect,
  });
  const page = rows.slice(0, limit).reverse();
  const reader = { personId: me.personId, language: readingLanguage(me.language) };
  const translated = await translationsInto(
    ctx.districtId,
    page.filter((m) => m.senderId !== me.personId),
    reader.language,
  );
  const participants = conversation.participants.map((p) => p.personId);
  return {
    id: conversation.id,
    district_id: ctx.districtId,
    kind: conversation.directKey ? "direct" : "group",
    participants,
    people: await listPeopleNames(ctx.districtId, [...participants, ...page.map((m) => m.senderId)]),
    messages: page.map((m) => serializeMessage(m, reader, translated)),
    has_more: rows.length > limit ? 1 : 0,
    read: Object.fromEntries(conversation.participants.map((p) => [p.personId, p.lastReadSeq])),
    seq: participation.leftAt ? participation.maxSeq : conversation.seq,
    left: participation.leftAt ? 1 : 0,
    created_at: conversation.createdAt.getTime(),
  };
}
