import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { serveRoutes } from "../helpers/app-server";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * An upload one byte over MAX_UPLOAD_BYTES, over a real socket to the app's real server: the
 * client always reads its 413, and never has its connection reset while it is still sending
 * (EPIPE, ECONNRESET), which a browser shows as a network error instead of "file too large".
 * The answer leaves only once the whole body has arrived: a proxy in front (Caddy, like Go's
 * HTTP server) closes a connection whose upstream answered while the client was still sending,
 * which is what an outside probe saw. The body is sent whole, fast and slowly, announced by
 * Content-Length (refused before a byte is read) or chunked (refused when it passes the limit),
 * and without a token (401 before reading).
 */
// Larger than what the kernel's socket buffers take in on loopback: the client cannot finish
// sending unless the server reads.
const MAX = 4 * 1024 * 1024;
const ROUNDS = 50;
let d: TestDistrict;
let personId: string;
let served: Awaited<ReturnType<typeof serveRoutes>>;

beforeAll(async () => {
  process.env.MAX_UPLOAD_BYTES = String(MAX);
  resetEnvCache();
  d = await makeDistrict("Upload limit");
  personId = (await d.addPerson("candidate")).id;
  served = await serveRoutes([{ pattern: /^\/api\/people\/([^/]+)\/uploads$/, names: ["id"], load: () => import("@/app/api/people/[id]/uploads/route") }]);
});

afterAll(async () => {
  await served?.close();
  delete process.env.MAX_UPLOAD_BYTES;
  resetEnvCache();
});

type Outcome = { status: number; error?: string; answer: string; hung?: boolean; answeredWhileSending?: boolean };

/** Sends the request with a multipart body of `size` bytes, all of it, then reads the answer. */
function upload({ size, chunked, slow, token }: { size: number; chunked: boolean; slow: boolean; token?: string }): Promise<Outcome> {
  const boundary = "cas-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 7), tail]);
  const lines = [
    `POST /api/people/${personId}/uploads HTTP/1.1`,
    "Host: 127.0.0.1",
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${body.length}`,
    ...(token ? [`Authorization: Bearer ${token}`] : []),
  ];
  return new Promise((resolve) => {
    let answer = "";
    let error: string | undefined;
    let hung = false;
    let sent = false;
    let answeredWhileSending = false;
    const socket = net.connect(served.port, "127.0.0.1");
    // Not a timing assertion: an exchange that never ends (the server no longer reads what the
    // client must still send) is cut here and reported as such.
    const timer = setTimeout(() => ((hung = true), socket.destroy()), 20_000);
    socket.on("data", (chunk) => {
      if (!sent) answeredWhileSending = true;
      answer += chunk.toString("latin1");
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), error, answer, hung, answeredWhileSending });
    });
    const write = (bytes: Buffer) => new Promise<void>((done) => (socket.write(bytes) ? done() : socket.once("drain", done)));
    socket.once("connect", async () => {
      await write(Buffer.from(lines.join("\r\n") + "\r\n\r\n"));
      const piece = slow ? 32 * 1024 : 256 * 1024;
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += piece) {
        if (slow && offset) await new Promise((r) => setTimeout(r, 1));
        const part = body.subarray(offset, offset + piece);
        // From the last byte's hand-over on, the server may have the whole body: any answer before it came too early.
        if (!chunked && offset + piece >= body.length) sent = true;
        await write(chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]) : part);
      }
      sent = true;
      if (chunked && !socket.destroyed) await write(Buffer.from("0\r\n\r\n"));
      // The whole request is sent: wait for the answer, then leave.
      const waitForAnswer = () => (/\r\n\r\n/.test(answer) ? socket.end() : setTimeout(waitForAnswer, 5));
      waitForAnswer();
    });
  });
}

const describeOutcome = (o: Outcome) =>
  `${o.status} ${o.error ?? ""}${o.hung ? " (never finished)" : ""}${o.answeredWhileSending ? " (answered while the client was still sending)" : ""}`;

describe("an upload one byte over MAX_UPLOAD_BYTES, over a real socket", () => {
  it.each([
    ["Content-Length, fast", { chunked: false, slow: false }],
    ["Content-Length, slow", { chunked: false, slow: true }],
    ["chunked, fast", { chunked: true, slow: false }],
    ["chunked, slow", { chunked: true, slow: true }],
  ])(
    "%s: the client reads its 413 every time, never a reset",
    async (_name, how) => {
      const outcomes: Outcome[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        outcomes.push(await upload({ size: MAX + 1, token: d.admin.token, ...how }));
        // The first failure says it all; fifty would take the test's time.
        if (outcomes.at(-1)!.hung) break;
      }
      expect(
        outcomes.filter((o) => o.status !== 413 || o.error || o.hung || o.answeredWhileSending).map(describeOutcome),
        "rounds without a clean 413",
      ).toEqual([]);
      expect(outcomes[0].answer).toContain('"code":"payload_too_large"');
    },
    120_000,
  );

  it("without a token: the 401 is read too, whatever is still being sent", async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < ROUNDS && !outcomes.at(-1)?.hung; i++) outcomes.push(await upload({ size: MAX + 1, chunked: false, slow: false }));
    expect(outcomes.filter((o) => o.status !== 401 || o.error || o.hung || o.answeredWhileSending).map(describeOutcome)).toEqual([]);
  }, 120_000);

  it("the connection serves the next request once the refused body is read", async () => {
    const ok = await upload({ size: 1024, chunked: false, slow: false, token: d.admin.token });
    expect(ok.status).toBe(201);
  });
});
