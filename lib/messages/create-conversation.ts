import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors/app-error";
import { deliverMessage } from "./deliver-message";
import { translateForReaders } from "./translate-for-readers";
import { listContacts } from "./list-contacts";
import { listPeopleNames } from "./list-people-names";
import { listReaders } from "./list-readers";
import { personOf } from "./person-of";
import { postMessage } from "./post-message";
import { messageLanguage } from "./reading-language";
import type { CreateConversationInput, CreatedConversation } from "./schemas";
import { messageSelect } from "./serialize-message";
import { settleTranslationJob, writeWithTranslationJob } from "./translation-job";

/** The key of the direct conversation between two people: both ids, sorted, joined by ":". */
const directKeyOf = (a: string, b: string) => [a, b].sort().join(":");

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "P2002";

async function existingDirect(ctx: Ctx, directKey: string) {
  return db().conversation.findFirst({ where: { districtId: ctx.districtId, directKey }, select: { id: true, createdAt: true } });
}

async function reuse(ctx: Ctx, conversation: { id: string; createdAt: Date }, body: string): Promise<CreatedConversation> {
  await postMessage(ctx, conversation.id, { body });
  const participants = (await listReaders(ctx.districtId, conversation.id)).map((r) => r.personId);
  return { id: conversation.id, district_id: ctx.districtId, participants, created_at: conversation.createdAt.getTime() };
}

/**
 * POST /api/messages: the sender writes to people they may write to (list-contacts.ts; anyone
 * else, archived people and other districts' ids are 404). To one person, the direct
 * conversation between them is reused if it exists; otherwise a conversation is made with its
 * opening message (seq 1) and its translation job (translation-job.ts), translated and pushed to
 * every participant as `conversation-created`.
 */
export async function createConversation(ctx: Ctx, input: CreateConversationInput): Promise<CreatedConversation> {
  const me = personOf(ctx);
  const others = [...new Set(input.participants)].filter((id) => id !== me.personId);
  if (!others.length) throw invalid("participants", "Name at least one person besides yourself.");
  const contacts = await listContacts(ctx, others);
  if (contacts.length !== others.length) throw notFound("Person");

  const directKey = others.length === 1 ? directKeyOf(me.personId, others[0]) : null;
  if (directKey) {
    const existing = await existingDirect(ctx, directKey);
    if (existing) return reuse(ctx, existing, input.body);
  }

  const language = messageLanguage(input.body, me.language);
  const participants = [me.personId, ...others];
  const now = new Date();
  let made;
  try {
    made = await writeWithTranslationJob(ctx.districtId, async (client) => {
      const created = await client.conversation.create({
        data: {
          districtId: ctx.districtId,
          directKey,
          seq: 1,
          createdById: me.personId,
          createdAt: now,
          lastMessageAt: now,
          participants: {
            create: participants.map((personId, i) => ({
              personId,
              districtId: ctx.districtId,
              // Joined in the order named, the creator first (the order participants are listed in).
              joinedAt: new Date(now.getTime() + i),
              lastReadSeq: personId === me.personId ? 1 : 0,
            })),
          },
          messages: {
            create: { districtId: ctx.districtId, senderId: me.personId, body: input.body, language, seq: 1, createdAt: now },
          },
        },
        select: { id: true, createdAt: true, messages: { select: messageSelect } },
      });
      return { created, row: created.messages[0], readers: await listReaders(ctx.districtId, created.id, client) };
    });
  } catch (error) {
    // Two first messages to the same person at once: the other request made the conversation.
    const existing = directKey && isUniqueViolation(error) ? await existingDirect(ctx, directKey) : null;
    if (existing) return reuse(ctx, existing, input.body);
    throw error;
  }
  const { created, row, readers } = made.written!;
  const conversation = {
    id: created.id,
    district_id: ctx.districtId,
    kind: directKey ? ("direct" as const) : ("group" as const),
    participants,
    people: await listPeopleNames(ctx.districtId, participants),
    created_at: created.createdAt.getTime(),
  };
  const translated = await translateForReaders(ctx.districtId, row, readers);
  await deliverMessage({ conversationId: created.id, row, readers, conversation }, translated);
  await settleTranslationJob(made.job, row, readers, translated.translations);
  return { id: created.id, district_id: ctx.districtId, participants, created_at: created.createdAt.getTime() };
}
