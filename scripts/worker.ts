/**
 * A job worker (`npm run worker`, and the `worker` part of `npm start`): runs the durable jobs of
 * lib/jobs (the recording pipeline, chunk clean-up and sweeps, message translations, e-mails) from
 * the queue in the service's database. Start as many as you like, on this machine or others, with
 * the same DATABASE_URL (and the same shared file storage and AI settings as the app): each job
 * runs once, and a worker killed mid-job leaves it to the others (lib/audio/pipeline/step-state.ts).
 * Stops on SIGINT/SIGTERM after the jobs under way finish (at most 30 s).
 */
import "@/lib/supervisor/part-process";
import { env } from "@/lib/env";
import { startJobWorkers } from "@/lib/jobs/handlers";
import { loggerFor } from "@/lib/logging/logger";
import { supervised } from "@/lib/logging/part-name";
import { poolMetrics } from "@/lib/metrics/app-metrics";
import { registerJobQueueMetrics } from "@/lib/metrics/job-metrics";
import { backupAgeGauge } from "@/lib/metrics/service-metrics";
import { lastGoodBackupAt } from "@/lib/backup/backup-state";
import { answerMetricsRequests } from "@/lib/metrics/part-metrics";
import { serveMetricsPort } from "@/lib/metrics/serve-metrics";
import { flushTraces } from "@/lib/tracing/tracer";

const log = loggerFor("worker");

async function main() {
  if (!env().DATABASE_URL) {
    log.fatal("DATABASE_URL is not set: point it at the service's database (npm start sets it for its own worker).");
    process.exit(78);
  }
  const workers = await startJobWorkers();
  log.info(`running jobs (schema ${env().JOBS_SCHEMA})`);
  // Its metrics: through the supervisor to the app's /metrics, or on METRICS_PORT when run alone.
  registerJobQueueMetrics();
  poolMetrics();
  backupAgeGauge(lastGoodBackupAt);
  answerMetricsRequests();
  if (!supervised()) serveMetricsPort();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await workers.stop(30_000);
    await flushTraces().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  log.fatal({ err: error }, "could not start");
  process.exit(1);
});
