import type { AddressInfo } from "node:net";
import http from "node:http";
import zlib from "node:zlib";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "./app-server";
import { PRE_ENCODED_HEADER } from "./pre-encoded";

/**
 * A body a route sends already gzipped reaches the client gzipped once, with Content-Encoding,
 * through a stand-in for Next.js that does what Next.js does: copy the route's headers with
 * appendHeader (without Content-Encoding) and compress whatever is not encoded yet.
 */
type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
// The compression Next.js runs on every response of the app's server.
const compression = createRequire(import.meta.url)("next/dist/compiled/compression") as () => Middleware;

const json = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `person ${i}` })));
let port: number;
const server = createAppServer(
  (req, res) =>
    new Promise<void>((resolve) =>
      compression()(req, res, () => {
        res.appendHeader("content-type", "application/json");
        if (req.url === "/pre-encoded") {
          res.appendHeader(PRE_ENCODED_HEADER, "gzip");
          res.end(zlib.gzipSync(json, { level: 1 }));
        } else res.end(json);
        resolve();
      }),
    ),
  async () => "GET",
);

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())).then(() => (port = (server.address() as AddressInfo).port)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("bodies sent already encoded", () => {
  it("go out with Content-Encoding: gzip, compressed once, and without the private header", async () => {
    const res = await get("/pre-encoded");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers[PRE_ENCODED_HEADER]).toBeUndefined();
    expect(zlib.gunzipSync(res.body).toString("utf8")).toBe(json);
  });

  it("other bodies are still compressed by the framework", async () => {
    const res = await get("/plain");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString("utf8")).toBe(json);
  });
});
