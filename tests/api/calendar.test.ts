import type { AddressInfo } from "node:net";
import ICAL from "ical.js";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { wakeLocalWorkers } from "@/lib/jobs/local-workers";
import { resetMailTransport } from "@/lib/mail/send-mail";
import { api, call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * Interviews in everyone's calendar, through the real stack: invitations e-mailed to the SMTP
 * server below by the `calendar-sync` job, read back with ical.js; the district's choice of when
 * they go; the private feed, by who may see what.
 */

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let server: SMTPServer;
let smtpUrl: string;

/** Points the mail transport at the SMTP server above, or at a port where nothing listens. */
function smtpUp(up: boolean) {
  process.env.SMTP_URL = up ? smtpUrl : "smtp://127.0.0.1:9";
  resetEnvCache();
  resetMailTransport();
}

/** The decoded leaf parts of a message (quoted-printable, base64 or plain). */
function decodedParts(raw: string): { headers: string; body: string }[] {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\r\n\r\n");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .flatMap((part) => decodedParts(part.replace(/^\r?\n/, "")));
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return [{ headers: head, body: Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") }];
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return [{ headers: head, body: Buffer.from(bytes, "latin1").toString("utf8") }];
  }
  return [{ headers: head, body }];
}

/** What a calendar client reads in a message: its METHOD, the event, and the mail's own words. */
function invitationOf(message: Received) {
  const parts = decodedParts(message.raw);
  const calendarPart = parts.find((p) => /content-type:\s*text\/calendar/i.test(p.headers));
  const attachment = parts.find((p) => /content-type:\s*application\/ics/i.test(p.headers));
  expect(calendarPart, "a text/calendar part").toBeDefined();
  expect(attachment, "an .ics attachment").toBeDefined();
  const lines = (ics: string) => ics.replace(/\r\n/g, "\n").trim();
  expect(lines(attachment!.body)).toBe(lines(calendarPart!.body));
  const calendar = new ICAL.Component(ICAL.parse(calendarPart!.body));
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  const subject = decodeURIComponent(/^Subject:\s*(.*)$/im.exec(message.raw.split(/\r?\n\r?\n/)[0])?.[1] ?? "");
  return { method: calendar.getFirstPropertyValue("method"), event, ics: calendarPart!.body, text: parts.map((p) => p.body).join("\n"), subject };
}

const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));
/** Waits until `email` has `count` messages, and gives the last one. */
async function nth(email: string, count: number) {
  await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(count);
  return invitationOf(mailsTo(email)[count - 1]);
}

