import type { AddressInfo } from "node:net";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, createAppServer } from "@/lib/server/app-server";
import { BODY_BYTES_HEADER, PRE_ENCODED_HEADER } from "./pre-encoded";

/**
 * What the app's server does to bodies on their way out, through a stand-in for Next.js that does
 * what Next.js does with `compress: false`: copy the route's headers with appendHeader (without
 * Content-Encoding) and write the body. A body a route sends already gzipped reaches the client
 * gzipped once, with Content-Encoding; large bodies are compressed; small ones whose route named their
 * length (every JSON answer of the API) go out as they are.
 */
const json = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `person ${i}` })));
const small = JSON.stringify({ id: "p1", first: "Ada", last: "Lovelace", email: "ada@example.test" }).repeat(20);
let port: number;
const server = createAppServer(
  (req, res) => {
    res.appendHeader("content-type", "application/json");
    if (req.url === "/pre-encoded") {
      res.appendHeader(PRE_ENCODED_HEADER, "gzip");
      res.end(zlib.gzipSync(json, { level: 1 }));
    } else if (req.url === "/small") {
      res.appendHeader(BODY_BYTES_HEADER, String(Buffer.byteLength(small)));
      res.write(small);
      res.end();
    } else {
      res.write(json);
      res.end();
    }
  },
  async () => "GET",
);

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())).then(() => (port = (server.address() as AddressInfo).port)));
afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));

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

describe("bodies on their way out", () => {
  it("go out with Content-Encoding: gzip, compressed once, and without the private header", async () => {
    const res = await get("/pre-encoded");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers[PRE_ENCODED_HEADER]).toBeUndefined();
    expect(zlib.gunzipSync(res.body).toString("utf8")).toBe(json);
  });

  it("other large bodies are compressed, streamed ones included", async () => {
    const res = await get("/plain");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString("utf8")).toBe(json);
  });

  it(`a body under ${COMPRESS_FROM_BYTES} bytes whose route named its length goes out as it is`, async () => {
    expect(Buffer.byteLength(small)).toBeLessThan(COMPRESS_FROM_BYTES);
    const res = await get("/small");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers[BODY_BYTES_HEADER]).toBeUndefined();
    expect(res.body.toString("utf8")).toBe(small);
  });
});
