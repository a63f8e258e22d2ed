import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";
import { resetMailTransport } from "@/lib/mail/send-mail";
import { api } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

type Received = { from: string; to: string[]; raw: string };

let d: TestDistrict;
let server: SMTPServer;
const received: Received[] = [];

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
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnvCache();
  resetMailTransport();
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
