import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { Tx } from "@/lib/db/client";
import { conflict } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids/ids.shared";
import { deliverMessage } from "./deliver-message";
import { translateForReaders } from "./translate-for-readers";
import { assertStillIn, findParticipation } from "./find-participation";
import { personOf } from "./person-of";
import { messageLanguage, readingLanguage } from "./reading-language";
import type { Message, PostMessageInput } from "./schemas";
import { serializeMessage, type MessageRow, type Reader } from "./serialize-message";
import { settleTranslationJob, writeWithTranslationJob } from "./translation-job";

type WrittenRow = { seq: number | null; created_at: Date | null; readers: { person_id: string; language: string }[] | null };

/** What posting wrote: the message, who reads it now (the sender included), and its translation job. */
type Posted = { row: MessageRow; readers: Reader[]; job: string | null };

type Write = { ctx: Ctx; conversationId: string; id: string; senderId: string; body: string; language: string; now: Date };

/**
 * ONE statement (atomic on its own) bumps the conversation's `seq` (its row lock orders concurrent
 * events of the conversation), stores the message with that seq, marks it read for its sender
 * and returns the readers, provided the sender still takes part and someone else does too.
 */
function writeStatement(client: Tx, { ctx, conversationId, id, senderId, body, language, now }: Write) {
  return client.$queryRaw<WrittenRow[]>`
    with bumped as (
      update conversations c set seq = c.seq + 1, last_message_at = ${now}
      where c.id = ${conversationId} and c.district_id = ${ctx.districtId}
        and exists (select 1 from conversation_participants p
                    where p.conversation_id = c.id and p.person_id = ${senderId} and p.district_id = ${ctx.districtId} and p.left_at is null)
        and (select count(*) from conversation_participants p where p.conversation_id = c.id and p.district_id = c.district_id and p.left_at is null) >= 2
      returning c.seq
    ), inserted as (
      insert into messages (id, district_id, conversation_id, sender_id, kind, body, language, reactions, seq, created_at)
      select ${id}, ${ctx.districtId}, ${conversationId}, ${senderId}, 'message', ${body}, ${language}, '{}'::jsonb, bumped.seq, ${now}
      from bumped
      returning seq, created_at
    ), marked as (
      update conversation_participants set last_read_seq = (select seq from inserted)
      where conversation_id = ${conversationId} and person_id = ${senderId} and district_id = ${ctx.districtId}
        and exists (select 1 from inserted)
    )
    select (select seq from inserted) as seq, (select created_at from inserted) as created_at,
      (select json_agg(json_build_object('person_id', p.person_id, 'language', pe.language) order by p.joined_at, p.person_id)
         from conversation_participants p join people pe on pe.id = p.person_id and pe.district_id = p.district_id
        where p.conversation_id = ${conversationId} and p.district_id = ${ctx.districtId} and p.left_at is null
          and not pe.archived) as readers`;
}

/**
 * The write of a message: its language detected, then the statement above, in one transaction
 * with the message's translation job when its readers need other languages (translation-job.ts).
 */
export async function writeMessage(ctx: Ctx, conversationId: string, input: PostMessageInput): Promise<Posted> {
  const me = personOf(ctx);
  const write: Write = {
    ctx,
    conversationId,
    id: newId(),
    senderId: me.personId,
    body: input.body,
    language: messageLanguage(input.body, me.language),
    now: new Date(),
  };
  const { written, job } = await writeWithTranslationJob(ctx.districtId, async (client) => {
    const [posted] = await writeStatement(client, write);
    if (posted?.seq == null || !posted.created_at) return null;
    const row: MessageRow = {
      id: write.id,
      senderId: me.personId,
      kind: "message",
      body: input.body,
      language: write.language,
      reactions: {},
      seq: posted.seq,
      createdAt: posted.created_at,
    };
    const readers: Reader[] = (posted.readers ?? []).map((r) => ({ personId: r.person_id, language: readingLanguage(r.language) }));
    return { row, readers };
  });
  if (!written) {
    // Nothing was written: say why (never a participant: 404; left: 403; alone: 409).
    assertStillIn(await findParticipation(ctx, conversationId));
    throw conflict("No one else is in this conversation any more: start a new one.");
  }
  return { ...written, job };
}

/**
 * POST /api/messages/:id: the message written, then translated for its readers, then pushed to
 * them (each a step of its own: writeMessage above, translate-for-readers.ts, deliver-message.ts),
 * then its translation job settled (translation-job.ts).
 * The sender gets it as written.
 */
export async function postMessage(ctx: Ctx, conversationId: string, input: PostMessageInput): Promise<Message> {
  const posted = await writeMessage(ctx, conversationId, input);
  const translated = await translateForReaders(ctx.districtId, posted.row, posted.readers);
  await deliverMessage({ conversationId, ...posted }, translated);
  await settleTranslationJob(posted.job, posted.row, posted.readers, translated.translations);
  return serializeMessage(posted.row, { personId: posted.row.senderId, language: posted.row.language }, new Map());
}
