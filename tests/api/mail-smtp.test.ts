import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { wakeLocalWorkers } from "@/lib/jobs/local-workers";
import { resetMailTransport } from "@/lib/mail/send-mail";
import { api } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

type Received = { from: string; to: string[]; raw: string };

let d: TestDistrict;
let server: SMTPServer;
let smtpUrl: string;
const received: Received[] = [];

/** Points the mail transport at the test's SMTP server, or at a port where nothing listens. */
function smtpUp(up: boolean) {
  process.env.SMTP_URL = up ? smtpUrl : "smtp://127.0.0.1:9";
  resetEnvCache();
  resetMailTransport();
}

type MailJob = { id: string; state: string; data: { to: string; districtId?: string } };
const mailJobsTo = (email: string) =>
  db().$queryRawUnsafe<MailJob[]>(`select id::text, state::text, data from "${env().JOBS_SCHEMA}".job where name = 'mail-send' and data->>'to' = $1`, email);

/** Runs the queued mail job now rather than at its retry time. */
async function runMailJobNow(id: string) {
  await db().$executeRawUnsafe(`update "${env().JOBS_SCHEMA}".job set start_after = now() where id::text = $1`, id);
  wakeLocalWorkers("mail-send");
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  smtpUrl = `smtp://127.0.0.1:${port}`;
  smtpUp(true);
  d = await makeDistrict("Mail");
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  resetMailTransport();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Just enough MIME: the decoded text of every leaf part (quoted-printable, base64 or plain). */
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
  let text = body;
  if (encoding === "quoted-printable") {
    text = Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  } else if (encoding === "base64") {
    text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return [{ headers: head, body: text }];
}

const headerOf = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(raw.split(/\r?\n\r?\n/)[0])?.[1];

function outboxCountFor(email: string) {
  const dir = path.join(env().dataDir, "outbox");
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .filter((n) => (JSON.parse(fs.readFileSync(path.join(dir, n), "utf8")) as { to: string }).to === email).length;
}

describe("mail over SMTP (SMTP_URL set)", () => {
  it("POST /api/people/:id/invite delivers the invitation with its sign-in link, and writes nothing to the outbox", async () => {
    const email = uniqueEmail("smtp");
    const person = await api.post("/api/people", d.admin.token, { first: "Mia", last: "Mail", email });
    expect(person.status).toBe(201);

    const res = await api.post(`/api/people/${person.body.id}/invite`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const message = received.find((m) => m.to.includes(email));
    expect(message, "no message reached the SMTP server").toBeDefined();
    expect(message!.to).toEqual([email]);
    expect(message!.from).toBe("no-reply@cas.localhost");
    expect(headerOf(message!.raw, "To")).toContain(email);
    expect(headerOf(message!.raw, "Subject")).toMatch(/invited/i);

    const parts = decodedParts(message!.raw);
    const text = parts.find((p) => /content-type:\s*text\/plain/i.test(p.headers));
    const html = parts.find((p) => /content-type:\s*text\/html/i.test(p.headers));
    expect(text && html).toBeTruthy();
    const link = /https?:\/\/\S+\/api\/auth\/callback\/email\?\S+/.exec(text!.body)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get("token")).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get("email")).toBe(email);
    expect(html!.body).toContain(url.searchParams.get("token"));

    expect(outboxCountFor(email)).toBe(0);
  });

  it("an archived person gets no invitation over SMTP either (409)", async () => {
    const email = uniqueEmail("archived");
    const person = await api.post("/api/people", d.admin.token, { first: "Ari", last: "Chived", email });
    await api.patch(`/api/people/${person.body.id}`, d.admin.token, { archived: 1 });
    expect((await api.post(`/api/people/${person.body.id}/invite`, d.admin.token)).status).toBe(409);
    expect(received.some((m) => m.to.includes(email))).toBe(false);
  });
});

describe("SMTP down", () => {
  it("an invitation becomes a job of the district, retried, and delivered once the mail server is back", async () => {
    const email = uniqueEmail("down");
    const person = await api.post("/api/people", d.admin.token, { first: "Dan", last: "Down", email });
    smtpUp(false);
    try {
      expect((await api.post(`/api/people/${person.body.id}/invite`, d.admin.token)).status).toBe(200);
    } finally {
      smtpUp(true);
    }
    expect(received.some((m) => m.to.includes(email))).toBe(false);
    const [job] = await mailJobsTo(email);
    expect(job).toMatchObject({ state: "created", data: { to: email, districtId: d.id } });
    // The district's administrators see it waiting.
    expect((await api.get("/api/jobs?state=queued", d.admin.token)).body).toContainEqual(
      expect.objectContaining({ id: job.id, queue: "mail-send", state: "queued" }),
    );

    await runMailJobNow(job.id);
    await expect.poll(() => received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await mailJobsTo(email))[0].state, { timeout: 10_000 }).toBe("completed");
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("a mail out of retries is dead: the district's admins see it with why, and Retry delivers it", async () => {
    const email = uniqueEmail("dead");
    const person = await api.post("/api/people", d.admin.token, { first: "Dee", last: "Dead", email });
    smtpUp(false);
    let job: MailJob;
    try {
      expect((await api.post(`/api/people/${person.body.id}/invite`, d.admin.token)).status).toBe(200);
      [job] = await mailJobsTo(email);
      // Its last attempt, with the mail server still down.
      await db().$executeRawUnsafe(`update "${env().JOBS_SCHEMA}".job set retry_limit = retry_count where id::text = $1`, job.id);
      await runMailJobNow(job.id);
      await expect.poll(async () => (await mailJobsTo(email))[0].state, { timeout: 20_000 }).toBe("failed");
    } finally {
      smtpUp(true);
    }
    const listed = (await api.get("/api/jobs", d.admin.token)).body.find((j: { id: string }) => j.id === job.id);
    expect(listed).toMatchObject({ queue: "mail-send", state: "failed", error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    const elsewhere = await makeDistrict("Mail elsewhere");
    expect((await api.get("/api/jobs", elsewhere.admin.token)).body.map((j: { id: string }) => j.id)).not.toContain(job.id);
    expect((await api.post(`/api/jobs/${job.id}/retry`, elsewhere.admin.token)).status).toBe(404);

    expect((await api.post(`/api/jobs/${job.id}/retry`, d.admin.token)).status).toBe(200);
    wakeLocalWorkers("mail-send");
    await expect.poll(() => received.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
  });
});
