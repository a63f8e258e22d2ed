/**
 * A job worker for `npm run bench:jobs`: scripts/worker.ts's handlers, except that with
 * BENCH_NOOP=1 it runs only "chunks-delete" jobs and does nothing in them but report, on
 * standard output, how long each waited from its enqueue to its start (the queue's own cost):
 *   `job <index> <enqueue-to-start ms>`
 * The bench encodes the enqueue time in the job's data (`recordingId` = "<index>-<enqueued at>").
 */
import { JOB_HANDLERS, jobSchedules, periodicTasks } from "@/lib/jobs/handlers";
import { startWorkers, type JobHandlers } from "@/lib/jobs/run-workers";

const noop = process.env.BENCH_NOOP === "1";

const handlers: JobHandlers = noop
  ? {
      ...JOB_HANDLERS,
      "chunks-delete": async (data) => {
        const [index, enqueuedAt] = data.recordingId.split("-");
        process.stdout.write(`job ${index} ${Date.now() - Number(enqueuedAt)}\n`);
        return null;
      },
    }
  : JOB_HANDLERS;

const workers = await startWorkers(handlers, noop ? { queues: ["chunks-delete"] } : { periodic: periodicTasks(), schedules: jobSchedules() });
process.stdout.write("ready\n");
process.on("SIGTERM", () => void workers.stop(5000).then(() => process.exit(0)));
