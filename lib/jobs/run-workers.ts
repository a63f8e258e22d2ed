import "server-only";
import pg from "pg";
import type PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { runWithRequestContext } from "@/lib/http/request-context";
import { jobBoss, stopJobBoss } from "./boss";
import { registerLocalWorker, WAKE_CHANNEL, wakeLocalWorkers } from "./local-workers";
import { QUEUE_NAMES, QUEUES, type JobData, type JobInfo, type QueueName } from "./queues";
import { loggerFor } from "@/lib/logging/logger";
import { observeJob } from "@/lib/metrics/job-metrics";
import { endSpan, startSpan } from "@/lib/tracing/tracer";

const log = loggerFor("jobs");

type JobHandler<Q extends QueueName> = (data: JobData[Q], job: JobInfo) => Promise<unknown>;
export type JobHandlers = { [Q in QueueName]: JobHandler<Q> };

/** Something a worker process does every `everyMs` besides jobs (safe to run in many processes at once). */
export type PeriodicTask = { name: string; everyMs: number; run: () => Promise<unknown> };

/** A queue run on a cron schedule (UTC), once per cluster; `cron: null` removes a schedule declared before (backups turned off). */
export type JobSchedule = { queue: QueueName; cron: string | null };

type RawJob = { id: string; data: unknown; retryCount: number; retryLimit: number };

/**
 * Runs one job, counting its duration and how it ended (lib/metrics/job-metrics.ts) and logging a
 * failure once, with its stack (the line carries the job's id and queue, and the id of the
 * request that queued it). pg-boss then retries it, or keeps it as dead after its last attempt.
 */
async function timed<T>(queue: QueueName, info: JobInfo, requestId: string | undefined, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const attributes = { "cas.job_id": info.id, "cas.queue": queue, "cas.attempt": info.retryCount + 1, ...(requestId ? { "cas.request_id": requestId } : {}) };
  const span = startSpan(`job ${queue}`, "job", attributes);
  try {
    const result = await work();
    observeJob(queue, "completed", (performance.now() - started) / 1000);
    endSpan(span, `job ${queue}`, { "cas.outcome": "completed" }, false);
    return result;
  } catch (error) {
    const outcome = info.isLastAttempt ? "dead" : "retry";
    observeJob(queue, outcome, (performance.now() - started) / 1000);
    endSpan(span, `job ${queue}`, { "cas.outcome": outcome }, true);
    log.warn({ err: error, attempt: info.retryCount + 1, lastAttempt: info.isLastAttempt }, "job failed");
    throw error;
  }
}

/** LISTEN for enqueues on PostgreSQL, so that a job starts at once rather than at the next poll. Best effort. */
async function listenForEnqueues(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: env().DATABASE_URL, application_name: "cas-jobs-listen" });
  client.on("error", (error) => log.warn({ err: error }, "wake-up connection lost; polling only"));
  client.on("notification", (n) => {
    if (n.payload && (QUEUE_NAMES as string[]).includes(n.payload)) wakeLocalWorkers(n.payload as QueueName);
  });
  try {
    await client.connect();
    await client.query(`listen ${WAKE_CHANNEL}`);
  } catch (error) {
    log.warn({ err: error }, "cannot listen for enqueues; polling only");
  }
  return () => client.end().catch(() => {});
}

/**
 * Every poll is a query, and on the embedded database one thread answers them all, between the
 * requests' own: a worker process whose workers each asked their queue every half second made
 * 30 to 64 queries a second, idle (docs/benchmarks.md). So one query, every JOB_POLL_SECONDS, asks
 * which of this process's queues have a job due (`wakeProbeSql`, on pg-boss's partial index of
 * waiting jobs), and wakes those queues' workers; a worker asks on its own only every
 * FALLBACK_POLL_SECONDS, in case the probe fails. The probe also finds what no enqueue announces:
 * a retry whose delay ran out, a job sent with a start time.
 */
const FALLBACK_POLL_SECONDS = 30;

/** The queues among $1 with a job due now (pg-boss's own test in its fetch: waiting, and its start time passed). */
export const wakeProbeSql = (schema: string) =>
  `select name from ${schema}.job where name = any($1::text[]) and state < 'active' and start_after < now() group by name`;

