/**
 * A job worker in a process of its own, as `npm run worker` runs it, for the tests that kill
 * workers (tests/api/audio-finalize-fault.test.ts, tests/api/jobs-kill.test.ts): with `killAt`
 * it SIGKILLs itself at that point of a finalize ("claimed", "combining", "stored",
 * "committed") or of a transcription ("transcribing": once its first piece is done), as a crash
 * or an OOM kill would. It prints `point <name>` at each point it reaches.
 *
 *   node --import tsx tests/helpers/worker-child.ts '<json: { killAt?: string }>'
 *
 * DATABASE_URL, DATA_DIR, JOBS_SCHEMA, JOB_LEASE_SECONDS and the AI settings are the test's (inherited).
 */
import { finalizeFaults } from "@/lib/audio/pipeline/finalize-step";
import { transcribeFaults } from "@/lib/audio/pipeline/transcribe-step";
import { JOB_HANDLERS, periodicTasks } from "@/lib/jobs/handlers";
import { startWorkers } from "@/lib/jobs/run-workers";

const { killAt } = JSON.parse(process.argv[2] ?? "{}") as { killAt?: string };

const reach = (point: string) => {
  process.stdout.write(`point ${point}\n`);
  if (point === killAt) process.kill(process.pid, "SIGKILL");
};
finalizeFaults.at = reach;
transcribeFaults.at = reach;

await startWorkers(JOB_HANDLERS, { periodic: periodicTasks() });
process.stdout.write("ready\n");
process.on("SIGTERM", () => process.exit(0));
