import { afterAll, beforeAll } from "vitest";
import { env, resetEnvCache } from "@/lib/env";

/**
 * The test process's job workers: a setup file of the API tests (vitest.config.ts), imported by
 * the few unit test files whose jobs must run. Each test file runs every queue in its own process,
 * on its own JOBS_SCHEMA (tests/helpers/setup-env.ts), so that a job always runs with the settings
 * (AI servers, storage) of the file that queued it. Started before the file's tests, as
 * scripts/worker.ts starts them in `npm start`: an enqueue never starts workers.
 *
 * Every queue's handlers and the periodic tasks (handing stalled recording steps back, the search
 * index's upkeep, which indexes a recording's name, summary and transcript), without the cron
 * schedules: the sweeps (notifications every minute, webhooks, chunks…) would act on the districts
 * of every test file running beside this one. A test runs a sweep itself when it means to.
 *
 * A file that runs its jobs elsewhere (a worker process of its own, or handlers of its own) sets
 * JOBS_IN_PROCESS=0 at its top, before this runs.
 */
type Workers = { stop(graceMs?: number): Promise<void> };
// On globalThis: one set of workers per test file, whichever module instance started them.
const state = globalThis as unknown as { __casTestWorkers?: Workers };

async function startJobWorkers() {
  // Imported here, after the file's own vi.mock calls: the registry pulls in every job's work.
  const [{ JOB_HANDLERS, periodicTasks }, { startWorkers }] = await Promise.all([import("@/lib/jobs/handlers"), import("@/lib/jobs/run-workers")]);
  state.__casTestWorkers = await startWorkers(JOB_HANDLERS, { periodic: periodicTasks() });
}

export async function stopJobWorkers() {
  const running = state.__casTestWorkers;
  state.__casTestWorkers = undefined;
  await running?.stop(2000);
}

/** Moves the workers to the database the environment names now (a file that switched to a service of its own). */
export async function restartJobWorkers() {
  if (!state.__casTestWorkers) return;
  await stopJobWorkers();
  await startJobWorkers();
}

beforeAll(async () => {
  resetEnvCache(); // the file may have changed JOBS_IN_PROCESS at its top
  if (env().JOBS_IN_PROCESS) await startJobWorkers();
});

afterAll(stopJobWorkers);