const HOUR = 3600_000;
const future = (days: number) => Math.round((Date.now() + days * 24 * HOUR) / 60_000) * 60_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let d: TestDistrict;
let other: TestDistrict;
type P = Awaited<ReturnType<TestDistrict["addPerson"]>>;
let candidate: P, m1: P, m2: P, archivedMember: P, mentor: P, otherMentor: P, otherCandidate: P, boardId: string, formId: string;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  process.env.TIME_ZONE = "Europe/Madrid";
  smtpUp(true);

  d = await makeDistrict("Calendar");
  other = await makeDistrict("Calendar elsewhere");
  [candidate, m1, m2, archivedMember, mentor, otherMentor, otherCandidate] = await Promise.all([
    d.addPerson("candidate", { first: "Ana", last: "García", language: "es" }),
    d.addPerson("board", { first: "Bo" }),
    d.addPerson("board", { first: "Cy" }),
    d.addPerson("board", { first: "Di", archived: true }),
    d.addPerson("mentor"),
    d.addPerson("mentor"),
    d.addPerson("candidate"),
  ]);
  await d.assignMentor(mentor.id, candidate.id);
  await d.assignMentor(otherMentor.id, otherCandidate.id);
  const board = await api.post("/api/boards", d.admin.token, { name: "Board", members: [m1.id, m2.id, archivedMember.id] });
  boardId = board.body.id;
  formId = (await api.post("/api/forms", d.admin.token, { name: "Form", fields: [{ id: "secret", type: "text", label: { en: "Notes" }, p: 1 }] })).body.id;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.TIME_ZONE;
  resetEnvCache();
  resetMailTransport();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("an interview's time and place", () => {
  it("are kept beside the date and shown in the district's time zone", async () => {
    const startsAt = Date.UTC(2031, 6, 1, 8, 30);
    const res = await api.post(`/api/interviews/${otherCandidate.id}`, d.admin.token, {
      date: "2031-07-01",
      starts_at: startsAt,
      duration_minutes: 90,
      location: "Room 4",
      meeting_url: "https://meet.example.org/x",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      date: "2031-07-01",
      starts_at: startsAt,
      starts_at_local: "2031-07-01T10:30:00+02:00",
      time_zone: "Europe/Madrid",
      duration_minutes: 90,
      location: "Room 4",
      meeting_url: "https://meet.example.org/x",
    });
    const listed = (await api.get(`/api/interviews?person_id=${otherCandidate.id}`, d.admin.token)).body.find((i: { id: string }) => i.id === res.body.id);
    expect(listed).toMatchObject({ starts_at: startsAt, starts_at_local: "2031-07-01T10:30:00+02:00", location: "Room 4" });
    const cleared = await api.patch(`/api/interviews/${otherCandidate.id}/${res.body.id}`, d.admin.token, {
      starts_at: null,
      location: null,
      meeting_url: null,
      duration_minutes: null,
    });
    expect(cleared.body).toMatchObject({
      date: "2031-07-01",
      starts_at: null,
      starts_at_local: null,
      location: null,
      meeting_url: null,
      duration_minutes: null,
    });
    await api.delete(`/api/interviews/${otherCandidate.id}/${res.body.id}`, d.admin.token);
  });

  it.each([
    ["a javascript: link", { meeting_url: "javascript:alert(1)" }, "meeting_url"],
    ["a link without a host", { meeting_url: "https://" }, "meeting_url"],
    ["a zero duration", { duration_minutes: 0 }, "duration_minutes"],
    ["a duration over a day", { duration_minutes: 1441 }, "duration_minutes"],
    ["a location over 500 characters", { location: "x".repeat(501) }, "location"],
    ["a time that is not milliseconds", { starts_at: "2031-07-01T10:00" }, "starts_at"],
  ])("refuses %s (400)", async (_label, body, path) => {
    const res = await api.post(`/api/interviews/${otherCandidate.id}`, d.admin.token, { date: "2031-07-01", ...body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details.map((x: { path: string }) => x.path)).toContain(path);
    const patched = await api.patch(`/api/interviews/${otherCandidate.id}/unknownid00000000000000000`, d.admin.token, body);
    expect(patched.status).toBe(400);
  });
});

describe("invitations (the district's default: on publishing)", () => {
  let id: string;
  let startsAt: number;

  it("none while the scheduled interview is unpublished; on publishing, a REQUEST to the candidate and each active board member, in their language", async () => {
    startsAt = future(10);
    const res = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, {
      date: dayOf(startsAt),
      board_id: boardId,
      form_id: formId,
      starts_at: startsAt,
      duration_minutes: 45,
      location: "Sala 2",
      meeting_url: "https://meet.example.org/abc",
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    await api.patch(`/api/interviews/${candidate.id}/${id}`, d.admin.token, { responses: { secret: { en: "PRIVATE-NOTE-7731" } } });
    // Give a wrongly queued job the time to send something.
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(candidate.email)).toHaveLength(0);

    expect((await api.patch(`/api/interviews/${candidate.id}/${id}`, d.admin.token, { published: 1 })).status).toBe(200);
    const [c, b1, b2] = await Promise.all([nth(candidate.email, 1), nth(m1.email, 1), nth(m2.email, 1)]);
    for (const m of [c, b1, b2]) {
      expect(m.method).toBe("REQUEST");
      expect(m.event.uid).toBe(`interview-${id}@localhost`);
      expect(m.event.sequence).toBe(0);
      expect(m.event.startDate.toJSDate().getTime()).toBe(startsAt);
      expect(m.event.endDate.toJSDate().getTime()).toBe(startsAt + 45 * 60_000);
      expect(m.event.location).toBe("Sala 2");
      expect(m.event.description).toContain(`/interviews/${candidate.id}/${id}`);
      expect(m.ics).not.toContain("PRIVATE-NOTE-7731");
      expect(m.text).not.toContain("PRIVATE-NOTE-7731");
      // Only its own recipient is named: nobody learns who else was invited.
      expect(m.event.attendees).toHaveLength(1);
    }
    expect(String(c.event.attendees[0].getFirstValue()).toLowerCase()).toBe(`mailto:${candidate.email}`);
    expect(c.event.summary).toBe("Entrevista: Ana García");
    expect(b1.event.summary).toBe("Interview: Ana García");
    expect(c.text).toContain("Europe/Madrid");
    expect(mailsTo(archivedMember.email)).toHaveLength(0);
    expect(mailsTo(mentor.email)).toHaveLength(0);
  });

  it("an answer or publishing again sends nothing; a new time sends an update: same UID, SEQUENCE + 1", async () => {
    await api.patch(`/api/interviews/${candidate.id}/${id}`, d.admin.token, { responses: { secret: { en: "changed" } }, published: 1 });
    await api.patch(`/api/interviews/${candidate.id}/${id}`, d.admin.token, { starts_at: startsAt + HOUR });
    const [c, b1, b2] = await Promise.all([nth(candidate.email, 2), nth(m1.email, 2), nth(m2.email, 2)]);
    for (const m of [c, b1, b2]) {
      expect(m.method).toBe("REQUEST");
      expect(m.event.uid).toBe(`interview-${id}@localhost`);
      expect(m.event.sequence).toBe(1);
      expect(m.event.startDate.toJSDate().getTime()).toBe(startsAt + HOUR);
    }
    // Each invitation is recorded just after its e-mail went: the last one may still be on its way.
    const invitations = async () =>
      (await db().interviewInvitation.findMany({ where: { districtId: d.id, interviewId: id } }))
        .map((r) => `${r.personId} ${r.sequence} ${r.cancelled ? "cancelled" : "invited"}`)
        .sort();
    await expect.poll(invitations).toEqual([candidate.id, m1.id, m2.id].map((p) => `${p} 1 invited`).sort());
  });

  it("a member taken off the board gets a CANCEL, and only they", async () => {
    expect((await api.patch(`/api/boards/${boardId}`, d.admin.token, { members: [m1.id, archivedMember.id] })).status).toBe(200);
    const cancel = await nth(m2.email, 3);
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.event.uid).toBe(`interview-${id}@localhost`);
    expect(cancel.event.sequence).toBe(2);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(m1.email)).toHaveLength(2);
    expect(mailsTo(candidate.email)).toHaveLength(2);
  });

  it("deleting the interview sends a CANCEL to exactly those still invited", async () => {
    const before = received.length;
    expect((await api.delete(`/api/interviews/${candidate.id}/${id}`, d.admin.token)).status).toBe(200);
    const [c, b1] = await Promise.all([nth(candidate.email, 3), nth(m1.email, 3)]);
    for (const m of [c, b1]) {
      expect(m.method).toBe("CANCEL");
      expect(m.event.uid).toBe(`interview-${id}@localhost`);
      expect(m.event.sequence).toBe(2);
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.length - before).toBe(2);
    expect(mailsTo(m2.email)).toHaveLength(3);
    expect(mailsTo(archivedMember.email)).toHaveLength(0);
    await expect.poll(() => db().interviewInvitation.count({ where: { districtId: d.id, interviewId: id } }), { timeout: 10_000 }).toBe(0);
  });
});

