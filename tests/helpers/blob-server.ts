import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local server speaking the Vercel Blob API as the official `@vercel/blob` SDK uses
 * it (point the SDK at it with VERCEL_BLOB_API_URL):
 *   PUT  /?pathname=…      upload (headers x-content-type, x-add-random-suffix, x-allow-overwrite)
 *   GET  /?url=…           head: metadata of a blob by URL or pathname (404 not_found)
 *   POST /delete           { urls: [...] } deletes by URL or pathname
 * and serves the stored bytes at the blob URL it hands out: GET /public/<pathname>.
 * Every API call must carry `Authorization: Bearer <token>` (403 forbidden otherwise).
 */
export type StoredBlob = { pathname: string; contentType: string; bytes: Buffer; uploadedAt: Date };
export type BlobRequest = { method: string; path: string; headers: http.IncomingHttpHeaders };

export async function startBlobServer(token: string) {
  const blobs = new Map<string, StoredBlob>();
  const requests: BlobRequest[] = [];
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

    requests.push({ method: req.method ?? "", path: url.pathname + url.search, headers: req.headers });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
