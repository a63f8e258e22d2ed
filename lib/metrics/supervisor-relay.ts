import "server-only";
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import client from "prom-client";
import type { MetricsMessage } from "./part-metrics";
import { metric, metricsRegistry } from "./registry";

type Part = { child: ChildProcess; answers: boolean };

/** The newest process of each part this supervisor runs (a restarted part replaces its dead one). */
const parts = new Map<string, Part>();
const pending = new Map<string, (text: string) => void>();

/**
 * 1 while a part's process runs, 0 while it is down (dead, waiting out its restart's backoff):
 * the supervisor's own series, served with the others' on the app's /metrics.
 */
const partUp = () =>
  metric(
    "cas_part_up",
    (registers) =>
      new client.Gauge({
        name: "cas_part_up",
        help: "Whether a part of the service (database, realtime, worker, app) is running: 1 up, 0 down.",
        labelNames: ["child"],
        registers,
        collect() {
          for (const [name, { child }] of parts) this.set({ child: name }, child.exitCode === null && child.signalCode === null ? 1 : 0);
        },
      }),
  );

function ask(name: string, part: Part, timeoutMs: number): Promise<string | null> {
  if (!part.answers || !part.child.connected) return Promise.resolve(null);
  const id = randomUUID();
  return new Promise((resolve) => {
    const timer = setTimeout(() => (pending.delete(id), resolve(null)), timeoutMs);
    pending.set(id, (text) => (clearTimeout(timer), pending.delete(id), resolve(text)));
    try {
      part.child.send({ type: "cas:metrics?", id } satisfies MetricsMessage);
    } catch {
      pending.get(id)?.("");
      resolve(null);
    }
  });
}

/** The metrics of every part but `except`, and the supervisor's own. */
async function gather(except: string): Promise<string[]> {
  const others = await Promise.all([...parts].filter(([name]) => name !== except).map(([name, part]) => ask(name, part, 2000)));
  return [await metricsRegistry().metrics(), ...others.filter((text): text is string => Boolean(text))];
}

/**
 * The supervisor's side of lib/metrics/part-metrics.ts: follows a part's process (spawn-part.ts
 * calls it for each one it starts), answers the app's requests for the others' metrics, and
 * passes the parts' answers back.
 */
export function relayPartMetrics(name: string, child: ChildProcess) {
  partUp();
  const part: Part = { child, answers: false };
  parts.set(name, part);
  child.on("message", (message: MetricsMessage) => {
    if (message?.type === "cas:metrics-ready") part.answers = true;
    else if (message?.type === "cas:metrics") pending.get(message.id)?.(message.text);
    else if (message?.type === "cas:gather") {
      void gather(name).then((texts) => {
        if (child.connected) child.send({ type: "cas:gathered", id: message.id, texts } satisfies MetricsMessage);
      });
    }
  });
}