describe("the district's choice: on creation", () => {
  it("GET/PATCH /api/settings/calendar: settings permission, sessions only", async () => {
    expect((await api.get("/api/settings/calendar", d.admin.token)).body).toEqual({ invitations: "publish" });
    expect((await api.patch("/api/settings/calendar", m1.token, { invitations: "create" })).status).toBe(403);
    const key = await d.addKey(["read:interviews", "write:interviews"]);
    expect((await api.get("/api/settings/calendar", key.key)).status).toBe(403);
    expect((await api.get("/api/settings/calendar", null)).status).toBe(401);
    expect((await api.patch("/api/settings/calendar", d.admin.token, { invitations: "sometimes" })).status).toBe(400);
    expect((await api.patch("/api/settings/calendar", d.admin.token, { invitations: "create" })).body).toEqual({ invitations: "create" });
    // Another district's setting is its own.
    expect((await api.get("/api/settings/calendar", other.admin.token)).body).toEqual({ invitations: "publish" });
  });

  it("then a scheduled interview invites at once, unpublished; clearing its time cancels", async () => {
    const startsAt = future(12);
    const res = await api.post(`/api/interviews/${otherCandidate.id}`, d.admin.token, { date: dayOf(startsAt), board_id: boardId, starts_at: startsAt });
    const request = await nth(otherCandidate.email, 1);
    expect(request.method).toBe("REQUEST");
    expect(request.event.endDate.toJSDate().getTime() - startsAt).toBe(60 * 60_000);
    expect((await nth(m1.email, 4)).method).toBe("REQUEST");
    await api.patch(`/api/interviews/${otherCandidate.id}/${res.body.id}`, d.admin.token, { starts_at: null });
    const cancel = await nth(otherCandidate.email, 2);
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.event.sequence).toBe(1);
    expect((await nth(m1.email, 5)).method).toBe("CANCEL");
    await api.patch("/api/settings/calendar", d.admin.token, { invitations: "publish" });
  });
});