/**
 * The probe as a periodic task (run every JOB_POLL_SECONDS, never two at once): it wakes the
 * workers of each queue it names. A failure is logged once per outage, not twice a second (the
 * workers' own polls go on meanwhile), and not at all once the workers are stopping.
 */
function wakeProbeTask(boss: PgBoss, queues: QueueName[], stopping: () => boolean): PeriodicTask {
  const sql = wakeProbeSql(env().JOBS_SCHEMA);
  let failing = false;
  return {
    name: "job wake probe",
    everyMs: env().JOB_POLL_SECONDS * 1000,
    async run() {
      try {
        const result: { rows: Array<{ name: string }> } = await boss.getDb().executeSql(sql, [queues]);
        if (failing) log.info("the job probe answers again");
        failing = false;
        for (const { name } of result.rows) wakeLocalWorkers(name as QueueName);
      } catch (error) {
        if (!failing && !stopping()) log.warn({ err: error }, "the job probe failed; workers poll on their own until it answers");
        failing = true;
      }
    },
  };
}

/**
 * Runs the handlers of `queues` in this process: QUEUES[q].concurrency jobs of each at once,
 * woken by the probe above, by an enqueue (here, or on PostgreSQL by NOTIFY from any process) and
 * at once again after a job. The cron schedules of those queues are declared (pg-boss runs each
 * once per cluster), and the periodic tasks start. `stop` lets running jobs finish (or gives up after `graceMs`).
 */
export async function startWorkers(handlers: JobHandlers, options: { queues?: QueueName[]; periodic?: PeriodicTask[]; schedules?: JobSchedule[] } = {}) {
  const boss = await jobBoss("work");
  const queues = options.queues ?? QUEUE_NAMES;
  const unregister: Array<() => void> = [];
  for (const queue of queues) {
    const handler = handlers[queue] as JobHandler<QueueName>;
    for (let i = 0; i < QUEUES[queue].concurrency; i++) {
      let id = "";
      id = await boss.work(queue, { pollingIntervalSeconds: FALLBACK_POLL_SECONDS, batchSize: 1, includeMetadata: true }, async (jobs) => {
        const job = jobs[0] as unknown as RawJob;
        const info: JobInfo = { id: job.id, queue, retryCount: job.retryCount, retryLimit: job.retryLimit, isLastAttempt: job.retryCount >= job.retryLimit };
        try {
          // The job's work is part of the request that queued it (its id, when the data carries one).
          const requestId = (job.data as { requestId?: unknown } | null)?.requestId;
          const context = { job: { id: job.id, queue }, requestId: typeof requestId === "string" ? requestId : undefined };
          return await runWithRequestContext(context, () => timed(queue, info, context.requestId, () => handler(job.data as JobData[QueueName], info)));
        } finally {
          // pg-boss waits out the polling interval even after a job; a worker that found one
          // asks for the next at once instead (a backlog drains at handler speed, not 2 jobs/s).
          if (id) boss.notifyWorker(id);
        }
      });
      unregister.push(registerLocalWorker(queue, () => boss.notifyWorker(id)));
    }
  }
  for (const { queue, cron } of options.schedules ?? []) {
    if (!queues.includes(queue)) continue;
    if (cron) await boss.schedule(queue, cron, {}, { tz: "UTC" });
    else await boss.unschedule(queue);
  }
  const stopListening = await listenForEnqueues();

  let stopping = false;
  const periodic = [...(options.periodic ?? []), wakeProbeTask(boss, queues, () => stopping)];
  const timers = periodic.map((task) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task
        .run()
        .catch((error) => log.error({ err: error, task: task.name }, "periodic task failed"))
        .finally(() => (running = false));
    }, task.everyMs);
    timer.unref();
    return timer;
  });

  return {
    async stop(graceMs = 10_000) {
      stopping = true; // a probe still out as pg-boss stops fails, and that is no outage
      for (const timer of timers) clearInterval(timer);
      for (const off of unregister) off();
      await stopListening();
      await stopJobBoss(graceMs);
    },
  };
}

export type Workers = Awaited<ReturnType<typeof startWorkers>>;
