import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { listPeopleNames } from "./list-people-names";
import { personOf } from "./person-of";
import { readingLanguage } from "./reading-language";
import type { ConversationListItem } from "./schemas";
import { serializeLastMessage, type MessageRow } from "./serialize-message";
import { translationsInto } from "./translate-messages";

type Row = {
  id: string;
  direct_key: string | null;
  seq: number;
  created_at: Date;
  left_at: Date | null;
  last_read_seq: number;
  participants: string[] | null;
  unread: number;
  m_id: string | null;
  m_sender_id: string | null;
  m_kind: string | null;
  m_body: string | null;
  m_language: string | null;
  m_seq: number | null;
  m_created_at: Date | null;
};

/**
 * GET /api/messages: every conversation the caller takes part in (or left: read-only, up to
 * their leaving), newest activity first, each with its last message in the caller's language
 * and the caller's unread count. One query for the conversations (an index walk per
 * conversation for its last message and its unread count), one for the names.
 */
export async function listConversations(ctx: Ctx): Promise<ConversationListItem[]> {
  const me = personOf(ctx);
  // Set-based for the participants and the unread counts (one pass each over the caller's
  // conversations); an index walk per conversation for its last readable message.
  const rows = await db().$queryRaw<Row[]>`
    with mine as (
      select conversation_id, left_at, last_read_seq from conversation_participants
      where person_id = ${me.personId} and district_id = ${ctx.districtId}
    ), parts as (
      select cp.conversation_id, array_agg(cp.person_id order by cp.joined_at, cp.person_id) as participants
      from conversation_participants cp join mine using (conversation_id)
      where cp.district_id = ${ctx.districtId} and cp.left_at is null group by cp.conversation_id
    ), unread as (
      select u.conversation_id, count(*)::int as unread from messages u join mine using (conversation_id)
      where u.district_id = ${ctx.districtId} and mine.left_at is null and u.seq > mine.last_read_seq and u.kind = 'message' and u.sender_id <> ${me.personId}
      group by u.conversation_id
    )
    select c.id, c.direct_key, c.seq, c.created_at, mine.left_at, mine.last_read_seq, parts.participants,
      coalesce(unread.unread, 0) as unread,
      m.id as m_id, m.sender_id as m_sender_id, m.kind as m_kind, m.body as m_body, m.language as m_language, m.seq as m_seq, m.created_at as m_created_at
    from mine
    join conversations c on c.id = mine.conversation_id and c.district_id = ${ctx.districtId}
    left join parts on parts.conversation_id = c.id
    left join unread on unread.conversation_id = c.id
    left join lateral (
      select * from messages lm
      where lm.conversation_id = c.id and lm.district_id = c.district_id and lm.kind = 'message' and (mine.left_at is null or lm.seq <= mine.last_read_seq)
      order by lm.seq desc limit 1
    ) m on true
    order by coalesce(m.created_at, c.created_at) desc, c.id`;

  const reader = { personId: me.personId, language: readingLanguage(me.language) };
  const lastMessages = new Map<string, MessageRow>();
  for (const row of rows) {
    if (!row.m_id) continue;
    lastMessages.set(row.id, {
      id: row.m_id,
      senderId: row.m_sender_id!,
      kind: row.m_kind!,
      body: row.m_body!,
      language: row.m_language!,
      reactions: {},
      seq: row.m_seq!,
      createdAt: row.m_created_at!,
    });
  }
  const others = [...lastMessages.values()].filter((m) => m.senderId !== me.personId);
  const [translated, names] = await Promise.all([
    translationsInto(ctx.districtId, others, reader.language),
    listPeopleNames(ctx.districtId, [...rows.flatMap((r) => r.participants ?? []), ...others.map((m) => m.senderId)]),
  ]);
  const nameById = new Map(names.map((n) => [n.id, n]));

  return rows.map((row) => {
    const participants = row.participants ?? [];
    const last = lastMessages.get(row.id);
    const named = new Set([...participants, ...(last ? [last.senderId] : [])]);
    return {
      id: row.id,
      district_id: ctx.districtId,
      kind: row.direct_key ? "direct" : "group",
      participants,
      people: [...named].flatMap((id) => nameById.get(id) ?? []),
      last_message: last ? serializeLastMessage(last, reader, translated) : null,
      unread: row.unread,
      created_at: row.created_at.getTime(),
      last_activity_at: (last?.createdAt ?? row.created_at).getTime(),
      seq: row.left_at ? row.last_read_seq : row.seq,
      left: row.left_at ? 1 : 0,
    };
  });
}
