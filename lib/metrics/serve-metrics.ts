import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import client from "prom-client";
import { env } from "@/lib/env";
import { loggerFor } from "@/lib/logging/logger";
import { mergeExpositions } from "./merge-exposition";
import { gatherOtherParts } from "./part-metrics";
import { metricsRegistry } from "./registry";

const log = loggerFor("metrics");
const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether `authorization` is `Bearer <METRICS_TOKEN>` (compared in constant time); never without a token set. */
export function metricsTokenMatches(authorization: string | undefined): boolean {
  const token = env().METRICS_TOKEN;
  const sent = /^Bearer (\S+)$/i.exec(authorization ?? "")?.[1];
  return Boolean(token && sent && timingSafeEqual(digest(sent), digest(token)));
}

/** This process's metrics, with those of the other parts of its `npm start` (lib/metrics/part-metrics.ts). */
export async function metricsText(): Promise<string> {
  const [own, others] = await Promise.all([metricsRegistry().metrics(), gatherOtherParts()]);
  return mergeExpositions([own, ...others]);
}

/** Answers GET /metrics (already allowed by the caller). */
export async function sendMetrics(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end();
    return;
  }
  const text = await metricsText();
  res.writeHead(200, { "content-type": client.Registry.PROMETHEUS_CONTENT_TYPE, "cache-control": "no-store" }).end(req.method === "HEAD" ? undefined : text);
}

/**
 * METRICS_PORT: GET /metrics without a token, on 127.0.0.1 only (for a Prometheus or an agent on
 * the same machine). Under `npm start` only the app serves it, with every part's metrics; a worker
 * or realtime server started on its own (`npm run worker`) serves its own there.
 */
export function serveMetricsPort(): http.Server | null {
  const port = env().METRICS_PORT;
  if (!port) return null;
  const server = http.createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics") return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
    sendMetrics(req, res).catch((error) => {
      log.error({ err: error }, "could not gather the metrics");
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on("error", (error) => log.error({ err: error, port }, "cannot serve the metrics on METRICS_PORT"));
  server.listen(port, "127.0.0.1", () => log.info({ port }, "metrics on 127.0.0.1"));
  server.unref();
  return server;
}
