/**
 * The HTTP server of the app: Next.js's request handler behind a small gate
 * (lib/server/refuse-before-next.ts) that answers, with the error body, what Next.js would
 * turn into a bare 500. Started by scripts/start.ts (which owns the database); listens on
 * HOST (loopback unless set) and PORT. `--dev` serves with `next dev`.
 */
import "@/lib/supervisor/part-process";
import path from "node:path";
import next from "next";
import { env } from "@/lib/env";
import { createAppServer } from "@/lib/server/app-server";
import { buildAssets } from "@/lib/server/build-assets";
import { listenHost } from "@/lib/hosting/service-origin";
import { buildDir } from "@/lib/supervisor/build-dir";
import { loggerFor } from "@/lib/logging/logger";
import { serveMetricsPort } from "@/lib/metrics/serve-metrics";
import { flushTraces } from "@/lib/tracing/tracer";

const log = loggerFor("app");

const dev = process.argv.includes("--dev");
// tsx turns Node's source maps on for the whole process. Next.js's server chunks ship maps, and
// with them on, Node reads and keeps every chunk's map (about 45 MB of heap) and maps each stack
// trace through them. The production server runs as `next start` does: without them.
if (!dev) process.setSourceMapsEnabled(false);
const host = listenHost();
const { PORT } = env();

/** Where this server answers itself (a wildcard interface answers on loopback). */
const selfHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;

/** The route's own Allow header (its OPTIONS answer), for a 405 to an unsupported method. */
async function allowOf(path: string): Promise<string> {
  try {
    const res = await fetch(`http://${selfHost}:${PORT}${path}`, { method: "OPTIONS" });
    return res.headers.get("allow") ?? "GET, HEAD, OPTIONS";
  } catch {
    return "GET, HEAD, OPTIONS";
  }
}

async function main() {
  const app = next({ dev, hostname: host, port: PORT, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  // `next dev` serves its files itself, as they change.
  const server = createAppServer(handle, allowOf, dev ? undefined : buildAssets(path.join(buildDir(), "static")));
  if (dev) server.on("upgrade", app.getUpgradeHandler());
  server.listen(PORT, host, () => log.info(`listening on ${host}:${PORT}${dev ? " (dev)" : ""}`));
  serveMetricsPort();
  // The spans still in their batch go out first (lib/tracing/, when OTEL_EXPORTER_OTLP_ENDPOINT is set).
  const stop = () => server.close(() => void flushTraces().finally(() => process.exit(0)));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  log.fatal({ err: error }, "could not start");
  process.exit(1);
});
