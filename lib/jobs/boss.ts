import "server-only";
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { QUEUE_NAMES, QUEUES } from "./queues";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("jobs");

export type BossRole = "enqueue" | "work";

type Started = { boss: PgBoss; role: BossRole };

// One pg-boss per process (kept across Next's module reloading in dev).
const globalForBoss = globalThis as unknown as { __casBoss?: Promise<Started>; __casBossUrl?: string };

/** Which database and schema the process's pg-boss is for: another one (tests change them) starts a new one. */
const target = () => `${databaseUrl()}#${env().JOBS_SCHEMA}`;

function databaseUrl() {
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the job queue lives in the service's database.");
  return url;
}

async function startBoss(role: BossRole): Promise<Started> {
  const work = role === "work";
  const boss = new PgBoss({
    connectionString: databaseUrl(),
    schema: env().JOBS_SCHEMA,
    application_name: `cas-jobs-${role}`,
    max: work ? 4 : 2,
    // Maintenance (expiring jobs whose worker vanished, archiving) and cron run where workers
    // run; pg-boss takes a lock so that only one process does each at a time.
    supervise: work,
    schedule: work,
    maintenanceIntervalSeconds: 30,
    // Dead jobs stay visible (and retryable) for 30 days before they are archived.
    archiveFailedAfterSeconds: 30 * 86_400,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on("error", (error: Error) => log.error({ err: error }, "pg-boss"));
  await boss.start();
  // Idempotent; createQueue tolerates a concurrent creation by another process.
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const name of QUEUE_NAMES) {
    const { policy, retryLimit, retryDelay, expireInSeconds } = QUEUES[name];
    const options = { name, policy, retryLimit, retryDelay, retryBackoff: true, expireInSeconds };
    if (!existing.has(name))
      await boss.createQueue(name, options).catch((error: Error) => {
        if (!/already exists/.test(error.message)) throw error;
      });
    else await boss.updateQueue(name, options);
  }
  return { boss, role };
}

/**
 * This process's pg-boss, started: the job tables exist and every queue is declared. A process
 * that only enqueues (an app process) runs no maintenance; `startWorkers` asks for the "work" role.
 */
export async function jobBoss(role: BossRole = "enqueue"): Promise<PgBoss> {
  const url = target();
  if (globalForBoss.__casBoss && globalForBoss.__casBossUrl !== url) await stopJobBoss();
  if (globalForBoss.__casBoss) {
    const started = await globalForBoss.__casBoss;
    if (started.role === "work" || role === "enqueue") return started.boss;
    await stopJobBoss();
  }
  globalForBoss.__casBossUrl = url;
  const starting = startBoss(role);
  globalForBoss.__casBoss = starting;
  starting.catch(() => {
    if (globalForBoss.__casBoss === starting) globalForBoss.__casBoss = undefined;
  });
  return (await starting).boss;
}

/** Stops this process's pg-boss (its workers finish or give up within `timeoutMs`). */
export async function stopJobBoss(timeoutMs = 10_000) {
  const current = globalForBoss.__casBoss;
  globalForBoss.__casBoss = undefined;
  if (!current) return;
  const started = await current.catch(() => undefined);
  await started?.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
}
