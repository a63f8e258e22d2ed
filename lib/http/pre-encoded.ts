import type http from "node:http";

/**
 * Headers by which a route tells the app's server (lib/server/app-server.ts) about its body, read
 * as Next.js copies the route's headers over and never sent on:
 *
 * - PRE_ENCODED_HEADER: the body is sent already encoded (lib/http/json-document.ts: a list
 *   copy's gzip, made once per version). Next.js drops a route's own Content-Encoding, so the
 *   route names the encoding here and the server makes it the Content-Encoding, which keeps the
 *   compression from encoding it again.
 * - BODY_BYTES_HEADER: the body's length (lib/http/json-response.ts). Next.js streams a route's
 *   body without its Content-Length, and the server compresses only bodies large enough to gain.
 */
export const PRE_ENCODED_HEADER = "x-cas-content-encoding";
export const BODY_BYTES_HEADER = "x-cas-body-bytes";

const bodyBytes = new WeakMap<http.ServerResponse, number>();

/** The length a route gave for this response's body, if it gave one. */
export const routeBodyBytes = (res: http.ServerResponse) => bodyBytes.get(res);

export function passRouteHints(res: http.ServerResponse) {
  const rename = <F extends (name: string, value: never) => unknown>(original: F): F =>
    function (this: http.ServerResponse, name: string, value: never) {
      const lower = name.toLowerCase();
      if (lower === BODY_BYTES_HEADER) {
        bodyBytes.set(this, Number(value));
        return this;
      }
      return original.call(this, lower === PRE_ENCODED_HEADER ? "Content-Encoding" : name, value);
    } as F;
  res.setHeader = rename(res.setHeader);
  res.appendHeader = rename(res.appendHeader);
}
