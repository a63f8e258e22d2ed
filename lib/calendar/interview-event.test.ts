import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { feedIcs, interviewUid, invitationIcs, organizerOf, sameEvent, type EventDetails } from "./interview-event";
import { momentOf, wallTime, zonedIso } from "./zoned-time.shared";

const details: EventDetails = {
  start: Date.UTC(2026, 11, 1, 9, 0),
  minutes: 45,
  location: "Room 4, Main St 1",
  meeting_url: "https://meet.example.org/abc",
  name: "Ana García",
};
const words = { summary: "Interview: Ana García", description: "When: …", pageUrl: "https://cas.example.org/interviews/p1/i1" };
const base = {
  uid: interviewUid("i1", "https://cas.example.org"),
  timeZone: "Europe/Madrid",
  organizer: organizerOf("Credentials Administration <no-reply@cas.example.org>"),
  attendee: { name: "Bo Board", email: "bo@example.org" },
  words,
};

/** The message's calendar and its one event, as a calendar client reads them. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevents = calendar.getAllSubcomponents("vevent");
  return { calendar, vevents, event: new ICAL.Event(vevents[0]) };
}

describe("invitations (RFC 5545/5546, read back with ical.js)", () => {
  it("a REQUEST names one stable UID, SEQUENCE 0, the time in UTC and only its attendee", () => {
    const { calendar, vevents, event } = parse(invitationIcs({ ...base, method: "REQUEST", sequence: 0, details }));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("Europe/Madrid");
    expect(vevents).toHaveLength(1);
    expect(event.uid).toBe("interview-i1@cas.example.org");
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().getTime()).toBe(details.start);
    expect(event.endDate.toJSDate().getTime()).toBe(details.start + 45 * 60_000);
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.summary).toBe("Interview: Ana García");
    expect(event.location).toBe("Room 4, Main St 1");
    expect(vevents[0].getFirstPropertyValue("url")).toBe("https://meet.example.org/abc");
    expect(vevents[0].getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(String(event.organizer).toLowerCase()).toBe("mailto:no-reply@cas.example.org");
    expect(event.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual(["mailto:bo@example.org"]);
  });

  it("an update keeps the UID and raises SEQUENCE; a CANCEL names the same UID with status CANCELLED", () => {
    const moved = { ...details, start: details.start + 3600_000 };
    const first = parse(invitationIcs({ ...base, method: "REQUEST", sequence: 0, details })).event;
    const update = parse(invitationIcs({ ...base, method: "REQUEST", sequence: 1, details: moved })).event;
    const cancel = parse(invitationIcs({ ...base, method: "CANCEL", sequence: 2, details: moved }));
    expect(update.uid).toBe(first.uid);
    expect(update.sequence).toBeGreaterThan(first.sequence);
    expect(update.startDate.toJSDate().getTime()).toBe(moved.start);
    expect(cancel.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancel.event.uid).toBe(first.uid);
    expect(cancel.event.sequence).toBe(2);
    expect(cancel.vevents[0].getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("an event without a place uses its meeting link as the location", () => {
    const { event } = parse(invitationIcs({ ...base, method: "REQUEST", sequence: 0, details: { ...details, location: null } }));
    expect(event.location).toBe("https://meet.example.org/abc");
  });

  it("tells an update from a resend", () => {
    const { name: _, ...when } = details;
    const sent = { ...when, candidate_id: "p1" };
    expect(sameEvent(sent, { ...sent })).toBe(true);
    expect(sameEvent(sent, { ...sent, minutes: 60 })).toBe(false);
    expect(sameEvent(sent, { ...sent, start: sent.start + 60_000 })).toBe(false);
    expect(sameEvent(sent, { ...sent, location: "Room 5" })).toBe(false);
    expect(sameEvent(sent, { ...sent, meeting_url: null })).toBe(false);
  });

  it("reads the organizer from MAIL_FROM, with or without a name", () => {
    expect(organizerOf("CAS <a@b.org>")).toEqual({ name: "CAS", email: "a@b.org" });
    expect(organizerOf("a@b.org")).toEqual({ name: "a@b.org", email: "a@b.org" });
  });
});

describe("the feed", () => {
  it("is a calendar without METHOD, one event per interview with its invitations' UID and SEQUENCE", () => {
    const ics = feedIcs("Interviews · North", "America/New_York", [
      { uid: "interview-a@h", sequence: 0, details, words },
      { uid: "interview-b@h", sequence: 3, details: { ...details, start: details.start + 86_400_000 }, words },
    ]);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue("method")).toBeNull();
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Interviews · North");
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("America/New_York");
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.sequence])).toEqual([
      ["interview-a@h", 0],
      ["interview-b@h", 3],
    ]);
  });
});

describe("the district's wall clock", () => {
  it("shows a moment in the zone, with its offset, across a DST change", () => {
    expect(zonedIso(Date.UTC(2026, 11, 1, 9, 0), "Europe/Madrid")).toBe("2026-12-01T10:00:00+01:00");
    expect(zonedIso(Date.UTC(2026, 6, 1, 9, 0), "Europe/Madrid")).toBe("2026-07-01T11:00:00+02:00");
    expect(zonedIso(Date.UTC(2026, 6, 1, 9, 0), "America/New_York")).toBe("2026-07-01T05:00:00-04:00");
    expect(zonedIso(Date.UTC(2026, 0, 1, 9, 0), "Asia/Kolkata")).toBe("2026-01-01T14:30:00+05:30");
  });

  it("turns a typed wall-clock time into the moment, and back", () => {
    for (const zone of ["Europe/Madrid", "America/Los_Angeles", "UTC", "Australia/Adelaide"]) {
      for (const wall of ["2026-03-29T12:00", "2026-10-25T09:30", "2026-12-31T23:59"]) {
        expect(wallTime(momentOf(wall, zone)!, zone)).toBe(wall);
      }
    }
    expect(momentOf("2026-12-01T10:00", "Europe/Madrid")).toBe(Date.UTC(2026, 11, 1, 9, 0));
    expect(momentOf("not a time", "UTC")).toBeNull();
  });
});
