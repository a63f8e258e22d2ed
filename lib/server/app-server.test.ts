import net from "node:net";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { admitted } from "@/lib/http/admission";
import { createAppServer } from "./app-server";

/**
 * The main port's gate, in front of a stand-in for Next.js that, like Next.js, cannot build a URL
 * from `*` or an absolute-form target (it throws, which would be a 500). Whatever request line
 * arrives, the answer is a 4xx with the error body, or the stand-in's 200 for a plain path.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
let port: number;
const reached: string[] = [];
const server = createAppServer(
  (req, res) => {
    reached.push(req.url!);
    const url = new URL(req.url!, "http://localhost");
    if (!req.url!.startsWith("/")) throw new Error(`Next.js would fail on ${req.url}`);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: url.pathname }));
  },
  async () => "GET, HEAD, OPTIONS",
);

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())).then(() => (port = (server.address() as AddressInfo).port)));
// close() alone waits for every open connection; a CI run once waited past the hook's 60 s on one.
afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));

/** The answer to `text` on a fresh connection; empty when the server closed without one, `hung` when it never closed. */
function exchange(text: string): Promise<{ answer: string; hung: boolean }> {
  return new Promise((resolve) => {
    let answer = "";
    let hung = false;
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    // Every request here says Connection: close: the server closes once it has answered.
    const timer = setTimeout(() => {
      hung = true;
      socket.destroy();
    }, 5000);
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ answer, hung });
    });
    socket.on("error", () => undefined);
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

async function stillServes() {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(res.status).toBe(200);
}

describe("the main port's request targets", () => {
  it.each(["*", "http://localhost/api/people", "http://[", "garbage", "//evil.example/x"])("GET %s answers 400 with the error body", async (target) => {
    const { answer } = await exchange(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(statusOf(answer)).toBe(400);
    expect(answer).toContain('"code":"validation_error"');
    await stillServes();
  });

  it("OPTIONS * answers 400, not 500", async () => {
    expect(statusOf((await exchange("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).answer)).toBe(400);
  });

  it("property: any method and target get a 4xx (or the app's 200 for a plain path), never a 5xx, a drop or a hang", async () => {
    const piece = fc.oneof(
      fc.constantFrom("*", "/", "//", "http://", "[", "%", "%ff", "%E0%A4%A", "?", "#", "..", "@", ":", "é", " "),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    );
    const target = fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(""));
    const method = fc.oneof(fc.constantFrom("GET", "POST", "HEAD", "OPTIONS", "TRACE", "PROPFIND"), fc.stringMatching(/^[A-Z]{1,8}$/));
    await fc.assert(
      fc.asyncProperty(method, target, async (m, t) => {
        const { answer, hung } = await exchange(`${m} ${t} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        const status = statusOf(answer);
        expect(hung, `${m} ${JSON.stringify(t)}: no answer in 5 s`).toBe(false);
        expect(status === 200 || (status >= 400 && status < 500), `${m} ${JSON.stringify(t)}: ${status || "closed without a status"}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
    await stillServes();
  });
});

describe("an API request the admission gate would refuse", () => {
  it("is refused before Next.js (503 overloaded, Retry-After); health checks and pages still pass", async () => {
    const SETTINGS = { MAX_ACTIVE_REQUESTS: "1", MAX_QUEUED_REQUESTS: "0" };
    const before = Object.fromEntries(Object.keys(SETTINGS).map((name) => [name, process.env[name]]));
    Object.assign(process.env, SETTINGS);
    resetEnvCache();
    let release!: () => void;
    const holding = admitted(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      reached.length = 0;
      const refused = await fetch(`http://127.0.0.1:${port}/api/people`, { method: "POST" });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
      expect((await refused.json()).error.code).toBe("overloaded");
      for (const path of ["/api/health", "/api/health/live", "/people"]) expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, path).toBe(200);
      expect(reached).toEqual(["/api/health", "/api/health/live", "/people"]);
    } finally {
      release();
      await holding;
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvCache();
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/people`)).status).toBe(200);
  });
});
