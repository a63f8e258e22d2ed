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
import { JOB_HANDLERS, periodicTasks } from "@/lib/jobs/handlers";
import { startWorkers } from "@/lib/jobs/run-workers";

async function main() {
  if (!env().DATABASE_URL) {
    console.error("[worker] DATABASE_URL is not set: point it at the service's database (npm start sets it for its own worker).");
    process.exit(78);
  }
  const workers = await startWorkers(JOB_HANDLERS, { periodic: periodicTasks() });
  console.log(`[worker] running jobs (schema ${env().JOBS_SCHEMA}, pid ${process.pid})`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await workers.stop(30_000);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error("[worker] could not start:", error);
  process.exit(1);
});
