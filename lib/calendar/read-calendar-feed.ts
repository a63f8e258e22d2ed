import "server-only";
import { personNow } from "@/lib/auth/actor-context";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { notFound } from "@/lib/errors/app-error";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { uiLocaleFor } from "@/lib/i18n/locales";
import { displayTimeZone } from "@/lib/i18n/time-zone";
import { visibleInterviewsSql } from "@/lib/interviews/visibility";
import { calendarText, eventWords } from "./event-words";
import { DEFAULT_MINUTES, feedIcs, interviewUid } from "./interview-event";
import { FEED_TOKEN, feedTokenHash } from "./issue-calendar-feed";

type FeedRow = {
  id: string;
  personId: string;
  startsAt: Date;
  minutes: number | null;
  location: string | null;
  meetingUrl: string | null;
  name: string;
  sequence: number | null;
};

/**
 * GET /api/calendar/<token>.ics: the owner's upcoming interviews (not yet over) as they may see
 * them now (lib/interviews/visibility.ts: staff all, a mentor their candidates' published ones, a
 * candidate their own published ones), each with the UID and SEQUENCE of its invitations. The
 * token is the credential: an unknown or replaced one, or an archived owner, is 404.
 */
export async function readCalendarFeed(file: string): Promise<string> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  if (!FEED_TOKEN.test(token)) throw notFound("Calendar feed");
  const feed = await db().calendarFeed.findUnique({
    where: { tokenHash: feedTokenHash(token) },
    select: { personId: true, districtId: true, district: { select: { name: true } } },
  });
  if (!feed) throw notFound("Calendar feed");
  const owner = await personNow(db(), feed.districtId, feed.personId);
  if (!owner || owner.archived) throw notFound("Calendar feed");
  const { language } = await db().person.findUniqueOrThrow({ where: { id: feed.personId }, select: { language: true } });
  const rows = await upcomingInterviews(owner.ctx, feed.personId);
  const origin = serviceOrigin();
  const timeZone = displayTimeZone();
  const locale = uiLocaleFor(language);
  const events = rows.map((r) => {
    const details = {
      start: new Date(r.startsAt).getTime(),
      minutes: r.minutes ?? DEFAULT_MINUTES,
      location: r.location,
      meeting_url: r.meetingUrl,
      name: r.name,
    };
    return {
      uid: interviewUid(r.id, origin),
      sequence: r.sequence ?? 0,
      details,
      words: eventWords(details, locale, timeZone, `${origin}/interviews/${r.personId}/${r.id}`),
    };
  });
  return feedIcs(calendarText(locale)("feed.name", { district: feed.district.name }), timeZone, events);
}

/** The interviews with a time, not over yet, that the feed's owner (`ctx`) may see, with the SEQUENCE of their own invitation. */
export function upcomingInterviews(ctx: Ctx, ownerId: string) {
  const { values, p } = sqlParams();
  return sqlRows<FeedRow>(
    `select i.id, i.person_id as "personId", i.starts_at as "startsAt", i.duration_minutes as minutes, i.location, i.meeting_url as "meetingUrl",
            trim(c.first || ' ' || c.last) as name, inv.sequence
       from interviews i
       join people c on c.id = i.person_id and c.district_id = i.district_id
       left join interview_invitations inv on inv.district_id = i.district_id and inv.interview_id = i.id and inv.person_id = ${p(ownerId)}
      where ${visibleInterviewsSql(ctx, "i", p)} and i.starts_at is not null
        and i.starts_at + make_interval(mins => coalesce(i.duration_minutes, ${p(DEFAULT_MINUTES)}::int)) > now() at time zone 'utc'
      order by i.starts_at, i.id`,
    values,
  );
}
