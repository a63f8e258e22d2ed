import "server-only";
import client from "prom-client";
import { metric } from "./registry";

/** Webhook deliveries by how they ended (lib/webhooks/deliver-webhook.ts). */
export function countWebhookDelivery(outcome: "delivered" | "failed" | "dead" | "refused") {
  metric(
    "cas_webhook_deliveries_total",
    (registers) =>
      new client.Counter({
        name: "cas_webhook_deliveries_total",
        help: "Webhook delivery attempts by outcome: delivered (2xx), failed (to be retried), dead (the last attempt failed), refused (endpoint disabled or not allowed).",
        labelNames: ["outcome"],
        registers,
      }),
  ).inc({ outcome });
}

/** The realtime server's open sockets, read when scraped (lib/realtime/embedded-server.ts). */
export function realtimeConnectionsGauge(count: () => number) {
  metric(
    "cas_realtime_connections",
    (registers) =>
      new client.Gauge({
        name: "cas_realtime_connections",
        help: "Open WebSocket connections to the realtime server.",
        registers,
        collect() {
          this.set(count());
        },
      }),
  );
}

/** Events the realtime server sent out: published (through its HTTP API) and delivered to sockets. */
export function countRealtimeEvents(kind: "published" | "delivered", n = 1) {
  metric(
    "cas_realtime_events_total",
    (registers) =>
      new client.Counter({
        name: "cas_realtime_events_total",
        help: "Realtime events: published to a channel through the HTTP API, and delivered to subscribed sockets.",
        labelNames: ["kind"],
        registers,
      }),
  ).inc({ kind }, n);
}

/**
 * When the last good backup finished, read when scraped: `lastGoodBackupAt` is the backup's own
 * record of it (lib/backup/). No series until a source is set; NaN-free: a service never backed
 * up reports 0, which the alert "backup older than 26 h" catches.
 */
export function backupAgeGauge(lastGoodBackupAt: () => Promise<Date | null> | Date | null) {
  metric(
    "cas_backup_last_success_timestamp_seconds",
    (registers) =>
      new client.Gauge({
        name: "cas_backup_last_success_timestamp_seconds",
        help: "When the last good backup finished (Unix time, seconds); 0 when there is none. Its age: time() - this.",
        registers,
        async collect() {
          const at = await Promise.resolve(lastGoodBackupAt()).catch(() => null);
          this.set(at ? at.getTime() / 1000 : 0);
        },
      }),
  );
}
