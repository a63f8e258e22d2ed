import "server-only";
import { env } from "@/lib/env";
import type { Workers } from "./run-workers";

const globalForWorkers = globalThis as unknown as { __casInProcessWorkers?: Promise<Workers> };

/**
 * With JOBS_IN_PROCESS, this process runs the job workers itself, started by its first enqueue:
 * the test suite (each test file on its own JOBS_SCHEMA, so that its jobs run with its own
 * settings) and a service run as one process. Loaded lazily: the handlers pull in the pipeline.
 */
export function ensureInProcessWorkers(): Promise<Workers> | undefined {
  if (!env().JOBS_IN_PROCESS) return undefined;
  globalForWorkers.__casInProcessWorkers ??= (async () => {
    const [{ startWorkers }, { JOB_HANDLERS, periodicTasks }] = await Promise.all([import("./run-workers"), import("./handlers")]);
    return startWorkers(JOB_HANDLERS, { periodic: periodicTasks() });
  })();
  return globalForWorkers.__casInProcessWorkers;
}

/** Stops the in-process workers, if any (end of a test file). */
export async function stopInProcessWorkers() {
  const running = globalForWorkers.__casInProcessWorkers;
  globalForWorkers.__casInProcessWorkers = undefined;
  await (await running?.catch(() => undefined))?.stop(2000);
}
