import { BODY_BYTES_HEADER } from "./pre-encoded";

/**
 * A JSON answer that names its length to the app's server (BODY_BYTES_HEADER), which compresses
 * only bodies of COMPRESS_FROM_BYTES or more (lib/server/app-server.ts): Next.js streams a route's
 * body and drops its Content-Length, so without it every answer would be compressed, whatever its size.
 */
export function jsonResponse(value: unknown, init: ResponseInit = {}): Response {
  const body = JSON.stringify(value);
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  headers.set(BODY_BYTES_HEADER, String(Buffer.byteLength(body)));
  return new Response(body, { ...init, headers });
}