describe("the mail server down", () => {
  type Job = { id: string; state: string };
  const syncJobs = (interviewId: string) =>
    db().$queryRawUnsafe<Job[]>(
      `select id::text, state::text from "${env().JOBS_SCHEMA}".job where name = 'calendar-sync' and data->>'interviewId' = $1`,
      interviewId,
    );

  it("the job is retried, and once the server is back each invitation goes, once", async () => {
    const late = await d.addPerson("candidate");
    const m1Before = mailsTo(m1.email).length;
    const startsAt = future(15);
    const created = await api.post(`/api/interviews/${late.id}`, d.admin.token, { date: dayOf(startsAt), board_id: boardId, starts_at: startsAt });
    smtpUp(false);
    try {
      await api.patch(`/api/interviews/${late.id}/${created.body.id}`, d.admin.token, { published: 1 });
      await expect.poll(async () => (await syncJobs(created.body.id)).map((j) => j.state), { timeout: 20_000 }).toContain("retry");
    } finally {
      smtpUp(true);
    }
    expect(mailsTo(late.email)).toHaveLength(0);
    const [job] = (await syncJobs(created.body.id)).filter((j) => j.state === "retry");
    await db().$executeRawUnsafe(`update "${env().JOBS_SCHEMA}".job set start_after = now() where id::text = $1`, job.id);
    wakeLocalWorkers("calendar-sync");
    expect((await nth(late.email, 1)).method).toBe("REQUEST");
    await expect.poll(async () => (await syncJobs(created.body.id)).every((j) => j.state === "completed"), { timeout: 20_000 }).toBe(true);
    expect(mailsTo(m1.email).length - m1Before).toBe(1);
    expect(mailsTo(late.email)).toHaveLength(1);
    await api.delete(`/api/interviews/${late.id}/${created.body.id}`, d.admin.token);
  });
});

