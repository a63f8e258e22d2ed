import { createHash, createHmac } from "node:crypto";
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { withTimeout } from "@/tests/helpers/realtime";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "./embedded-server";

/**
 * Every entry point of the embedded realtime server, driven with random and mutated input: the
 * HTTP request line and headers, the upgrade URL, WebSocket frames, Pusher messages, and the HTTP
 * API's bodies and signatures. Each property checks that the answer is a 4xx or a protocol error
 * and that the server still serves a valid client afterwards. A crash would surface as an
 * uncaught error, which fails the run. The `corpus` block keeps inputs that once took the process
 * down, as plain tests.
 */
const app = { appId: "4242", key: "hostilekey", secret: "s".repeat(32) };
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
let server: EmbeddedRealtimeServer;

beforeAll(async () => {
  server = await startEmbeddedRealtimeServer({ host: "127.0.0.1", port: 0, ...app });
});
afterAll(() => server.close());

/** Writes raw bytes on a fresh TCP connection; resolves to what came back before close or a short wait. */
function exchange(bytes: Buffer | string, waitMs = 300): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(bytes));
    const done = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks));
    };
    const timer = setTimeout(done, waitMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", () => {
      clearTimeout(timer);
      done();
    });
    socket.on("error", () => undefined);
  });
}

const statusOf = (answer: Buffer) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.toString("latin1"))?.[1] ?? 0);

/** A client that connects properly, subscribes to a public channel and gets a pong: the server still works. */
async function serverStillServes() {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/app/${app.key}?protocol=7`);
  const events: string[] = [];
  const got = (event: string) =>
    withTimeout(
      new Promise<void>((resolve) => {
        const check = () => (events.includes(event) ? resolve() : setTimeout(check, 5));
        check();
      }),
      5000,
      event,
    );
  socket.on("message", (raw) => events.push((JSON.parse(raw.toString()) as { event: string }).event));
  await got("pusher:connection_established");
  socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: "health-check" } }));
  await got("pusher_internal:subscription_succeeded");
  socket.send(JSON.stringify({ event: "pusher:ping", data: {} }));
  await got("pusher:pong");
  socket.close();
  const health = await fetch(`http://127.0.0.1:${server.port}/health`);
  expect(health.status).toBe(200);
}

