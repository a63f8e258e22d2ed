import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "./app-server";
import { buildAssets } from "./build-assets";

/**
 * The app's server with a build folder of its own and a stand-in for Next.js that answers what
 * reaches it with 404 `next`: what the build's files are served as, and what is left to Next.js.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "cas-build-assets-"));
const staticDir = path.join(root, "static");
const script = `${"export const greeting = 'hola';\n".repeat(400)}`;
fs.mkdirSync(path.join(staticDir, "chunks"), { recursive: true });
fs.writeFileSync(path.join(staticDir, "chunks", "app.js"), script);
fs.writeFileSync(path.join(staticDir, "chunks", "small.css"), "a{color:red}");
fs.writeFileSync(path.join(root, "secret.txt"), "not for the web");

let origin: string;
const reachedNext: string[] = [];
const server = createAppServer(
  (req, res) => {
    reachedNext.push(req.url!);
    res.writeHead(404, { "content-type": "text/plain" }).end("next");
  },
  async () => "GET, HEAD, OPTIONS",
  buildAssets(staticDir),
);

beforeAll(() =>
  new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())).then(
    () => (origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`),
  ),
);
afterAll(() =>
  new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())).then(() => fs.rmSync(root, { recursive: true, force: true })),
);

/** node:http, as fetch would decode the body and hide what was sent. */
function get(target: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${origin}${target}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the build's files", () => {
  it("are sent in the best encoding the client takes, as immutable, with their type and length", async () => {
    const br = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get("/_next/static/chunks/app.js", { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get("/_next/static/chunks/app.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(reachedNext).toEqual([]);
  });

  it("sends a small file as it is, answers HEAD without a body and a known ETag with 304", async () => {
    const small = await get("/_next/static/chunks/small.css", { "accept-encoding": "br, gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-type"]).toMatch(/^text\/css/);
    expect(small.body.toString()).toBe("a{color:red}");

    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);

    const again = await get("/_next/static/chunks/app.js", { "if-none-match": String(head.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("keeps what it read: a file changed on disk afterwards is served as first read (names carry their content's hash)", async () => {
    const file = path.join(staticDir, "chunks", "kept.js");
    fs.writeFileSync(file, "first();".repeat(200));
    expect((await get("/_next/static/chunks/kept.js")).body.toString()).toBe("first();".repeat(200));
    fs.writeFileSync(file, "second();");
    expect((await get("/_next/static/chunks/kept.js")).body.toString()).toBe("first();".repeat(200));
  });

  it("does not remember a missing file: once it exists, it is served", async () => {
    reachedNext.length = 0;
    expect((await get("/_next/static/chunks/late.js")).body.toString()).toBe("next");
    fs.writeFileSync(path.join(staticDir, "chunks", "late.js"), "late();");
    expect((await get("/_next/static/chunks/late.js")).body.toString()).toBe("late();");
    expect(reachedNext).toEqual(["/_next/static/chunks/late.js"]);
  });

  it.each([
    "/_next/static/../secret.txt",
    "/_next/static/%2e%2e/secret.txt",
    "/_next/static/chunks%2f..%2f..%2fsecret.txt",
    "/_next/static/chunks/app.js%00.css",
    "/_next/static/chunks",
    "/_next/static/",
    "/_next/static/nope.js",
    "/_next/staticx/chunks/app.js",
    "/secret.txt",
  ])("leaves %s to Next.js, never reading outside the build's folder", async (target) => {
    reachedNext.length = 0;
    const res = await get(target);
    expect(res.body.toString()).not.toContain("not for the web");
    expect(res.status).toBe(404);
    expect(reachedNext).toHaveLength(1);
  });

  it("leaves other methods to Next.js", async () => {
    reachedNext.length = 0;
    const res = await get("/_next/static/chunks/app.js", {}, "DELETE");
    expect(res.body.toString()).toBe("next");
    expect(reachedNext).toEqual(["/_next/static/chunks/app.js"]);
  });
});
