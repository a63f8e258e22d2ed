import net from "node:net";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "./app-server";

/**
 * The main port's gate, in front of a stand-in for Next.js that, like Next.js, cannot build a URL
 * from `*` or an absolute-form target (it throws, which would be a 500). Whatever request line
 * arrives, the answer is a 4xx with the error body, or the stand-in's 200 for a plain path.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
let port: number;
const server = createAppServer(
  (req, res) => {
    const url = new URL(req.url!, "http://localhost");
    if (!req.url!.startsWith("/")) throw new Error(`Next.js would fail on ${req.url}`);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: url.pathname }));
  },
  async () => "GET, HEAD, OPTIONS",
);

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())).then(() => (port = (server.address() as AddressInfo).port)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function exchange(text: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    const timer = setTimeout(() => socket.destroy(), 1000);
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
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
    const answer = await exchange(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(statusOf(answer)).toBe(400);
    expect(answer).toContain('"code":"validation_error"');
    await stillServes();
  });

  it("OPTIONS * answers 400, not 500", async () => {
    expect(statusOf(await exchange("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))).toBe(400);
  });

  it("property: any method and target get a 4xx (or the app's 200 for a plain path), never a 5xx", async () => {
    const piece = fc.oneof(
      fc.constantFrom("*", "/", "//", "http://", "[", "%", "%ff", "%E0%A4%A", "?", "#", "..", "@", ":", "é", " "),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    );
    const target = fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(""));
    const method = fc.oneof(fc.constantFrom("GET", "POST", "HEAD", "OPTIONS", "TRACE", "PROPFIND"), fc.stringMatching(/^[A-Z]{1,8}$/));
    await fc.assert(
      fc.asyncProperty(method, target, async (m, t) => {
        const status = statusOf(await exchange(`${m} ${t} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        if (status) expect(status === 200 || (status >= 400 && status < 500), `${m} ${JSON.stringify(t)}: ${status}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
    await stillServes();
  });
});
