import { afterAll, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";
import { jobBoss } from "@/lib/jobs/boss";
import { QUEUE_NAMES } from "@/lib/jobs/queues";
import { startWorkers, wakeProbeSql, type JobHandlers, type Workers } from "@/lib/jobs/run-workers";

/**
 * A worker asks its queue for work on its own only every 30 s; one query every JOB_POLL_SECONDS
 * (the wake probe) names the queues with a job due and wakes their workers (lib/jobs/run-workers.ts).
 */

// Its jobs run in workers it starts itself, with handlers of its own, not in the test process's own (tests/helpers/job-workers.ts).
process.env.JOBS_IN_PROCESS = "0";

let workers: Workers | undefined;
afterAll(() => workers?.stop(2000));

const mail = (to: string) => ({ to, subject: "s", text: "t", html: "h" });

it("names the queues with a job due, and not a job whose start time is still ahead", async () => {
  const boss = await jobBoss();
  const probe = async () =>
    ((await boss.getDb().executeSql(wakeProbeSql(env().JOBS_SCHEMA), [["calendar-sync", "people-import"]])) as { rows: Array<{ name: string }> }).rows.map(
      (r) => r.name,
    );
  expect(await probe()).toEqual([]);
  await boss.send("people-import", { districtId: "d", importId: "later" }, { startAfter: 60 });
  await boss.send("notification-send", { districtId: "d", notificationId: "not-asked" });
  expect(await probe()).toEqual([]);
  await boss.send("calendar-sync", { districtId: "d", interviewId: "now" });
  expect(await probe()).toEqual(["calendar-sync"]);
});

it("starts jobs no enqueue announced within the probe's interval, every worker of the queue at once", async () => {
  process.env.JOB_POLL_SECONDS = "0.5";
  resetEnvCache();
  let running = 0;
  let most = 0;
  let bothRunning!: () => void;
  const together = new Promise<void>((resolve) => (bothRunning = resolve));
  // Each job holds its worker until the other job runs too, or for 8 s: less than a worker's own
  // 30 s between polls, so only the probe's wake-up lets both run at once.
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