/** Text with the characters that break parsers: brackets, %, quotes, controls, non-ASCII. */
const nasty = fc
  .array(
    fc.oneof(
      fc.constantFrom("[", "]", "{", "}", "%", "%E0", "%A4", "%ff", ":", "/", "?", "#", "@", "\\", '"', " ", "\t", "\u0000", "é", "\u{1F600}", "..", "http://", "*"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

const upgradeRequest = (target: string, headers = "") =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${headers}\r\n`;

/** The close code in the first close frame the server sent (unmasked server frames), if any. */
function closeCodeIn(bytes: Buffer): number | undefined {
  let offset = bytes.indexOf("\r\n\r\n") + 4;
  while (offset > 3 && offset + 2 <= bytes.length) {
    const opcode = bytes[offset] & 0x0f;
    let length = bytes[offset + 1] & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(offset + 2);
      start += 2;
    }
    if (opcode === 0x8) return length >= 2 ? bytes.readUInt16BE(start) : 1005;
    offset = start + length;
  }
  return undefined;
}

function signedEventsPath(body: string, override: Partial<Record<string, string>> = {}, path = `/apps/${app.appId}/events`) {
  const params: Record<string, string> = {
    auth_key: app.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: "1.0",
    body_md5: createHash("md5").update(body).digest("hex"),
    ...override,
  };
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  const signature = createHmac("sha256", app.secret).update(`POST\n${path}\n${query}`).digest("hex");
  return `${path}?${query}&auth_signature=${signature}`;
}

describe("properties: random input at every entry point is refused, and the server keeps serving", () => {
  it("HTTP request lines and headers: a 4xx (or the health check's 200), never a 5xx or a dropped process", async () => {
    const method = fc.oneof(fc.constantFrom("GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "TRACE", "PRI"), fc.stringMatching(/^[A-Z]{1,8}$/));
    const target = fc.oneof(nasty, nasty.map((t) => `/${t}`), nasty.map((t) => `http://${t}`), fc.constantFrom("*", "/", "/apps/4242/events"));
    const header = fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,12}$/), nasty).map(([k, v]) => `${k}: ${v}\r\n`);
    await fc.assert(
      fc.asyncProperty(method, target, fc.array(header, { maxLength: 3 }), async (m, t, headers) => {
        const answer = await exchange(`${m} ${t} HTTP/1.1\r\nHost: x\r\n${headers.join("")}Content-Length: 0\r\n\r\n`);
        const status = statusOf(answer);
        // No answer at all is allowed only for what is not HTTP (Node drops it after a 400 too).
        if (status) expect(status === 200 || (status >= 400 && status < 500), `${m} ${t}: ${status}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
    await serverStillServes();
  });

  it("upgrade URLs: a 4xx, or the socket closed with a Pusher error code", async () => {
    const target = fc.oneof(nasty, nasty.map((t) => `/app/${t}?protocol=7`), nasty.map((t) => `/app/${app.key}?protocol=${t}`), nasty.map((t) => `http://${t}/app/${app.key}`));
    await fc.assert(
      fc.asyncProperty(target, async (t) => {
        const answer = await exchange(upgradeRequest(t));
        const status = statusOf(answer);
        if (status === 101) {
          const code = closeCodeIn(answer);
          expect(code === undefined || (code >= 4000 && code < 4400), `${t}: close ${code}`).toBe(true);
        } else if (status) expect(status >= 400 && status < 500, `${t}: ${status}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
    await serverStillServes();
  });

  it("WebSocket frames: any bytes after a valid handshake end in a close, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.boolean(), async (bytes, masked) => {
        const frame = Buffer.from(bytes);
        if (masked) frame[1] = (frame[1] ?? 0) | 0x80;
        const answer = await exchange(Buffer.concat([Buffer.from(upgradeRequest(`/app/${app.key}?protocol=7`)), frame]));
        expect(statusOf(answer)).toBe(101);
      }),
      { numRuns: RUNS },
    );
    await serverStillServes();
  });

  it("Pusher messages: every answer is a Pusher protocol event, and ping still gets pong", async () => {
    const event = fc.oneof(
      fc.constantFrom("pusher:subscribe", "pusher:unsubscribe", "pusher:ping", "pusher:signin", "client-typing", "client-", "pusher:pong"),
      nasty,
    );
    const value = fc.oneof(fc.jsonValue({ maxDepth: 4 }), nasty);
    const message = fc.oneof(
      fc.record({ event, channel: fc.oneof(nasty, fc.constantFrom("private-x", "presence-x", "public")), data: value }).map((m) => JSON.stringify(m)),
      fc.record({ event, data: fc.record({ channel: nasty, auth: nasty }) }).map((m) => JSON.stringify(m)),
      fc.integer({ min: 30, max: 20_000 }).map((depth) => `{"event":"client-x","channel":"private-x","data":${"[".repeat(depth)}${"]".repeat(depth)}}`),
      nasty,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 5 }), async (messages) => {
        const socket = new WebSocket(`ws://127.0.0.1:${server.port}/app/${app.key}?protocol=7`);
        const received: { event: string }[] = [];
        let closeCode: number | undefined;
        socket.on("message", (raw) => received.push(JSON.parse(raw.toString()) as { event: string }));
        socket.on("close", (code) => (closeCode = code));
        await withTimeout(new Promise((resolve) => socket.once("open", resolve)), 5000, "open");
        for (const text of messages) socket.send(text);
        socket.send(JSON.stringify({ event: "pusher:ping", data: {} }));
        await withTimeout(
          new Promise<void>((resolve) => {
            const check = () => (received.some((m) => m.event === "pusher:pong") || closeCode !== undefined ? resolve() : setTimeout(check, 2));
            check();
          }),
          5000,
          "a pong or a close",
        );
        // Either the socket still answers, or it was closed with a Pusher code (a refused sign-in: 4009).
        if (closeCode !== undefined) expect(closeCode >= 4000 && closeCode < 4400, `close ${closeCode}`).toBe(true);
        for (const m of received) expect(m.event, JSON.stringify(m)).toMatch(/^pusher(_internal)?:/);
        socket.close();
      }),
      { numRuns: RUNS },
    );
    await serverStillServes();
  });

  it("HTTP API bodies and signatures: unsigned or mis-signed is 401, malformed is 400 or 413, never a 5xx", async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.record({ name: nasty, data: fc.oneof(nasty, fc.jsonValue().map((v) => JSON.stringify(v))), channels: fc.array(nasty, { maxLength: 3 }) }).map((v) => JSON.stringify(v)),
      fc.integer({ min: 30, max: 50_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
      nasty,
    );
    const tamper = fc.constantFrom<Partial<Record<string, string>>>({}, { auth_key: "other" }, { auth_timestamp: "x" }, { auth_version: "2" }, { body_md5: "0" });
    const route = fc.oneof(
      fc.constantFrom("events", "batch_events", "users/%E0%A4%A/terminate_connections", "users/%ff/terminate_connections"),
      nasty.map((id) => `users/${encodeURIComponent(id) || "u"}/terminate_connections`),
    );
    await fc.assert(
      fc.asyncProperty(body, tamper, fc.boolean(), route, async (text, override, signed, name) => {
        const path = signed ? signedEventsPath(text, override, `/apps/${app.appId}/${name}`) : `/apps/${app.appId}/${name}?auth_key=${app.key}`;
        const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: text });
        expect(res.status === 200 || (res.status >= 400 && res.status < 500), `${res.status} for ${text.slice(0, 80)}`).toBe(true);
        if (!signed || Object.keys(override).length) expect(res.status).not.toBe(200);
      }),
      { numRuns: RUNS },
    );
    await serverStillServes();
  });
});

