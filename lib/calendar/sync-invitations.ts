import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { env } from "@/lib/env";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { displayTimeZone } from "@/lib/i18n/time-zone";
import { uiLocaleFor } from "@/lib/i18n/locales";
import { sendMail } from "@/lib/mail/send-mail";
import type { JobData } from "@/lib/jobs/queues";
import { invitationMail } from "./invitation-mail";
import { DEFAULT_MINUTES, interviewUid, organizerOf, sameEvent, type SentEvent } from "./interview-event";

const ended = (e: SentEvent, now: number) => e.start + e.minutes * 60_000 <= now;
const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();

/** The interview as its invitations show it, and who should hold one now (the candidate and the board's members), or null once it is deleted. */
async function currentInvitation(districtId: string, interviewId: string) {
  const interview = await db().interview.findFirst({
    where: { id: interviewId, districtId },
    select: {
      personId: true,
      published: true,
      startsAt: true,
      durationMinutes: true,
      location: true,
      meetingUrl: true,
      board: { select: { members: { select: { personId: true } } } },
      district: { select: { calendarInvitations: true } },
    },
  });
  if (!interview) return null;
  const event: SentEvent | null = interview.startsAt
    ? {
        start: interview.startsAt.getTime(),
        minutes: interview.durationMinutes ?? DEFAULT_MINUTES,
        location: interview.location,
        meeting_url: interview.meetingUrl,
        candidate_id: interview.personId,
      }
    : null;
  // The district chooses when they go out: once the interview is created with a time, or once it is published.
  const due = event !== null && (interview.district.calendarInvitations === "create" || interview.published);
  const invitees = due ? [interview.personId, ...(interview.board?.members.map((m) => m.personId) ?? [])] : [];
  return { personId: interview.personId, event, invitees: [...new Set(invitees)] };
}

/**
 * The job `calendar-sync`: brings an interview's invitations in line with it. Whoever should hold
 * one and has none (or had it cancelled) gets a REQUEST; a change of time, place or link sends
 * each holder an update (same UID, SEQUENCE + 1); whoever holds one and no longer should (the
 * interview deleted, unscheduled or, under "publish", unpublished; a member taken off the board)
 * gets a CANCEL. Each sending is recorded as it goes, so a retry after a failure (SMTP down) sends
 * only what is left. An archived person is sent nothing; an interview already over is left as it is.
 */
export async function syncInvitations({ districtId, interviewId }: JobData["calendar-sync"]) {
  const now = Date.now();
  const current = await currentInvitation(districtId, interviewId);
  if (current?.event && ended(current.event, now)) return { past: true };
  const where = { districtId, interviewId };
  const rows = await db().interviewInvitation.findMany({ where, select: { personId: true, sequence: true, sent: true, cancelled: true } });
  const byPerson = new Map(rows.map((r) => [r.personId, { ...r, sent: r.sent as SentEvent }]));
  const candidates = rows.map((r) => (r.sent as SentEvent).candidate_id);
  const ids = [...new Set([...(current?.invitees ?? []), ...byPerson.keys(), ...candidates, ...(current ? [current.personId] : [])])];
  const people = new Map(
    (
      await db().person.findMany({
        where: { districtId, id: { in: ids } },
        select: { id: true, email: true, first: true, last: true, language: true, archived: true },
      })
    ).map((p) => [p.id, p]),
  );
  const origin = serviceOrigin();
  const base = { uid: interviewUid(interviewId, origin), timeZone: displayTimeZone(), organizer: organizerOf(env().MAIL_FROM) };
  const send = (
    kind: "request" | "update" | "cancel",
    person: { email: string; first: string; last: string; language: string },
    sequence: number,
    event: SentEvent,
  ) => {
    const candidate = people.get(event.candidate_id);
    const details = { ...event, name: candidate ? fullName(candidate) : "" };
    const pageUrl = `${origin}/interviews/${event.candidate_id}/${interviewId}`;
    return sendMail(
      invitationMail({ ...base, kind, to: { email: person.email, name: fullName(person) }, locale: uiLocaleFor(person.language), sequence, details, pageUrl }),
    );
  };
  const record = (personId: string, data: { sequence: number; sent: SentEvent; cancelled: boolean }) => {
    const sent = data.sent as unknown as Prisma.InputJsonValue;
    return db().interviewInvitation.upsert({
      where: { interviewId_personId: { interviewId, personId } },
      create: { districtId, interviewId, personId, ...data, sent },
      update: { ...data, sent },
    });
  };
  const counts = { requested: 0, updated: 0, cancelled: 0 };

  for (const personId of current?.invitees ?? []) {
    const person = people.get(personId);
    const row = byPerson.get(personId);
    if (!person || person.archived || !current?.event) continue;
    if (row && !row.cancelled && sameEvent(row.sent, current.event)) continue;
    const kind = row && !row.cancelled ? "update" : "request";
    const sequence = row ? row.sequence + 1 : 0;
    await send(kind, person, sequence, current.event);
    await record(personId, { sequence, sent: current.event, cancelled: false });
    counts[kind === "update" ? "updated" : "requested"]++;
  }

  const invitees = new Set(current?.invitees ?? []);
  for (const row of byPerson.values()) {
    if (row.cancelled || invitees.has(row.personId)) continue;
    const person = people.get(row.personId);
    if (!person || person.archived) continue;
    const sequence = row.sequence + 1;
    // A past event is only marked: nobody needs a cancellation of what is over.
    if (!ended(row.sent, now)) {
      await send("cancel", person, sequence, row.sent);
      counts.cancelled++;
    }
    await record(row.personId, { sequence, sent: row.sent, cancelled: true });
  }
  // A deleted interview's rows go once its cancellations are out.
  if (!current) await db().interviewInvitation.deleteMany({ where });
  return counts;
}
