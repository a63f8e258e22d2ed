import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { wakeLocalWorkers } from "@/lib/jobs/local-workers";
import { resetMailTransport } from "@/lib/mail/send-mail";
import { sweepNotifications } from "@/lib/notifications/sweep-notifications";
import { calendarDayIn, addDays } from "@/lib/notifications/reminder-window";
import { displayTimeZone } from "@/lib/i18n/time-zone";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer, type OpenAiServer } from "../helpers/openai-server";
import { startTestRealtime, subscribe, type TestRealtime } from "../helpers/realtime";

/**
 * E-mail notifications through a real SMTP server (smtp-server), the real queue and the real
 * stack: unread messages (once per conversation until read, never while the reader is online,
 * in the reader's language), published interviews, scorecard reminders, preferences, the
 * one-click unsubscribe (RFC 8058), archived people, and SMTP down.
 */

type Received = { to: string[]; raw: string };
type Person = { id: string; email: string; token: string };

let d: TestDistrict;
let smtp: SMTPServer;
let smtpUrl: string;
let openai: OpenAiServer;
let realtime: TestRealtime;
const received: Received[] = [];
const SETTINGS = { NOTIFY_EMAILS: "true", NOTIFY_AFTER_SECONDS: "600" } as const;
const saved = Object.fromEntries(["SMTP_URL", "OPENAI_BASE_URL", "OPENAI_API_KEY", ...Object.keys(SETTINGS)].map((k) => [k, process.env[k]]));

function smtpUp(up: boolean) {
  process.env.SMTP_URL = up ? smtpUrl : "smtp://127.0.0.1:9";
  resetEnvCache();
  resetMailTransport();
}

