import "server-only";
import { createHash } from "node:crypto";
import { db, Prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { displayTimeZone } from "@/lib/i18n/time-zone";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { personChannel } from "@/lib/messages/realtime-events.shared";
import { channelOccupied } from "@/lib/realtime/publish";
import { claimNotification } from "./claim-notification";
import { calendarDayIn, reminderDates } from "./reminder-window";

/** A publication older than this is not announced any more (a worker down for a day still announces it). */
const PUBLISHED_WITHIN_HOURS = 24;
/** Rows one sweep looks at, per kind: the next minute's sweep takes the rest. */
const BATCH = 2000;

/** Unread messages older than this are not e-mailed about (nor looked at by the sweep, which starts from recent messages). */
const UNREAD_WITHIN_DAYS = 7;

type UnreadRow = { district_id: string; person_id: string; conversation_id: string; seq: number };

/**
 * The people who have unread messages from others (of the past days), have made no request for
 * NOTIFY_AFTER_SECONDS, still get this kind of e-mail, and have not been told about that
 * conversation since they last read it; with the newest unread seq of each such conversation.
 * One statement for every district; the sweep runs every minute, so it starts from the
 * conversations active in the window and their participants who are behind (the conversation's
 * seq is past what they read, and no e-mail has told them since), and reads only those people's
 * unread messages, through the (conversation, seq) index, instead of every message of the window
 * each minute.
 */
async function unreadToTell(only: string[] | null): Promise<Map<string, UnreadRow[]>> {
  const since = Prisma.sql`(now() at time zone 'utc') - ${UNREAD_WITHIN_DAYS}::int * interval '1 day'`;
  const rows = await db().$queryRaw<UnreadRow[]>`
    -- all districts: the minute's sweep finds who has something to be told; each e-mail is then claimed in its own district
    select cp.district_id, cp.person_id, cp.conversation_id, unread.seq
      from conversations c
      join conversation_participants cp on cp.conversation_id = c.id and cp.district_id = c.district_id
      join people p on p.id = cp.person_id and p.district_id = cp.district_id
      left join conversation_notices n on n.conversation_id = cp.conversation_id and n.person_id = cp.person_id and n.district_id = cp.district_id
      left join notification_preferences np on np.person_id = cp.person_id and np.district_id = cp.district_id
      left join person_presence pr on pr.person_id = cp.person_id and pr.district_id = cp.district_id
      cross join lateral (
        select max(m.seq)::int as seq
          from messages m
         where m.conversation_id = cp.conversation_id and m.district_id = cp.district_id and m.seq > cp.last_read_seq
           and m.kind = 'message' and m.sender_id <> cp.person_id and m.created_at > ${since}
      ) unread
     where c.last_message_at > ${since} and c.seq > cp.last_read_seq
       and cp.left_at is null and not p.archived and p.erased_at is null
       and coalesce(np.messages, true)
       and (pr.last_seen_at is null or pr.last_seen_at <= (now() at time zone 'utc') - ${env().NOTIFY_AFTER_SECONDS}::int * interval '1 second')
       and (n.notified_seq is null or n.notified_seq <= cp.last_read_seq)
       and (${only}::text[] is null or c.district_id = any(${only}::text[]))
       and unread.seq is not null
     order by cp.district_id, cp.person_id
     limit ${BATCH}`;
  const byPerson = new Map<string, UnreadRow[]>();
  for (const row of rows) byPerson.set(row.person_id, [...(byPerson.get(row.person_id) ?? []), row]);
  return byPerson;
}

/**
 * One e-mail about these conversations, claimed per conversation: the notice's seq moves up only
 * where it is below the newest unread one, so of two sweeps at once one moves it and the other
 * finds nothing left to claim. Answers whether an e-mail was queued.
 */
async function claimUnread(districtId: string, personId: string, rows: UnreadRow[]): Promise<boolean> {
  return transactionWithJobs(async (tx, enqueue) => {
    const claimed = await tx.$queryRaw<{ conversation_id: string; notified_seq: number }[]>`
      insert into conversation_notices (conversation_id, person_id, district_id, notified_seq)
      select v.conversation_id, ${personId}, ${districtId}, v.seq
        from unnest(${rows.map((r) => r.conversation_id)}::text[], ${rows.map((r) => r.seq)}::int[]) as v(conversation_id, seq)
      on conflict (conversation_id, person_id) do update set notified_seq = excluded.notified_seq
       where conversation_notices.district_id = ${districtId} and conversation_notices.notified_seq < excluded.notified_seq
      returning conversation_id, notified_seq`;
    if (!claimed.length) return false;
    const conversations = claimed.map((c) => ({ id: c.conversation_id, seq: c.notified_seq })).sort((a, b) => a.id.localeCompare(b.id));
    // Hashed: a person told about many conversations at once would make a key too long for its index.
    const batch = createHash("sha256")
      .update(conversations.map((c) => `${c.id}@${c.seq}`).join(","))
      .digest("base64url");
    const dedupeKey = `messages:${personId}:${batch}`;
    return claimNotification(tx, enqueue, { districtId, personId, kind: "messages", dedupeKey, data: { conversations } });
  });
}

/** Candidates of interviews published lately who have not been told (once per interview). */
function publishedToTell(only: string[] | null) {
  return db().$queryRaw<{ district_id: string; id: string; person_id: string }[]>`
    -- all districts: the minute's sweep finds who has something to be told; each e-mail is then claimed in its own district
    select i.district_id, i.id, i.person_id
      from interviews i
      join people p on p.id = i.person_id and p.district_id = i.district_id
      left join notification_preferences np on np.person_id = i.person_id and np.district_id = i.district_id
     where i.published and i.published_at > (now() at time zone 'utc') - ${PUBLISHED_WITHIN_HOURS}::int * interval '1 hour'
       and not p.archived and p.erased_at is null and coalesce(np.interview_published, true)
       and not exists (select 1 from notifications x where x.district_id = i.district_id and x.dedupe_key = 'interview_published:' || i.id)
       and (${only}::text[] is null or i.district_id = any(${only}::text[]))
     limit ${BATCH}`;
}

/**
 * Board members of interviews of the past days (dates as the district office's calendar reads
 * them) who have not submitted their scorecard and have not been reminded.
 */
function remindersToSend(today: string, only: string[] | null) {
  const { from, before } = reminderDates(today);
  return db().$queryRaw<{ district_id: string; id: string; person_id: string }[]>`
    -- all districts: the minute's sweep finds who has something to be told; each e-mail is then claimed in its own district
    select i.district_id, i.id, bm.person_id
      from interviews i
      join boards b on b.id = i.board_id and b.district_id = i.district_id
      join board_members bm on bm.board_id = b.id
      join people p on p.id = bm.person_id and p.district_id = i.district_id
      left join notification_preferences np on np.person_id = bm.person_id and np.district_id = i.district_id
     where i.date >= ${from} and i.date < ${before}
       and not p.archived and p.erased_at is null and coalesce(np.interview_reminder, true)
       and not exists (select 1 from interview_scorecards s
                        where s.district_id = i.district_id and s.interview_id = i.id and s.member_id = bm.person_id and s.submitted_at is not null)
       and not exists (select 1 from notifications x where x.district_id = i.district_id and x.dedupe_key = 'interview_reminder:' || i.id || ':' || bm.person_id)
       and (${only}::text[] is null or i.district_id = any(${only}::text[]))
     limit ${BATCH}`;
}

/**
 * The cron job "notifications-sweep" (every minute, once per cluster): the e-mails due, each
 * claimed by its unique key and queued. Safe to run in several processes at once: of two sweeps
 * that find the same e-mail, one claims it and the other queues nothing. Answers how many it queued.
 * `districtIds` limits it to those districts (the cron's covers all): a test sweeps its own
 * district and leaves the others, which other tests compare before and after, as they were.
 */
export async function sweepNotifications({ now = new Date(), districtIds }: { now?: Date; districtIds?: string[] } = {}) {
  if (!env().NOTIFY_EMAILS) return { queued: 0, off: true };
  const only = districtIds ?? null;
  let queued = 0;
  for (const rows of (await unreadToTell(only)).values()) {
    const { district_id: districtId, person_id: personId } = rows[0];
    // An open connection to the app (its own channel subscribed) is being online too.
    if ((await channelOccupied(personChannel(personId))) === true) continue;
    if (await claimUnread(districtId, personId, rows)) queued++;
  }
  const claim = (districtId: string, personId: string, kind: "interview_published" | "interview_reminder", dedupeKey: string, interviewId: string) =>
    transactionWithJobs((tx, enqueue) => claimNotification(tx, enqueue, { districtId, personId, kind, dedupeKey, data: { interviewId } }));
  for (const row of await publishedToTell(only)) {
    if (await claim(row.district_id, row.person_id, "interview_published", `interview_published:${row.id}`, row.id)) queued++;
  }
  for (const row of await remindersToSend(calendarDayIn(now, displayTimeZone()), only)) {
    if (await claim(row.district_id, row.person_id, "interview_reminder", `interview_reminder:${row.id}:${row.person_id}`, row.id)) queued++;
  }
  return { queued };
}
