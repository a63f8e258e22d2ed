import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { withTimeout } from "@/tests/helpers/realtime";
import { closeCodeOf, exchange, nasty, pusherMessagesOf, serverFrames, serverStillServes, statusOf, upgradeRequest } from "@/tests/helpers/realtime-wire";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "./embedded-server";

/**
 * Every entry point of the embedded realtime server, driven with random and mutated input: the
 * HTTP request line and headers, the upgrade URL and the HTTP API's bodies and signatures (frames
 * and Pusher messages: hostile-frames.test.ts, hostile-messages.test.ts). The server runs as
 * production runs it (sign-in required). Each property checks that the answer is a 4xx or a
 * protocol error; a connection dropped or hung without one fails it; and the server still serves
 * a valid client afterwards. A crash would surface as an uncaught error, which fails the run. The
 * `corpus` block keeps inputs that once took the process down, as plain tests.
 */
const app = { appId: "4242", key: "hostilekey", secret: "s".repeat(32) };
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
let server: EmbeddedRealtimeServer;

beforeAll(async () => {
  server = await startEmbeddedRealtimeServer({ host: "127.0.0.1", port: 0, ...app, requireSignin: true });
});
afterAll(() => server.close());

const stillServes = () => serverStillServes(server.port, app.key);
/** An HTTP answer is there once its status line is. */
const httpAnswer = (bytes: Buffer) => statusOf(bytes) > 0;
/** An upgrade is answered by a refusal, or a 101 followed by a close or the connection's establishment. */
const upgradeAnswer = (bytes: Buffer) => {
  const status = statusOf(bytes);
  if (status && status !== 101) return true;
  const frames = serverFrames(bytes);
  return closeCodeOf(frames) !== undefined || pusherMessagesOf(frames).some((m) => m.event === "pusher:connection_established");
};

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
  it("HTTP request lines and headers: a 4xx (or the health check's 200), never a 5xx, a drop or a hang", async () => {
    const method = fc.oneof(fc.constantFrom("GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "TRACE", "PRI"), fc.stringMatching(/^[A-Z]{1,8}$/));
    const target = fc.oneof(
      nasty,
      nasty.map((t) => `/${t}`),
      nasty.map((t) => `http://${t}`),
      fc.constantFrom("*", "/", "/apps/4242/events"),
    );
    const header = fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,12}$/), nasty).map(([k, v]) => `${k}: ${v}\r\n`);
    await fc.assert(
      fc.asyncProperty(method, target, fc.array(header, { maxLength: 3 }), async (m, t, headers) => {
        const answer = await exchange(server.port, `${m} ${t} HTTP/1.1\r\nHost: x\r\n${headers.join("")}Content-Length: 0\r\n\r\n`, httpAnswer);
        const status = statusOf(answer.bytes);
        expect(answer.hung, `${m} ${t}: no answer in 5 s`).toBe(false);
        expect(status === 200 || (status >= 400 && status < 500), `${m} ${JSON.stringify(t)}: ${status || "dropped without a status"}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
    await stillServes();
  });

  it("upgrade URLs: a 4xx, or the socket closed with a Pusher error code, or established; never a drop or a hang", async () => {
    const target = fc.oneof(
      nasty,
      nasty.map((t) => `/app/${t}?protocol=7`),
      nasty.map((t) => `/app/${app.key}?protocol=${t}`),
      nasty.map((t) => `http://${t}/app/${app.key}`),
    );
    await fc.assert(
      fc.asyncProperty(target, async (t) => {
        const answer = await exchange(server.port, upgradeRequest(t), upgradeAnswer);
        const status = statusOf(answer.bytes);
        expect(answer.hung, `${JSON.stringify(t)}: no answer in 5 s`).toBe(false);
        if (status === 101) {
          const frames = serverFrames(answer.bytes);
          const code = closeCodeOf(frames);
          const established = pusherMessagesOf(frames).some((m) => m.event === "pusher:connection_established");
          expect(established || (code !== undefined && code >= 4000 && code < 4400), `${JSON.stringify(t)}: close ${code}`).toBe(true);
        } else expect(status >= 400 && status < 500, `${JSON.stringify(t)}: ${status || "dropped without a status"}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
    await stillServes();
  });

  it("HTTP API bodies and signatures: unsigned or mis-signed is 401, malformed is 400 or 413, never a 5xx", async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc
        .record({
          name: nasty,
          data: fc.oneof(
            nasty,
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          channels: fc.array(nasty, { maxLength: 3 }),
        })
        .map((v) => JSON.stringify(v)),
      fc.integer({ min: 30, max: 50_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
      nasty,
    );
    const tamper = fc.constantFrom<Partial<Record<string, string>>>(
      {},
      { auth_key: "other" },
      { auth_timestamp: "x" },
      { auth_version: "2" },
      { body_md5: "0" },
    );
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
    await stillServes();
  });
});

describe("corpus: inputs that once stopped the process", () => {
  it("GET http://[ (a request target that is not a URL) answers 400", async () => {
    expect(statusOf((await exchange(server.port, "GET http://[ HTTP/1.1\r\nHost: x\r\n\r\n", httpAnswer)).bytes)).toBe(400);
    await stillServes();
  });

  it("an upgrade to /app/%E0%A4%A (malformed percent-encoding) is closed with 4001", async () => {
    const answer = await exchange(server.port, upgradeRequest("/app/%E0%A4%A?protocol=7"), upgradeAnswer);
    expect(statusOf(answer.bytes)).toBe(101);
    expect(closeCodeOf(serverFrames(answer.bytes))).toBe(4001);
    await stillServes();
  });

  it("an upgrade to http://[/app/<key> (a host that does not parse) is closed with 4005", async () => {
    const answer = await exchange(server.port, upgradeRequest(`http://[/app/${app.key}?protocol=7`), upgradeAnswer);
    expect(statusOf(answer.bytes)).toBe(101);
    expect(closeCodeOf(serverFrames(answer.bytes))).toBe(4005);
    await stillServes();
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
    await stillServes();
  });

  it("a signed terminate_connections for /users/%E0%A4%A (malformed percent-encoding) is a 400", async () => {
    const path = signedEventsPath("{}", {}, `/apps/${app.appId}/users/%E0%A4%A/terminate_connections`);
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    await stillServes();
  });

  it("an events API body nested 50,000 levels deep is a 400", async () => {
    const text = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    const res = await fetch(`http://127.0.0.1:${server.port}${signedEventsPath(text)}`, { method: "POST", body: text });
    expect(res.status).toBe(400);
    await stillServes();
  });
});
