import "server-only";
import type http from "node:http";
import { env } from "@/lib/env";
import { logAccess } from "@/lib/logging/access-log";
import { observeRequest } from "@/lib/metrics/http-metrics";
import { routePatternOf } from "@/lib/metrics/route-pattern";
import { endSpan, startSpan } from "@/lib/tracing/tracer";
import { runWithRequestContext, type RequestContext } from "@/lib/http/request-context";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The longest a refused body is read on after its answer, before the connection is cut instead. */
const DRAIN_MS = 60_000;
/** The most a refused body is read on: the largest body any route takes, and room for its framing. */
const drainBytes = () => Math.max(env().MAX_UPLOAD_BYTES, env().MAX_JSON_BYTES, env().MAX_CHUNK_BYTES) + 1024 * 1024;

/**
 * Reads and drops the rest of a body that the answer did not need (a 413 on its Content-Length, a
 * 401 before an upload was read), letting its readers (Next.js's request, the route) go; `done`
 * once it has all arrived, or (`cut`) past DRAIN_MS or the largest body any route takes, or when
 * the client is gone.
 */
function drain(req: http.IncomingMessage, done: (cut: boolean) => void) {
  let dropped = 0;
  let over = false;
  const limit = drainBytes();
  const finish = (cut: boolean) => {
    if (over) return;
    over = true;
    clearTimeout(timer);
    done(cut);
  };
  const timer = setTimeout(() => finish(true), DRAIN_MS);
  timer.unref();
  req.removeAllListeners("data");
  req.removeAllListeners("readable");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) finish(true);
  });
  req.once("end", () => finish(false));
  req.once("close", () => finish(!req.complete));
  req.on("error", () => {});
  req.resume();
}

/**
 * An answer given while the client is still sending its body (a refusal: the rest of the body is
 * not needed) leaves once the body has all arrived, read and dropped meanwhile. Answered at once,
 * it would reach a client that is still writing, and a proxy (Caddy, like Go's HTTP server) or the
 * kernel closing a connection with bytes left unread resets it: the client sees a network error
 * (EPIPE, ECONNRESET) instead of the 413 or 401. Past the drain's limits the answer leaves with
 * `Connection: close` and the connection is cut after it.
 */
function holdAnswerWhileSending(req: http.IncomingMessage, res: http.ServerResponse, destroy: (error?: Error) => void) {
  const write = res.write;
  const end = res.end;
  // Once the body is in (or was never held), calls go straight through. The wrappers stay in place
  // rather than being swapped back: the compression middleware wraps them in turn, and putting the
  // originals back would skip it (a gzip header over a plain body).
  let passthrough = false;
  let held: Array<() => void> | undefined;
  const hold = (call: () => void) => {
    if (held) return void held.push(call);
    held = [call];
    drain(req, (cut) => {
      passthrough = true;
      if (cut && !res.headersSent) res.setHeader("connection", "close");
      for (const next of held!) next();
      if (cut) res.once("finish", () => destroy());
    });
  };
  const flowing = () => passthrough || (!held && (req.complete || req.destroyed) && (passthrough = true));
  res.write = function (this: http.ServerResponse, ...args: unknown[]) {
    if (flowing()) return (write as (...a: unknown[]) => boolean).apply(res, args);
    hold(() => (write as (...a: unknown[]) => boolean).apply(res, args));
    return true;
  } as typeof res.write;
  res.end = function (this: http.ServerResponse, ...args: unknown[]) {
    if (flowing()) return (end as (...a: unknown[]) => http.ServerResponse).apply(res, args);
    hold(() => (end as (...a: unknown[]) => http.ServerResponse).apply(res, args));
    return res;
  } as typeof res.end;
}

/**
 * Follows a request to its end: once its answer is finished (or the client gone), counts it
 * (http_requests_total, http_request_duration_seconds) and writes its one access-log line, under
 * its route's pattern. Until then nothing may cut the connection (a reader cancelling a body it
 * refuses destroys the request, and with it the socket): the body left unread is drained instead,
 * and the answer leaves once it is (holdAnswerWhileSending).
 */
export function followRequest(req: http.IncomingMessage, res: http.ServerResponse, context: RequestContext) {
  const started = performance.now();
  const span = startSpan(`${req.method} request`, "request", { "cas.request_id": context.requestId ?? "" });
  const destroy = req.destroy.bind(req);
  req.destroy = ((error?: Error) => {
    // A body received whole is let go as usual (its stream ends so): only a cut is held back.
    if (req.complete || res.writableFinished || res.destroyed) destroy(error);
    return req;
  }) as typeof req.destroy;
  holdAnswerWhileSending(req, res, destroy);
  let ended = false;
  const end = (finished: boolean) => {
    if (ended) return;
    ended = true;
    req.destroy = destroy as typeof req.destroy;
    // The client went away before any answer: 499, as proxies log it.
    const status = finished || res.headersSent ? res.statusCode : 499;
    const method = METHODS.has(req.method ?? "") ? req.method! : "OTHER";
    const route = routePatternOf(req.url ?? "/");
    const durationMs = performance.now() - started;
    observeRequest(route, method, status, durationMs / 1000);
    endSpan(
      span,
      `${method} ${route}`,
      {
        "http.request.method": method,
        "http.route": route,
        "http.response.status_code": status,
        ...(context.ctx ? { "cas.district_id": context.ctx.districtId } : {}),
      },
      status >= 500,
    );
    runWithRequestContext(context, () => logAccess({ method, route, status, durationMs, ...(finished ? {} : { aborted: true }) }));
  };
  res.once("finish", () => end(true));
  res.once("close", () => end(false));
}
