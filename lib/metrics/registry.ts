import "server-only";
import client from "prom-client";
import { partName } from "@/lib/logging/part-name";

type State = { registry: client.Registry; metrics: Map<string, unknown> };

// One registry per process, kept on globalThis: the route bundles Next.js loads carry their own
// copies of the modules that count (a webhook delivered by an in-process worker, the admission
// gate), and every copy must count into the one registry /metrics reads.
const KEY = Symbol.for("cas.metrics");
const holder = globalThis as unknown as Record<symbol, State | undefined>;

function state(): State {
  let current = holder[KEY];
  if (!current) {
    const registry = new client.Registry();
    // Each process's series carry its part (app, worker, realtime): gathered on one /metrics
    // (lib/metrics/gather-parts.ts), nothing is counted twice or summed across parts by accident.
    registry.setDefaultLabels({ part: partName() });
    client.collectDefaultMetrics({ register: registry });
    current = holder[KEY] = { registry, metrics: new Map() };
  }
  return current;
}

/** The process's registry: Node's own metrics (CPU, memory, event loop, GC) and the service's. */
export const metricsRegistry = () => state().registry;

/** The metric named `name`, made once per process (whichever copy of a module asks first). */
export function metric<T>(name: string, make: (registers: client.Registry[]) => T): T {
  const { registry, metrics } = state();
  if (!metrics.has(name)) metrics.set(name, make([registry]));
  return metrics.get(name) as T;
}