describe("the calendar feed", () => {
  const ids = {} as Record<"published" | "unpublished" | "past" | "others" | "elsewhere", string>;

  beforeAll(async () => {
    const soon = future(3);
    const make = async (district: TestDistrict, token: string, personId: string, startsAt: number, published: boolean) => {
      const res = await api.post(`/api/interviews/${personId}`, token, { date: dayOf(startsAt), starts_at: startsAt, location: "Room 9" });
      if (published) await api.patch(`/api/interviews/${personId}/${res.body.id}`, token, { published: 1 });
      return res.body.id as string;
    };
    ids.published = await make(d, d.admin.token, candidate.id, soon, true);
    ids.unpublished = await make(d, d.admin.token, candidate.id, soon + HOUR, false);
    ids.past = await make(d, d.admin.token, candidate.id, soon, true);
    await db().interview.update({ where: { id: ids.past, districtId: d.id }, data: { startsAt: new Date(Date.now() - 48 * HOUR) } });
    ids.others = await make(d, d.admin.token, otherCandidate.id, soon, true);
    const stranger = await other.addPerson("candidate");
    ids.elsewhere = await make(other, other.admin.token, stranger.id, soon, true);
  });

  const feedOf = async (token: string) => {
    const res = await api.post("/api/me/calendar-feed", token);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/cal_[A-Za-z0-9_-]{43}\.ics$/);
    return res.body.url as string;
  };
  const read = (url: string) => call("GET", new URL(url).pathname);
  const uidsIn = (ics: string) =>
    new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents("vevent")
      .map((v) => new ICAL.Event(v).uid.replace(/^interview-(\w+)@.*$/, "$1"))
      .sort();

  it.each([
    ["the candidate", (): P => candidate, ["published"]],
    ["their mentor", (): P => mentor, ["published"]],
    ["another mentor", (): P => otherMentor, ["others"]],
    ["a board member", (): P => m1, ["published", "unpublished", "others"]],
    ["the admin", (): P => ({ ...d.admin }), ["published", "unpublished", "others"]],
  ] as const)("%s sees exactly the upcoming interviews they may see", async (_label, who, expected) => {
    const url = await feedOf(who().token);
    const res = await read(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("Europe/Madrid");
    // Upcoming interviews with a time from this test (the file's other interviews are deleted or unscheduled).
    const mine = new Set(expected.map((k) => ids[k]));
    const seen = uidsIn(res.body).filter((uid) => Object.values(ids).includes(uid));
    expect(seen).toEqual([...mine].sort());
    expect(res.body).not.toContain("PRIVATE");
  });

  it("a new address revokes the old one; unknown, malformed and archived owners' addresses are 404, with no session needed", async () => {
    const first = await feedOf(candidate.token);
    const second = await feedOf(candidate.token);
    expect(second).not.toBe(first);
    expect((await read(first)).status).toBe(404);
    expect((await read(first)).body.error.code).toBe("not_found");
    expect((await read(second)).status).toBe(200);
    expect((await call("GET", `/api/calendar/cal_${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await call("GET", "/api/calendar/nothing.ics")).status).toBe(404);
    expect((await call("GET", new URL(second).pathname.replace(/\.ics$/, ".json"))).status).toBe(404);
    const leaving = await d.addPerson("candidate");
    const url = await feedOf(leaving.token);
    await db().person.update({ where: { id: leaving.id, districtId: d.id }, data: { archived: true } });
    expect((await read(url)).status).toBe(404);
    // Only a hash is kept.
    const stored = await db().calendarFeed.findUnique({ where: { personId: candidate.id } });
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toContain(stored!.tokenHash);
  });

  it("POST /api/me/calendar-feed: 401 without a session, 403 for an API key", async () => {
    expect((await api.post("/api/me/calendar-feed", null)).status).toBe(401);
    expect((await api.post("/api/me/calendar-feed", "not-a-token")).status).toBe(401);
    const key = await d.addKey(["read:interviews"]);
    expect((await api.post("/api/me/calendar-feed", key.key)).status).toBe(403);
  });

  it("another district's staff never see this district's interviews, nor change them", async () => {
    const url = await feedOf(other.admin.token);
    const seen = uidsIn((await read(url)).body);
    expect(seen).toContain(ids.elsewhere);
    expect(seen).not.toContain(ids.published);
    expect((await api.patch(`/api/interviews/${candidate.id}/${ids.published}`, other.admin.token, { starts_at: future(20) })).status).toBe(404);
  });
});
