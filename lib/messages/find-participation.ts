import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/errors/app-error";
import { personOf } from "./person-of";

/** Above any seq (PostgreSQL integer). */
const MAX_SEQ = 2_147_483_647;

export type Participation = {
  conversationId: string;
  personId: string;
  leftAt: Date | null;
  lastReadSeq: number;
  /** The newest seq this person may read: everything for a participant, up to their leaving for one who left. */
  maxSeq: number;
};

/**
 * The caller's place in a conversation of their district: 404 when they never took part (or
 * it is another district's), the same as for an id that does not exist.
 */
export async function findParticipation(ctx: Ctx, conversationId: string): Promise<Participation> {
  const me = personOf(ctx);
  const row = await db().conversationParticipant.findFirst({
    where: { conversationId, personId: me.personId, districtId: ctx.districtId },
    select: { leftAt: true, lastReadSeq: true },
  });
  if (!row) throw notFound("Conversation");
  return {
    conversationId,
    personId: me.personId,
    leftAt: row.leftAt,
    lastReadSeq: row.lastReadSeq,
    // Leaving freezes lastReadSeq at the "left" notice (leave-conversation.ts).
    maxSeq: row.leftAt ? row.lastReadSeq : MAX_SEQ,
  };
}

/** 403 for a person who left: the conversation is read-only for them. */
export function assertStillIn(participation: Participation) {
  if (participation.leftAt) throw youLeft();
}

export const youLeft = () => forbidden("You left this conversation: you can read it up to then, but not write or react.");
