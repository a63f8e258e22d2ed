import type http from "node:http";

/**
 * The header a route sets on a body it sends already encoded (lib/http/json-document.ts: a list
 * copy's gzip, made once per version). Next.js drops a route's own Content-Encoding and then
 * compresses the body again, so the route names the encoding here and the app's server
 * (lib/http/app-server.ts) turns this header into Content-Encoding as Next.js copies the headers
 * over, before Next.js's compression looks at them (it leaves encoded bodies alone).
 */
export const PRE_ENCODED_HEADER = "x-cas-content-encoding";

export function passPreEncoded(res: http.ServerResponse) {
  const rename = <F extends (name: string, value: never) => unknown>(original: F): F =>
    function (this: http.ServerResponse, name: string, value: never) {
      return original.call(this, name.toLowerCase() === PRE_ENCODED_HEADER ? "Content-Encoding" : name, value);
    } as F;
  res.setHeader = rename(res.setHeader);
  res.appendHeader = rename(res.appendHeader);
}
