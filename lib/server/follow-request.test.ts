import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "./app-server";

/**
 * The answer-holding wrappers of follow-request.ts sit under the compression middleware: an
 * answer written in several pieces (as Next.js streams a page) must still leave compressed as its
 * header says. Swapping the original write/end back once the body was in skipped compression, and
 * browsers failed with ERR_CONTENT_DECODING_FAILED.
 */
const PIECE = JSON.stringify({ text: "a district's records ".repeat(200) });
let port: number;
const server = createAppServer(
  async (req, res) => {
    for await (const chunk of req) void chunk;
    res.writeHead(200, { "content-type": "application/json" });
    res.write("[");
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.write(`${i ? "," : ""}${PIECE}`);
    }
    res.end("]");
  },
  async () => "GET, POST",
);

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())).then(() => (port = (server.address() as AddressInfo).port)));
afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));

/** The raw answer, not decoded: its headers and body bytes as the server sent them. */
function rawRequest(method: string, body?: string): Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: "/page", headers: { "accept-encoding": "gzip", ...(body ? { "content-type": "application/json" } : {}) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (chunk: Buffer) => parts.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(parts) }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("answers written in pieces", () => {
  it.each([["GET"], ["POST"]])("%s leaves gzip-compressed as its header says, whole", async (method) => {
    const { headers, bytes } = await rawRequest(method, method === "POST" ? JSON.stringify({ a: 1 }) : undefined);
    expect(headers["content-encoding"]).toBe("gzip");
    const parsed = JSON.parse(gunzipSync(bytes).toString("utf8")) as unknown[];
    expect(parsed).toHaveLength(5);
    expect(headers["x-request-id"]).toBeTruthy();
  });
});
