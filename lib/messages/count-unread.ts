import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { personOf } from "./person-of";
import type { Unread } from "./schemas";

/**
 * Unread messages of a person: messages from others posted after they
 * last read each conversation they are in (notices do not count; conversations they left neither).
 */
export async function countUnreadOf(districtId: string, personId: string): Promise<Unread> {
  const rows = await db().$queryRaw<{ conversation_id: string; unread: number }[]>`
    select p.conversation_id, count(*)::int as unread
    from conversation_participants p
    join messages m on m.conversation_id = p.conversation_id and m.district_id = p.district_id and m.seq > p.last_read_seq
    where p.person_id = ${personId} and p.district_id = ${districtId} and p.left_at is null
      and m.kind = 'message' and m.sender_id <> p.person_id
    group by p.conversation_id`;
  const conversations: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    conversations[row.conversation_id] = row.unread;
    total += row.unread;
  }
  return { total, conversations };
}

/** GET /api/messages/unread: the caller's counts (the nav badge). */
export function countUnread(ctx: Ctx): Promise<Unread> {
  return countUnreadOf(ctx.districtId, personOf(ctx).personId);
}
