import "server-only";
import http from "node:http";
import compression from "compression";
import { serveWithOverloadSignal } from "@/lib/db/overload-signal";
import { loggerFor } from "@/lib/logging/logger";
import { registerAppMetrics } from "@/lib/metrics/app-metrics";
import { metricsTokenMatches, sendMetrics } from "@/lib/metrics/serve-metrics";
import { noteRefusal, refusesNow } from "@/lib/http/admission";
import type { ServeBuildAsset } from "./build-assets";
import { followRequest } from "./follow-request";
import { sendHeadersWithFirstChunk } from "./headers-with-first-chunk";
import { passRouteHints, routeBodyBytes } from "@/lib/http/pre-encoded";
import { refusalBeforeNext } from "./refuse-before-next";
import { runWithRequestContext, type RequestContext } from "@/lib/http/request-context";
import { REQUEST_ID_HEADER, requestIdFor } from "@/lib/http/request-id";

const log = loggerFor("http");

type Handle = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;

/**
 * Bodies from this size on are compressed (when the client takes it), by this server rather than
 * by Next.js (`compress: false` in next.config.mjs), whose threshold of 1 KB cannot be changed.
 * Below it gzip saves a few hundred bytes and costs a zlib stream per answer: most API answers
 * (a person, an interview, an error) are that small, and say so with their Content-Length
 * (lib/http/json-response.ts). Pages, scripts, the lists and CSV exports are compressed as before.
 */
export const COMPRESS_FROM_BYTES = 4096;
const compress = compression({
  threshold: COMPRESS_FROM_BYTES,
  // The threshold sees a Content-Length; a route's body length comes as its hint (pre-encoded.ts).
  filter: (req, res) => (routeBodyBytes(res as never) ?? Infinity) >= COMPRESS_FROM_BYTES && compression.filter(req, res),
});
const compressed = (req: http.IncomingMessage, res: http.ServerResponse) =>
  new Promise<void>((resolve, reject) => compress(req as never, res as never, (error?: unknown) => (error ? reject(error) : resolve())));

/** The service's one error body, `{ error: { code, message, request_id } }`, of an answer this server gives itself. */
const errorBody = (code: string, message: string, requestId: string) => JSON.stringify({ error: { code, message, request_id: requestId } });
/** A body of refuse-before-next.ts, with the request's id added. */
const withRequestId = (body: string, requestId: string) => {
  const parsed = JSON.parse(body) as { error: Record<string, unknown> };
  return JSON.stringify({ error: { ...parsed.error, request_id: requestId } });
};

/** Requests that pass the admission gate (lib/http/admission.ts): every API route but the health checks. */
const isGated = (url: string) => url.startsWith("/api/") && !/^\/api\/health(\/|\?|$)/.test(url);

/**
 * The app's HTTP server: Next.js's request handler behind the gate of refuse-before-next.ts, which
 * answers with the error body what Next.js would turn into a bare 500 (odd methods, targets that
 * are not paths, malformed %-encoding), and compresses large bodies. `allowOf(path)` gives a
 * 405's Allow header. A handler that throws answers 500 with the error body instead of leaving
 * the socket hanging. A page whose database work found no connection in time answers 503 with
 * Retry-After, not Next.js's 500 (lib/db/overload-signal.ts). An API request the admission gate
 * would refuse at once is refused here, before Next.js spends its own work on it (about 2 ms of
 * CPU a request): under a burst, refusals are most of the requests. `buildAsset` (production:
 * lib/server/build-assets.ts) answers the build's hashed files from memory, already compressed.
 */
export function createAppServer(handle: Handle, allowOf: (path: string) => Promise<string>, buildAsset?: ServeBuildAsset) {
  registerAppMetrics();
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => {
    try {
      const refusal = refusalBeforeNext(req.method ?? "", req.url ?? "/");
      if (refusal) {
        const headers = refusal.status === 405 ? { ...refusal.headers, Allow: await allowOf((req.url ?? "/").split(/[?#]/)[0]) } : refusal.headers;
        res.writeHead(refusal.status, headers).end(req.method === "HEAD" ? undefined : withRequestId(refusal.body, requestId));
        return;
      }
      if ((req.url ?? "").split(/[?#]/)[0] === "/metrics") {
        // Only with METRICS_TOKEN as a bearer; otherwise as if there were no such page.
        if (metricsTokenMatches(req.headers.authorization)) return await sendMetrics(req, res);
        res.writeHead(404, { "content-type": "application/json" }).end(errorBody("not_found", "Not found.", requestId));
        return;
      }
      if (isGated(req.url ?? "") && refusesNow()) {
        noteRefusal("arriving");
        const body = errorBody("overloaded", "The service is busy. Please try again in a moment.", requestId);
        res.writeHead(503, { "content-type": "application/json", "retry-after": "1" }).end(req.method === "HEAD" ? undefined : body);
        return;
      }
      if (buildAsset && (await buildAsset(req, res))) return;
      passRouteHints(res);
      sendHeadersWithFirstChunk(res);
      await compressed(req, res);
      await serveWithOverloadSignal(res, () => handle(req, res));
    } catch (error) {
      log.error({ err: error }, "request failed");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(errorBody("internal", "Something went wrong on our side.", requestId));
    }
  };
  const server = http.createServer((req, res) => {
    // The request's id: a trusted proxy's X-Request-Id, else a new one (request-id.ts). Next.js
    // and its routes see it in the header and in the request's context; every answer names it.
    const requestId = requestIdFor(req.headers[REQUEST_ID_HEADER], req.socket.remoteAddress);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    const context: RequestContext = { requestId };
    followRequest(req, res, context);
    return runWithRequestContext(context, () => serve(req, res, requestId));
  });
  // Longer than a reverse proxy keeps an idle upstream connection (Caddy: 2 min). With Node's 5 s,
  // a proxy or a client reusing a connection just as the server closes it gets a reset instead
  // of an answer.
  server.keepAliveTimeout = 130_000;
  // CONNECT never reaches the request handler: Node hands it over as a raw socket.
  server.on("connect", (_req, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ error: { code: "method_not_allowed", message: "CONNECT is not supported by this service." } })}`,
    );
  });
  // What Node's HTTP parser refuses itself (a target with no slash, bad headers) gets the error body too.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === "ECONNRESET") return socket.destroy();
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const body = JSON.stringify({
      error: { code: "validation_error", message: tooLarge ? "The request headers are too large." : "The request is not valid HTTP." },
    });
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