describe("corpus: inputs that once stopped the process", () => {
  it("GET http://[ (a request target that is not a URL) answers 400", async () => {
    expect(statusOf(await exchange("GET http://[ HTTP/1.1\r\nHost: x\r\n\r\n"))).toBe(400);
    await serverStillServes();
  });

  it("an upgrade to /app/%E0%A4%A (malformed percent-encoding) is closed with 4001", async () => {
    const answer = await exchange(upgradeRequest("/app/%E0%A4%A?protocol=7"));
    expect(statusOf(answer)).toBe(101);
    expect(closeCodeIn(answer)).toBe(4001);
    await serverStillServes();
  });

  it("an upgrade to http://[/app/<key> (a host that does not parse) is closed with 4005", async () => {
    const answer = await exchange(upgradeRequest(`http://[/app/${app.key}?protocol=7`));
    expect(statusOf(answer)).toBe(101);
    expect(closeCodeIn(answer)).toBe(4005);
    await serverStillServes();
  });

  it("a client event nested 10,000 levels deep gets pusher:error 4300, and the socket stays usable", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/app/${app.key}?protocol=7`);
    const received: { event: string; data?: { code?: number } }[] = [];
    socket.on("message", (raw) => received.push(JSON.parse(raw.toString())));
    await withTimeout(new Promise((resolve) => socket.once("open", resolve)), 5000, "open");
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    socket.send(`{"event":"client-typing","channel":"private-x","data":${deep}}`);
    socket.send(JSON.stringify({ event: "pusher:ping", data: {} }));
    await withTimeout(
      new Promise<void>((resolve) => {
        const check = () => (received.some((m) => m.event === "pusher:pong") ? resolve() : setTimeout(check, 5));
        check();
      }),
      5000,
      "a pong",
    );
    expect(received.find((m) => m.event === "pusher:error")?.data?.code).toBe(4300);
    socket.close();
    await serverStillServes();
  });

  it("a signed terminate_connections for /users/%E0%A4%A (malformed percent-encoding) is a 400", async () => {
    const path = signedEventsPath("{}", {}, `/apps/${app.appId}/users/%E0%A4%A/terminate_connections`);
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    await serverStillServes();
  });

  it("an events API body nested 50,000 levels deep is a 400", async () => {
    const text = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    const res = await fetch(`http://127.0.0.1:${server.port}${signedEventsPath(text)}`, { method: "POST", body: text });
    expect(res.status).toBe(400);
    await serverStillServes();
  });
});
