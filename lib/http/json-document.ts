import { BODY_BYTES_HEADER, PRE_ENCODED_HEADER } from "./pre-encoded";

/**
 * A JSON body already encoded, with the ETag of its version when it has one, and its gzip when
 * it keeps one (made once and shared, rather than compressed again for every request).
 */
export type JsonDocument = { body: Uint8Array; etag?: string; gzip?: () => Promise<Uint8Array>; nextCursor?: string };

const matches = (header: string | null, etag: string) => Boolean(header && header.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*"));

/** Whether Accept-Encoding takes gzip (listed, and not with q=0). */
function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== "gzip" && name.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * A body sent as it is: one chunk of a stream, where `new Response(bytes)` would copy the bytes
 * first. A list's copy is megabytes, shared by every reader, and kept: on a heap bounded by
 * APP_HEAP_MB the copy for every request cost more in garbage collection than the rest of the read.
 * Nothing downstream writes to or transfers the chunk (Next.js writes it to the socket).
 */
function sharedBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * The response for a JSON document: 304 when the caller already holds this version
 * (If-None-Match), else the bytes, gzipped when the document keeps a gzip and the caller takes
 * it. `no-cache`: browsers keep it but ask before each use. A page of a list names the next one
 * (X-Next-Cursor, Link rel="next").
 */
export async function jsonDocumentResponse(req: Request, doc: JsonDocument): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "private, no-cache", ...(doc.etag ? { etag: doc.etag } : {}) };
  if (doc.nextCursor) {
    // The next page: the same request with the next cursor (a relative reference, never a host from headers).
    const url = new URL(req.url);
    url.searchParams.set("cursor", doc.nextCursor);
    headers["x-next-cursor"] = doc.nextCursor;
    headers.link = `<${url.pathname}${url.search}>; rel="next"`;
  }
  if (doc.gzip) headers.vary = "Accept-Encoding";
  if (doc.etag && matches(req.headers.get("if-none-match"), doc.etag)) return new Response(null, { status: 304, headers });
  if (doc.gzip && acceptsGzip(req.headers.get("accept-encoding"))) {
    // Served by Next.js behind lib/server/app-server.ts, which makes this the Content-Encoding
    // (Next.js would drop that header and compress the gzip again).
    return new Response(sharedBody(await doc.gzip()), { headers: { ...headers, "content-encoding": "gzip", [PRE_ENCODED_HEADER]: "gzip" } });
  }
  return new Response(sharedBody(doc.body), { headers: { ...headers, [BODY_BYTES_HEADER]: String(doc.body.byteLength) } });
}
