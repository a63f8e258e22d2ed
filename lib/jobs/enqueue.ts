import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { requestContext } from "@/lib/http/request-context";
import { jobBoss } from "./boss";
import { WAKE_CHANNEL, wakeLocalWorkers } from "./local-workers";
import type { JobData, QueueName } from "./queues";

type RawTx = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
};

export type EnqueueOptions = {
  /** At most one job per key is queued, and one runs, at a time ("stately" queues). */
  singletonKey?: string;
  /** Seconds from now, or a time. */
  startAfter?: number | Date;
  /** Overrides the queue's expiry (a long recording's transcription). */
  expireInSeconds?: number;
  /** Override the queue's retries for this job (a webhook test event is tried once). */
  retryLimit?: number;
  retryDelay?: number;
};

export type Enqueue = <Q extends QueueName>(queue: Q, data: JobData[Q], options?: EnqueueOptions) => Promise<string | null>;

/** Prisma's interactive transaction limits (ms), for work longer than its 5 s default (an import). */
export type TransactionOptions = { timeout?: number; maxWait?: number };

/** Many jobs of one queue in one statement (a webhook replay queues thousands). */
export type EnqueueMany = <Q extends QueueName>(
  queue: Q,
  jobs: Array<{ data: JobData[Q] } & Pick<EnqueueOptions, "retryLimit" | "retryDelay">>,
) => Promise<void>;

/**
 * A job queued while serving a request carries the request's id: its log lines name the request
 * that caused it (lib/jobs/run-workers.ts runs it in a context with that id).
 */
function withRequestId(data: object): object {
  const requestId = requestContext()?.requestId;
  return requestId && !("requestId" in data) ? { ...data, requestId } : data;
}

/** pg-boss's insert, run on the caller's transaction: JSON values are sent as text, as Prisma's raw queries expect. */
const onTransaction = (tx: RawTx) => ({
  executeSql: async (text: string, values: unknown[] = []) => ({
    rows: await tx.$queryRawUnsafe<unknown[]>(
      text,
      ...values.map((v) => (v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v)),
    ),
  }),
});

/**
 * Runs `work` in one database transaction in which it may enqueue jobs: the jobs exist exactly
 * when the change that causes them commits (never lost, never run for a change that rolled back).
 * Workers are woken once it has committed (lib/jobs/local-workers.ts), never started here: the
 * processes that run them start them (scripts/worker.ts, the test setup). `enqueue` answers the
 * job's id, or null when a job with the same singleton key is already queued (the caller joins it).
 */
export async function transactionWithJobs<T>(
  work: (tx: Tx, enqueue: Enqueue, enqueueMany: EnqueueMany) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  // Started before the transaction: on the embedded database an open transaction holds every
  // connection, so pg-boss could not start inside one.
  const boss = await jobBoss();
  const queues = new Set<QueueName>();
  const result = await db().$transaction(async (tx) => {
    const enqueue: Enqueue = async (queue, data, options = {}) => {
      queues.add(queue);
      const { startAfter, ...rest } = options;
      const id = await boss.send(queue, withRequestId(data), {
        ...rest,
        ...(startAfter !== undefined ? { startAfter: typeof startAfter === "number" ? Math.max(0, Math.round(startAfter)) : startAfter } : {}),
        db: onTransaction(tx as unknown as RawTx),
      });
      await (tx as unknown as RawTx).$executeRawUnsafe("select pg_notify($1, $2)", WAKE_CHANNEL, queue);
      return id;
    };
    const enqueueMany: EnqueueMany = async (queue, jobs) => {
      if (!jobs.length) return;
      queues.add(queue);
      await boss.insert(
        jobs.map((job) => ({ name: queue, ...job, data: withRequestId(job.data) })),
        { db: onTransaction(tx as unknown as RawTx) },
      );
      await (tx as unknown as RawTx).$executeRawUnsafe("select pg_notify($1, $2)", WAKE_CHANNEL, queue);
    };
    return work(tx, enqueue, enqueueMany);
  }, options);
  for (const queue of queues) wakeLocalWorkers(queue);
  return result;
}

/** One job on its own (no other change to commit with it). */
export function enqueueJob<Q extends QueueName>(queue: Q, data: JobData[Q], options?: EnqueueOptions) {
  return transactionWithJobs((_tx, enqueue) => enqueue(queue, data, options));
}
