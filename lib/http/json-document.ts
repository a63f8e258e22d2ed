/** A JSON body already encoded, with the ETag of its version when it has one. */
export type JsonDocument = { body: Uint8Array; etag?: string };

const matches = (header: string | null, etag: string) =>
  Boolean(header && header.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*"));

/**
 * The response for a JSON document: 304 when the caller already holds this version
 * (If-None-Match), else the bytes. `no-cache`: browsers keep it but ask before each use.
 */
export function jsonDocumentResponse(req: Request, doc: JsonDocument): Response {
  const headers = { "content-type": "application/json", "cache-control": "private, no-cache", ...(doc.etag ? { etag: doc.etag } : {}) };
  if (doc.etag && matches(req.headers.get("if-none-match"), doc.etag)) return new Response(null, { status: 304, headers });
  return new Response(doc.body as BodyInit, { headers });
}
