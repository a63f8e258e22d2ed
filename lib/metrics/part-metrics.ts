import "server-only";
import { randomUUID } from "node:crypto";
import { supervised } from "@/lib/logging/part-name";
import { metricsRegistry } from "./registry";

/**
 * How the parts of one `npm start` (lib/supervisor/) show their metrics on the app's one
 * /metrics: over the IPC channel each part already has to the supervisor, without a port per
 * part. A part that counts something (the worker, the realtime server) answers the supervisor's
 * requests (answerMetricsRequests); the app asks the supervisor for the others' (gatherOtherParts)
 * and serves them beside its own (lib/metrics/serve-metrics.ts). The supervisor's side is
 * lib/metrics/supervisor-relay.ts.
 */
export type MetricsMessage =
  | { type: "cas:metrics-ready" }
  | { type: "cas:metrics?"; id: string }
  | { type: "cas:metrics"; id: string; text: string }
  | { type: "cas:gather"; id: string }
  | { type: "cas:gathered"; id: string; texts: string[] };

const isMessage = (message: unknown): message is MetricsMessage =>
  typeof (message as { type?: unknown } | null)?.type === "string" && String((message as { type: string }).type).startsWith("cas:");

/** Answers the supervisor's requests for this process's metrics. Nothing to do without a supervisor. */
export function answerMetricsRequests() {
  if (!supervised()) return;
  process.on("message", (message) => {
    if (!isMessage(message) || message.type !== "cas:metrics?") return;
    void metricsRegistry()
      .metrics()
      .then((text) => process.send?.({ type: "cas:metrics", id: message.id, text } satisfies MetricsMessage));
  });
  process.send?.({ type: "cas:metrics-ready" } satisfies MetricsMessage);
}

/** The other parts' metrics, through the supervisor; none without one, or when it does not answer in time. */
export function gatherOtherParts(timeoutMs = 3000): Promise<string[]> {
  const send = process.send?.bind(process);
  if (!send || !supervised()) return Promise.resolve([]);
  const id = randomUUID();
  return new Promise((resolve) => {
    const done = (texts: string[]) => {
      clearTimeout(timer);
      process.off("message", onMessage);
      resolve(texts);
    };
    const onMessage = (message: unknown) => {
      if (isMessage(message) && message.type === "cas:gathered" && message.id === id) done(message.texts);
    };
    const timer = setTimeout(() => done([]), timeoutMs);
    process.on("message", onMessage);
    send({ type: "cas:gather", id } satisfies MetricsMessage);
  });
}