beforeAll(async () => {
  smtp = new SMTPServer({
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
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  openai = await startOpenAiServer();
  realtime = await startTestRealtime();
  Object.assign(process.env, SETTINGS, { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: openai.apiKey });
  smtpUp(true);
  d = await makeDistrict("Notifications");
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  resetMailTransport();
  await realtime.close();
  await openai.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

// ---- helpers ----

/** The decoded text of every leaf part (quoted-printable, base64 or plain). */
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
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return [{ headers: head, body: Buffer.from(bytes, "latin1").toString("utf8") }];
  }
  if (encoding === "base64") return [{ headers: head, body: Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") }];
  return [{ headers: head, body }];
}

/** A header of the message, unfolded (long values are folded over lines). */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1];
}

/** A MIME encoded-word subject (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) decoded. */
function decodedSubject(raw: string) {
  return (headerOf(raw, "Subject") ?? "").replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));

function textOf(mail: Received) {
  const parts = decodedParts(mail.raw);
  const text = parts.find((p) => /content-type:\s*text\/plain/i.test(p.headers));
  const html = parts.find((p) => /content-type:\s*text\/html/i.test(p.headers));
  expect(text && html, "an HTML and a text part").toBeTruthy();
  return { text: text!.body, html: html!.body };
}

/** When the person last made a request: now (at work), or an hour ago (away). */
async function seen(person: { id: string }, when: "now" | "an hour ago") {
  const at = new Date(Date.now() - (when === "now" ? 0 : 3600_000));
  await db().personPresence.upsert({
    where: { personId: person.id, districtId: d.id },
    create: { personId: person.id, districtId: d.id, lastSeenAt: at },
    update: { lastSeenAt: at },
  });
}

/** The person has made no request for an hour (nor holds a connection): away. */
const away = (person: { id: string }) => seen(person, "an hour ago");

/** Every e-mail job of this person has finished (sent or dropped). */
async function settled(person: { id: string }) {
  const pending = () =>
    db().notification.findMany({ where: { districtId: d.id, personId: person.id, sentAt: null, droppedReason: null }, select: { id: true, kind: true } });
  await expect
    .poll(
      async () => {
        const waiting = await pending();
        if (!waiting.length) return "settled";
        const jobs = await db().$queryRawUnsafe<unknown[]>(
          `select state::text, retry_count, output from "${env().JOBS_SCHEMA}".job where name = 'notification-send' and data->>'notificationId' = any($1::text[])`,
          waiting.map((n) => n.id),
        );
        return `waiting: ${JSON.stringify(jobs)}`;
      },
      { timeout: 30_000 },
    )
    .toBe("settled");
}

/** Runs the sweep (as the minute's cron would), and waits for its e-mails to these people. */
async function sweep(...people: { id: string }[]) {
  await sweepNotifications({ districtIds: [d.id] });
  for (const person of people) await settled(person);
}

async function write(from: Person, to: Person[], body: string) {
  const res = await api.post("/api/messages", from.token, { participants: to.map((p) => p.id), body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function reply(from: Person, conversationId: string, body: string) {
  const res = await api.post(`/api/messages/${conversationId}`, from.token, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/**
 * A new person, at work until the test says they are away: the minute's cron sweep of this
 * process (NOTIFY_EMAILS is on here) may run at any moment, and must not tell them of a message
 * before the test means it to.
 */
async function person(kind: "candidate" | "mentor" | "board", language = "en") {
  const created = await d.addPerson(kind, { language, first: kind === "board" ? "Bea" : "Carla", last: "Notified" });
  await seen(created, "now");
  return created;
}

/** Slow on a busy machine: a sweep, its jobs and a real SMTP exchange per step. */
const SLOW = { timeout: 120_000 };

// ---- unread messages ----

describe("unread messages", () => {
  it(
    "one e-mail per unread batch, naming each conversation with its latest messages in the reader's language, with links and a one-click unsubscribe",
    SLOW,
    async () => {
      const reader = await person("candidate", "es");
      const other = await person("mentor");
      const first = await write(d.admin, [reader], "Good morning");
      const second = await write(d.admin, [reader, other], "Please send your documents");
      await away(reader);

      await sweep(reader);
      expect(mailsTo(reader.email)).toHaveLength(1);
      const [mail] = mailsTo(reader.email);
      expect(decodedSubject(mail.raw)).toBe("Tienes mensajes sin leer en 2 conversaciones");
      const { text, html } = textOf(mail);
      // As the chat shows it: translated into the reader's language.
      expect(text).toContain("Buenos días");
      expect(text).toContain("[es] Please send your documents");
      expect(html).toContain('lang="es"');
      for (const id of [first, second]) {
        expect(text).toContain(`/messages/${id}`);
        expect(html).toContain(`/messages/${id}`);
      }
      expect(headerOf(mail.raw, "List-Unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\?token=[\w.-]+>$/);
      expect(headerOf(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

      // Nothing new to tell: no second e-mail, and more messages in a conversation already told about add none until it is read.
      await sweep(reader);
      await reply(d.admin, first, "Are you there?");
      await sweep(reader);
      expect(mailsTo(reader.email)).toHaveLength(1);
    },
  );

  it("two sweeps at once send it once", SLOW, async () => {
    const reader = await person("candidate");
    await write(d.admin, [reader], "Hello twice");
    await away(reader);
    await Promise.all([1, 2, 3].map(() => sweepNotifications({ districtIds: [d.id] })));
    await settled(reader);
    expect(mailsTo(reader.email)).toHaveLength(1);
    expect(await db().notification.count({ where: { districtId: d.id, personId: reader.id } })).toBe(1);
  });

  it("none while the reader is online: a request within NOTIFY_AFTER_SECONDS, or an open connection", SLOW, async () => {
    const reader = await d.addPerson("candidate");
    // A request of theirs: they are at work.
    expect((await api.get("/api/me", reader.token)).status).toBe(200);
    await expect.poll(() => db().personPresence.count({ where: { districtId: d.id, personId: reader.id } })).toBe(1);
    await write(d.admin, [reader], "Are you online?");
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(0);

    // No request for an hour, but the app open in a tab: its socket holds their own channel.
    const client = await realtime.connectClient();
    await subscribe(client, `private-person-${reader.id}`);
    await away(reader);
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(0);

    // The tab closed: now they are away.
    client.disconnect();
    await expect.poll(() => realtime.connections(), { timeout: 10_000 }).toBe(0);
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(1);
  });

  it("none after they read; once read, the next message may be told again", SLOW, async () => {
    const reader = await person("candidate");
    const conversation = await write(d.admin, [reader], "Read me soon");
    expect((await api.get(`/api/messages/${conversation}`, reader.token)).status).toBe(200);
    await away(reader);
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(0);

    await reply(d.admin, conversation, "One more thing");
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(1);
    // Read, then written to again: the conversation may be told about once more.
    expect((await api.get(`/api/messages/${conversation}`, reader.token)).status).toBe(200);
    await reply(d.admin, conversation, "And another");
    await away(reader);
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(2);
    expect(textOf(mailsTo(reader.email)[1]).text).toContain("And another");
    expect(textOf(mailsTo(reader.email)[1]).text).not.toContain("One more thing");
  });

  it("none to an archived person", SLOW, async () => {
    const reader = await person("candidate");
    await write(d.admin, [reader], "Before you go");
    expect((await api.patch(`/api/people/${reader.id}`, d.admin.token, { archived: 1 })).status).toBe(200);
    await away(reader);
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(0);
    expect(await db().notification.count({ where: { districtId: d.id, personId: reader.id } })).toBe(0);
  });

  it("SMTP down: the e-mail waits as a job, is retried, and goes once when the server is back", SLOW, async () => {
    const reader = await person("candidate");
    await write(d.admin, [reader], "Through the outage");
    smtpUp(false);
    let jobId: string;
    try {
      await away(reader);
      await sweepNotifications({ districtIds: [d.id] });
      const jobs = () =>
        db().$queryRawUnsafe<{ id: string; state: string; retry_count: number; output: unknown }[]>(
          `select id::text, state::text, retry_count, output from "${env().JOBS_SCHEMA}".job where name = 'notification-send' and data->>'notificationId' in (select id from notifications where district_id = $1 and person_id = $2)`,
          d.id,
          reader.id,
        );
      await expect.poll(async () => JSON.stringify(await jobs()), { timeout: 30_000 }).toMatch(/"state":"retry"/);
      jobId = (await jobs())[0].id;
      expect(mailsTo(reader.email)).toHaveLength(0);
    } finally {
      smtpUp(true);
    }
    await db().$executeRawUnsafe(`update "${env().JOBS_SCHEMA}".job set start_after = now() where id::text = $1`, jobId!);
    wakeLocalWorkers("notification-send");
    await settled(reader);
    expect(mailsTo(reader.email)).toHaveLength(1);
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(1);
  });
});

// ---- interviews ----

describe("interviews", () => {
  it("a candidate is told once, in their language, when their interview is published; nothing of its answers rides along", SLOW, async () => {
    const candidate = await person("candidate", "es");
    const created = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-11-02" });
    expect(created.status).toBe(201);
    const url = `/api/interviews/${candidate.id}/${created.body.id}`;
    await sweep(candidate);
    expect(mailsTo(candidate.email)).toHaveLength(0);

    expect((await api.patch(url, d.admin.token, { published: 1 })).status).toBe(200);
    await sweep(candidate);
    expect(mailsTo(candidate.email)).toHaveLength(1);
    const [mail] = mailsTo(candidate.email);
    expect(decodedSubject(mail.raw)).toBe("Tu entrevista se ha publicado");
    const { text } = textOf(mail);
    expect(text).toContain("2 de noviembre de 2026");
    expect(text).toContain(`/interviews/${candidate.id}/${created.body.id}`);

    // Unpublished and published again: still once.
    expect((await api.patch(url, d.admin.token, { published: 0 })).status).toBe(200);
    expect((await api.patch(url, d.admin.token, { published: 1 })).status).toBe(200);
    await sweep(candidate);
    expect(mailsTo(candidate.email)).toHaveLength(1);
  });

  it("board members are reminded the day after of a scorecard they have not submitted, once", SLOW, async () => {
    const candidate = await person("candidate");
    const pending = await person("board");
    const done = await person("board");
    const board = await db().board.create({
      data: { districtId: d.id, name: "Reminder board", members: { create: [{ personId: pending.id }, { personId: done.id }] } },
    });
    const today = calendarDayIn(new Date(), displayTimeZone());
    const yesterday = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: addDays(today, -1), board_id: board.id });
    const tomorrow = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: addDays(today, 1), board_id: board.id });
    expect([yesterday.status, tomorrow.status]).toEqual([201, 201]);
    await db().interviewScorecard.create({ data: { districtId: d.id, interviewId: yesterday.body.id, memberId: done.id, submittedAt: new Date() } });

    await sweep(pending, done);
    await sweep(pending, done);
    expect(mailsTo(pending.email)).toHaveLength(1);
    expect(mailsTo(done.email)).toHaveLength(0);
    const { text } = textOf(mailsTo(pending.email)[0]);
    expect(decodedSubject(mailsTo(pending.email)[0].raw)).toContain("Carla Notified");
    expect(text).toContain(`/interviews/${candidate.id}/${yesterday.body.id}`);
    expect(text).not.toContain(tomorrow.body.id);
  });
});

// ---- preferences and unsubscribe ----

describe("preferences", () => {
  it("PATCH /api/me turns kinds off and on; GET /api/me shows them", SLOW, async () => {
    const me = await person("candidate");
    expect((await api.get("/api/me", me.token)).body.notifications).toEqual({ messages: 1, interview_published: 1, interview_reminder: 1 });
    const off = await api.patch("/api/me", me.token, { notifications: { messages: 0 } });
    expect(off.status).toBe(200);
    expect(off.body.notifications).toEqual({ messages: 0, interview_published: 1, interview_reminder: 1 });
    expect(off.body.person.language).toBe("en");
    const both = await api.patch("/api/me", me.token, { language: "es", notifications: { messages: 1, interview_reminder: 0 } });
    expect(both.status).toBe(200);
    expect(both.body.notifications).toEqual({ messages: 1, interview_published: 1, interview_reminder: 0 });
    expect(both.body.person.language).toBe("es");

    await write(d.admin, [me], "Muted?");
    expect((await api.patch("/api/me", me.token, { notifications: { messages: 0 } })).status).toBe(200);
    await away(me);
    await sweep(me);
    expect(mailsTo(me.email)).toHaveLength(0);
  });

  it("PATCH /api/me refuses what it does not know (400), no token (401), an API key (403)", SLOW, async () => {
    const me = await person("candidate");
    for (const body of [
      { notifications: { messages: 2 } },
      { notifications: { everything: 0 } },
      { notifications: {} },
      {},
      { notifications: { messages: true } },
    ]) {
      const res = await api.patch("/api/me", me.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await api.patch("/api/me", undefined, { notifications: { messages: 0 } })).status).toBe(401);
    expect((await api.patch("/api/me", "not-a-token", { notifications: { messages: 0 } })).status).toBe(401);
    const key = await d.addKey(["read:people", "write:people"]);
    const byKey = await api.patch("/api/me", key.key, { notifications: { messages: 0 } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe("forbidden");
  });

  it("the one-click unsubscribe stops only that kind, needs no sign-in, and refuses a tampered token", SLOW, async () => {
    const reader = await person("candidate");
    await write(d.admin, [reader], "Unsubscribe me");
    await away(reader);
    await sweep(reader);
    const [mail] = mailsTo(reader.email);
    const link = /^<(.+)>$/.exec(headerOf(mail.raw, "List-Unsubscribe")!)![1];
    const { pathname, search } = new URL(link);
    const token = new URL(link).searchParams.get("token")!;

    // Tampered or cut short: refused, nothing changes.
    const [payload, signature] = token.split(".");
    for (const bad of [
      // The first character: all six of its bits are the signature's (the last one's low bits are padding).
      `${payload}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`,
      payload,
      `${Buffer.from(JSON.stringify([d.id, reader.id, "interview_published"])).toString("base64url")}.${signature}`,
    ]) {
      const res = await api.post(`/api/unsubscribe?token=${encodeURIComponent(bad)}`, undefined, undefined, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        rawBody: "List-Unsubscribe=One-Click",
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    expect((await api.post("/api/unsubscribe", undefined)).status).toBe(400);
    expect((await api.get("/api/me", reader.token)).body.notifications.messages).toBe(1);

    // As a mail client sends it (RFC 8058): POST, the form body, no sign-in.
    const res = await api.post(`${pathname}${search}`, undefined, undefined, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      rawBody: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, kind: "messages" });
    expect((await api.get("/api/me", reader.token)).body.notifications).toEqual({ messages: 0, interview_published: 1, interview_reminder: 1 });

    // That kind stops; the others still come.
    const conversation = (await api.get("/api/messages", reader.token)).body[0].id as string;
    expect((await api.get(`/api/messages/${conversation}`, reader.token)).status).toBe(200);
    await reply(d.admin, conversation, "Still there?");
    const interview = await api.post(`/api/interviews/${reader.id}`, d.admin.token, { date: "2026-11-03" });
    expect((await api.patch(`/api/interviews/${reader.id}/${interview.body.id}`, d.admin.token, { published: 1 })).status).toBe(200);
    await away(reader);
    await sweep(reader);
    expect(mailsTo(reader.email)).toHaveLength(2);
    expect(decodedSubject(mailsTo(reader.email)[1].raw)).toBe("Your interview has been published");
  });
});
