import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";
import { assertStillIn, findParticipation, youLeft } from "./find-participation";
import { listReaders } from "./list-readers";
import { personOf } from "./person-of";
import { publishToAll } from "./publish-to-readers";
import { readingLanguage } from "./reading-language";
import { EVENTS, type ReactionEvent } from "./realtime-events.shared";
import { MAX_REACTION_EMOJI, type Message, type ReactInput } from "./schemas";
import { messageSelect, reactionsOf, serializeMessage, type MessageRow, type Reader } from "./serialize-message";
import { translationsInto } from "./translate-messages";

/** The reactions after `personId` toggles `emoji`: added at the end, or removed (and the emoji with its last person). */
function toggled(reactions: Record<string, string[]>, emoji: string, personId: string): Record<string, string[]> {
  const next = { ...reactions };
  const people = next[emoji] ?? [];
  if (people.includes(personId)) {
    const rest = people.filter((id) => id !== personId);
    if (rest.length) next[emoji] = rest;
    else delete next[emoji];
  } else next[emoji] = [...people, personId];
  return next;
}

/** What a toggle wrote: the message with its new reactions, the event's seq, who reads it now. */
type Reacted = { row: MessageRow; seq: number; readers: Reader[] };

/**
 * The write of a reaction: in one transaction, the conversation's `seq` bumped (its row lock
 * orders this with every other event of it, so two toggles never race) and the caller's reaction
 * with that emoji added to the message, or removed when they had reacted so already.
 */
export async function writeReaction(ctx: Ctx, conversationId: string, input: ReactInput): Promise<Reacted> {
  const me = personOf(ctx);
  assertStillIn(await findParticipation(ctx, conversationId));
  return db().$transaction(async (tx) => {
    const { seq } = await tx.conversation.update({
      where: { id: conversationId, districtId: ctx.districtId },
      data: { seq: { increment: 1 } },
      select: { seq: true },
    });
    const readers = await listReaders(ctx.districtId, conversationId, tx);
    if (!readers.some((r) => r.personId === me.personId)) throw youLeft();
    const message = await tx.message.findFirst({
      where: { id: input.messageId, conversationId, districtId: ctx.districtId, kind: "message" },
      select: { reactions: true },
    });
    if (!message) throw notFound("Message");
    const reactions = toggled(reactionsOf(message.reactions), input.emoji, me.personId);
    if (Object.keys(reactions).length > MAX_REACTION_EMOJI) {
      throw conflict(`A message holds at most ${MAX_REACTION_EMOJI} different reactions: react with one already there.`);
    }
    const row = await tx.message.update({
      where: { id: input.messageId, districtId: ctx.districtId },
      data: { reactions },
      select: messageSelect,
    });
    return { row, seq, readers };
  });
}

/** The fan-out, after the commit: every participant gets a `reaction` event with the message's reactions. */
function publishReaction(conversationId: string, { row, seq, readers }: Reacted) {
  const base = { conversation_id: conversationId, seq };
  const event: ReactionEvent = { ...base, message_id: row.id, reactions: reactionsOf(row.reactions) };
  return publishToAll(
    readers.map((r) => r.personId),
    EVENTS.reaction,
    event,
    { ...base, reduced: true, message_id: row.id },
  );
}

/**
 * POST /api/messages/:id/react (the same emoji again takes the reaction back): the reaction written (writeReaction),
 * then pushed to the participants, then the message answered to the caller in their language
 * (someone else's message translated for them, as they read it).
 */
export async function toggleReaction(ctx: Ctx, conversationId: string, input: ReactInput): Promise<Message> {
  const reacted = await writeReaction(ctx, conversationId, input);
  await publishReaction(conversationId, reacted);
  const me = personOf(ctx);
  const reader = { personId: me.personId, language: readingLanguage(me.language) };
  const { row } = reacted;
  return serializeMessage(row, reader, row.senderId === me.personId ? new Map() : await translationsInto(ctx.districtId, [row], reader.language));
}
