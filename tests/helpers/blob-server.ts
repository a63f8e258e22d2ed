import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/env";

/**
 * A small local server speaking the Vercel Blob API as the official `@vercel/blob` SDK uses
 * it (point the SDK at it with VERCEL_BLOB_API_URL):
 *   PUT  /?pathname=…      upload (headers x-content-type, x-add-random-suffix, x-allow-overwrite)
 *   GET  /?url=…           head: metadata of a blob by URL or pathname (404 not_found)
 *   POST /delete           { urls: [...] } deletes by URL or pathname
 *   POST /mpu?pathname=…   multipart upload, by `x-mpu-action`: `create` → { key, uploadId };
 *                          `upload` (x-mpu-key, x-mpu-upload-id, x-mpu-part-number; body: the
 *                          part) → { etag }; `complete` (body: [{ partNumber, etag }]) → the blob.
 *                          Parts are at least 5 MB but the last, as the real API requires.
 * and serves the stored bytes at the blob URL it hands out: GET /public/<pathname>.
 * Every API call must carry `Authorization: Bearer <token>` (403 forbidden otherwise).
 */
type StoredBlob = { pathname: string; contentType: string; bytes: Buffer; uploadedAt: Date };
type BlobRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; bodyBytes: number };
type MultipartUpload = { pathname: string; contentType: string; parts: Map<number, { etag: string; bytes: Buffer }> };

const MIN_PART_BYTES = 5 * 1024 * 1024;

