import { afterAll, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { jobBoss } from "@/lib/jobs/boss";
import { QUEUE_NAMES } from "@/lib/jobs/queues";
import { startWorkers, type JobHandlers, type Workers } from "@/lib/jobs/run-workers";

/**
 * A backlog drains at the handlers' pace, not one job per worker per polling interval: a worker
 * that finished a job asks for the next one at once. pg-boss alone waits out the interval after
 * every job, which capped a worker process at 2 jobs a second per slot at the 0.5 s interval.
 * Here the interval is 60 s, so a worker that waited it out would not finish within the test.
 */

// Its jobs run in workers it starts itself, with handlers of its own, not in the test process's own (tests/helpers/job-workers.ts).
process.env.JOBS_IN_PROCESS = "0";

let workers: Workers | undefined;
afterAll(() => workers?.stop(2000));

it("runs a queue's waiting jobs one after another without waiting for the next poll", async () => {
  process.env.JOB_POLL_SECONDS = "60";
  resetEnvCache();
  const boss = await jobBoss();
  // Sent straight to pg-boss: no enqueue wakes the workers; only their own loop finds the jobs.
  const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => boss.send("mail-send", { to: `p${i}@example.test`, subject: "s", text: "t", html: "h" })));
  const done: string[] = [];
  const record = async (data: { to?: string }) => void done.push(String(data.to));
  const handlers = Object.fromEntries(QUEUE_NAMES.map((q) => [q, record])) as unknown as JobHandlers;
  workers = await startWorkers(handlers, { queues: ["mail-send"] });

  await expect.poll(() => done.length, { timeout: 20_000 }).toBe(sent.length);
  expect(done.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `p${i}@example.test`).sort());
});
