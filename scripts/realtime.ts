/**
 * The Pusher-protocol server on its own (`npm run realtime`), and the `realtime` part of
 * `npm start`.
 *
 * - No PUSHER_*: the embedded setup, with the credentials kept in DATA_DIR/realtime.json, on
 *   REALTIME_PORT (what `npm start` runs).
 * - PUSHER_HOST (with PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET): the server the app
 *   processes are pointed at when scaled out; it serves those credentials on PUSHER_PORT
 *   (else REALTIME_PORT). TLS, if any, is a proxy's job in front of it.
 *
 * Listens on HOST (loopback unless set). State is in memory: a restart drops subscriptions,
 * and pusher-js clients reconnect and subscribe again by themselves.
 */
import "@/lib/supervisor/part-process";
import { env } from "@/lib/env";
import { embeddedRealtimeServerOptions, realtimeCredentials, realtimeMode } from "@/lib/realtime/config";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeOptions } from "@/lib/realtime/embedded-server";
import { EXIT_CANNOT_RUN } from "@/lib/supervisor/restart-policy";
import { loggerFor } from "@/lib/logging/logger";
import { supervised } from "@/lib/logging/part-name";
import { answerMetricsRequests } from "@/lib/metrics/part-metrics";
import { serveMetricsPort } from "@/lib/metrics/serve-metrics";

const log = loggerFor("realtime");

function serverOptions(): EmbeddedRealtimeOptions {
  if (realtimeMode() === "embedded") return embeddedRealtimeServerOptions();
  const e = env();
  if (!e.PUSHER_HOST) {
    log.fatal(
      "PUSHER_CLUSTER names hosted Pusher Channels: there is no realtime server to run here. Set PUSHER_HOST (and PUSHER_PORT) to run this one for your app processes.",
    );
    process.exit(EXIT_CANNOT_RUN);
  }
  return { ...realtimeCredentials(), host: e.HOST ?? "127.0.0.1", port: e.PUSHER_PORT ?? e.REALTIME_PORT, requireSignin: true };
}

function configuredOptions(): EmbeddedRealtimeOptions {
  try {
    return serverOptions();
  } catch (error) {
    // A configuration problem (e.g. PUSHER_* partly set): starting again cannot help.
    log.fatal((error as Error).message);
    process.exit(EXIT_CANNOT_RUN);
  }
}

async function main() {
  const options = configuredOptions();
  const server = await startEmbeddedRealtimeServer(options);
  log.info(`Pusher protocol on ${options.host}:${server.port}`);
  // Its metrics: through the supervisor to the app's /metrics, or on METRICS_PORT when run alone.
  answerMetricsRequests();
  if (!supervised()) serveMetricsPort();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  log.fatal({ err: error }, "could not start");
  process.exit(1);
});