async function startBlobServer(token: string) {
  const blobs = new Map<string, StoredBlob>();
  const requests: BlobRequest[] = [];
  const uploads = new Map<string, MultipartUpload>();
  let base = "";

  const urlOf = (pathname: string) => `${base}/public/${pathname.split("/").map(encodeURIComponent).join("/")}`;
  const pathnameOf = (urlOrPathname: string) =>
    urlOrPathname.startsWith(`${base}/public/`) ? decodeURIComponent(urlOrPathname.slice(`${base}/public/`.length)) : urlOrPathname;
  const etag = (b: StoredBlob) => `"${createHash("sha1").update(b.bytes).digest("hex")}"`;
  const meta = (b: StoredBlob) => ({
    url: urlOf(b.pathname),
    downloadUrl: `${urlOf(b.pathname)}?download=1`,
    pathname: b.pathname,
    contentType: b.contentType,
    contentDisposition: `attachment; filename="${b.pathname.split("/").pop()}"`,
    etag: etag(b),
  });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", base);
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(data));
    };
    const fail = (status: number, code: string, message: string) => json(status, { error: { code, message } });

    if (req.method === "GET" && url.pathname.startsWith("/public/")) {
      const blob = blobs.get(decodeURIComponent(url.pathname.slice("/public/".length)));
      if (!blob) return void res.writeHead(404).end("not found");
      res.writeHead(200, { "content-type": blob.contentType, "content-length": blob.bytes.length });
      return void res.end(blob.bytes);
    }

    requests.push({ method: req.method ?? "", path: url.pathname + url.search, headers: req.headers, bodyBytes: body.length });
    if (req.headers.authorization !== `Bearer ${token}`) return fail(403, "forbidden", "Access denied.");

    if (req.method === "PUT" && url.pathname === "/") {
      const pathname = url.searchParams.get("pathname");
      if (!pathname) return fail(400, "bad_request", "pathname is required");
      if (req.headers["x-add-random-suffix"] === "1") return fail(400, "bad_request", "this fake server stores exact pathnames only");
      if (blobs.has(pathname) && req.headers["x-allow-overwrite"] !== "1") return fail(400, "bad_request", "This blob already exists");
      const blob = { pathname, contentType: String(req.headers["x-content-type"] ?? "application/octet-stream"), bytes: body, uploadedAt: new Date() };
      blobs.set(pathname, blob);
      return json(200, meta(blob));
    }
    if (req.method === "GET" && url.pathname === "/") {
      const blob = blobs.get(pathnameOf(url.searchParams.get("url") ?? ""));
      if (!blob) return fail(404, "not_found", "The requested blob does not exist");
      return json(200, { ...meta(blob), size: blob.bytes.length, cacheControl: "public, max-age=0", uploadedAt: blob.uploadedAt.toISOString() });
    }
    if (req.method === "POST" && url.pathname === "/mpu") {
      const pathname = url.searchParams.get("pathname");
      if (!pathname) return fail(400, "bad_request", "pathname is required");
      const action = req.headers["x-mpu-action"];
      if (action === "create") {
        if (req.headers["x-add-random-suffix"] === "1") return fail(400, "bad_request", "this fake server stores exact pathnames only");
        if (blobs.has(pathname) && req.headers["x-allow-overwrite"] !== "1") return fail(400, "bad_request", "This blob already exists");
        const uploadId = randomUUID();
        uploads.set(uploadId, { pathname, contentType: String(req.headers["x-content-type"] ?? "application/octet-stream"), parts: new Map() });
        return json(200, { key: pathname, uploadId });
      }
      const upload = uploads.get(String(req.headers["x-mpu-upload-id"] ?? ""));
      if (!upload || decodeURIComponent(String(req.headers["x-mpu-key"] ?? "")) !== upload.pathname || upload.pathname !== pathname) {
        return fail(404, "not_found", "No such multipart upload");
      }
      if (action === "upload") {
        const partNumber = Number(req.headers["x-mpu-part-number"]);
        if (!Number.isInteger(partNumber) || partNumber < 1) return fail(400, "bad_request", "x-mpu-part-number is required");
        const etag = `"${createHash("sha1").update(body).digest("hex")}"`;
        upload.parts.set(partNumber, { etag, bytes: body });
        return json(200, { etag });
      }
      if (action === "complete") {
        const listed = JSON.parse(body.toString("utf8")) as { partNumber: number; etag: string }[];
        const parts = [...listed].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ ...p, stored: upload.parts.get(p.partNumber) }));
        if (!parts.length || parts.some((p) => p.stored?.etag !== p.etag)) return fail(400, "bad_request", "Unknown part or etag");
        if (parts.slice(0, -1).some((p) => p.stored!.bytes.length < MIN_PART_BYTES))
          return fail(400, "bad_request", "Each part but the last must be at least 5 MB");
        uploads.delete(String(req.headers["x-mpu-upload-id"]));
        const blob = { pathname, contentType: upload.contentType, bytes: Buffer.concat(parts.map((p) => p.stored!.bytes)), uploadedAt: new Date() };
        blobs.set(pathname, blob);
        return json(200, meta(blob));
      }
      return fail(400, "bad_request", `Unsupported multipart action ${String(action)}`);
    }
    if (req.method === "POST" && url.pathname === "/delete") {
      const { urls } = JSON.parse(body.toString("utf8")) as { urls: string[] };
      for (const u of urls) blobs.delete(pathnameOf(u));
      return json(200, {});
    }
    return fail(400, "bad_request", `Unsupported request ${req.method} ${url.pathname}`);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    blobs,
    requests,
    /** Multipart uploads created and not completed (an interrupted upload stays here, never in `blobs`). */
    uploads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type BlobServer = Awaited<ReturnType<typeof startBlobServer>>;

/**
 * For a test file: the app stores files in Vercel Blob, through its SDK, on a fresh local
 * server (BLOB_READ_WRITE_TOKEN selects the driver, VERCEL_BLOB_API_URL points the SDK here),
 * from beforeAll to afterAll. `server` is set once beforeAll has run.
 */
export function useBlobStorage(token: string) {
  const store = {} as { server: BlobServer };
  beforeAll(async () => {
    store.server = await startBlobServer(token);
    process.env.BLOB_READ_WRITE_TOKEN = token;
    process.env.VERCEL_BLOB_API_URL = store.server.url;
    process.env.VERCEL_BLOB_RETRIES = "0";
    resetEnvCache();
  });
  afterAll(async () => {
    delete process.env.BLOB_READ_WRITE_TOKEN;
    delete process.env.VERCEL_BLOB_API_URL;
    delete process.env.VERCEL_BLOB_RETRIES;
    resetEnvCache();
    await store.server.close();
  });
  return store;
}
