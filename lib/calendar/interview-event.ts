import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";

/**
 * An interview as a calendar event (RFC 5545), and the iTIP messages that carry it (RFC 5546):
 * a REQUEST that invites or updates (same UID, higher SEQUENCE), a CANCEL, and the feed of many
 * (METHOD absent: a published calendar). Only the title, time, place, meeting link and the link to
 * the interview page ever go into one: no answer, note or private field.
 */

/** What an invitation shows: the candidate's name, and when and where. */
export type EventDetails = { start: number; minutes: number; location: string | null; meeting_url: string | null; name: string };

/**
 * What interview_invitations.sent keeps of an invitation: when and where, and whose interview by
 * id (the name is read when a message is made: an erased candidate's name is kept nowhere here).
 */
export type SentEvent = Omit<EventDetails, "name"> & { candidate_id: string };

/** A calendar's words in the reader's language, and where the interview's page is. */
export type EventWords = { summary: string; description: string; pageUrl: string };

/** How long an interview without a duration lasts in calendars. */
export const DEFAULT_MINUTES = 60;

const PROD_ID = { company: "Credentials Administration Service", product: "Interviews", language: "EN" };

/** One stable UID per interview: every update and cancellation of it names the same event. */
export const interviewUid = (interviewId: string, origin: string) => `interview-${interviewId}@${new URL(origin).hostname}`;

/** Whether what was sent still shows the event (else the next is an update with SEQUENCE + 1). */
export const sameEvent = (a: SentEvent, b: SentEvent) =>
  a.start === b.start && a.minutes === b.minutes && a.location === b.location && a.meeting_url === b.meeting_url && a.candidate_id === b.candidate_id;

/** "Name <address>" (MAIL_FROM) as the organizer. */
export function organizerOf(from: string) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] || match[2], email: match[2] } : { name: from.trim(), email: from.trim() };
}

type Invitation = {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  details: EventDetails;
  words: EventWords;
  timeZone: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
};

function calendar(timeZone: string, method?: ICalCalendarMethod, name?: string): ICalCalendar {
  // Times are written in UTC (unambiguous for every client); X-WR-TIMEZONE names the district's zone for display.
  return ical({ prodId: PROD_ID, ...(method ? { method } : {}), ...(name ? { name } : {}), x: [["X-WR-TIMEZONE", timeZone]] });
}

function addEvent(cal: ICalCalendar, uid: string, sequence: number, details: EventDetails, words: EventWords, cancelled = false) {
  return cal.createEvent({
    id: uid,
    sequence,
    stamp: new Date(),
    start: new Date(details.start),
    end: new Date(details.start + details.minutes * 60_000),
    summary: words.summary,
    description: words.description,
    location: details.location ?? details.meeting_url ?? null,
    url: details.meeting_url ?? words.pageUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** A REQUEST (invitation or update) or CANCEL for one attendee: only they are named in it, so nobody learns who else was asked. */
export function invitationIcs(invitation: Invitation): string {
  const cancel = invitation.method === "CANCEL";
  const cal = calendar(invitation.timeZone, cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  const event = addEvent(cal, invitation.uid, invitation.sequence, invitation.details, invitation.words, cancel);
  event.organizer(invitation.organizer);
  event.createAttendee({
    email: invitation.attendee.email,
    name: invitation.attendee.name,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.NEEDSACTION,
    rsvp: false,
  });
  return cal.toString();
}

/** A person's feed: their upcoming interviews, each with its invitations' UID. */
export function feedIcs(name: string, timeZone: string, events: { uid: string; sequence: number; details: EventDetails; words: EventWords }[]): string {
  const cal = calendar(timeZone, undefined, name);
  for (const e of events) addEvent(cal, e.uid, e.sequence, e.details, e.words);
  return cal.toString();
}
