import { afterAll, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { jobBoss } from "@/lib/jobs/boss";
import { QUEUE_NAMES } from "@/lib/jobs/queues";
import { startWorkers, type JobHandlers, type Workers } from "@/lib/jobs/run-workers";

/**
 * A queue's workers run its jobs side by side although only the first polls often (every
 * JOB_POLL_SECONDS; the others every 10 s, so that an idle worker process asks the database less):
 * the first wakes the others when it finds a job (lib/jobs/run-workers.ts).
 */

// Its jobs run in workers it starts itself, with handlers of its own, not in the test process's own (tests/helpers/job-workers.ts).
process.env.JOBS_IN_PROCESS = "0";

let workers: Workers | undefined;
afterAll(() => workers?.stop(2000));

const mail = (to: string) => ({ to, subject: "s", text: "t", html: "h" });

it("runs two jobs of a two-worker queue at once: the first worker to find one wakes the other", async () => {
  process.env.JOB_POLL_SECONDS = "0.5";
  resetEnvCache();
  let running = 0;
  let most = 0;
  let bothRunning!: () => void;
  const together = new Promise<void>((resolve) => (bothRunning = resolve));
  // Each job holds its worker until the other job runs too, or for 8 s: less than the second
  // worker's own 10 s between polls, so only a wake-up lets both run at once.
  const hold = async () => {
    most = Math.max(most, ++running);
    if (running === 2) bothRunning();
    await Promise.race([together, new Promise((resolve) => setTimeout(resolve, 8000))]);
    running--;
  };
  const handlers = Object.fromEntries(QUEUE_NAMES.map((q) => [q, hold])) as unknown as JobHandlers;
  workers = await startWorkers(handlers, { queues: ["mail-send"] });
  const boss = await jobBoss();
  // Sent straight to pg-boss (no enqueue wakes the workers), once each worker's first look at the
  // queue, as it starts, found it empty.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await Promise.all([boss.send("mail-send", mail("a@example.test")), boss.send("mail-send", mail("b@example.test"))]);

  await expect.poll(() => most, { timeout: 7000 }).toBe(2);
});
