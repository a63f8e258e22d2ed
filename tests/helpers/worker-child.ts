/**
 * A job worker in a process of its own, as `npm run worker` runs it, for the tests that kill
 * workers (tests/api/audio-finalize-fault.test.ts, tests/api/jobs-kill.test.ts): with `killAt`
 * it SIGKILLs itself at that point of a finalize ("claimed", "combining", "stored",
 * "committed"), of a transcription ("transcribing": once its first piece is done), or as soon as
 * it has taken a step's job, before claiming the step ("<step>-taken"), as a crash
 * or an OOM kill would. It prints `point <name>` at each point it reaches.
 *
 *   node --import tsx tests/helpers/worker-child.ts '<json: { killAt?: string }>'
 *
 * DATABASE_URL, DATA_DIR, JOBS_SCHEMA, JOB_LEASE_SECONDS and the AI settings are the test's (inherited).
 */
import fs from "node:fs";
import { finalizeFaults } from "@/lib/audio/pipeline/finalize-step";
import { takenFaults } from "@/lib/audio/pipeline/run-step";
import { transcribeFaults } from "@/lib/audio/pipeline/transcribe-step";
import { startJobWorkers } from "@/lib/jobs/handlers";

const { killAt } = JSON.parse(process.argv[2] ?? "{}") as { killAt?: string };

const reach = (point: string) => {
  fs.writeSync(1, `point ${point}\n`); // synchronous: the kill that follows must not lose it
  if (point === killAt) process.kill(process.pid, "SIGKILL");
};
finalizeFaults.at = reach;
takenFaults.at = reach;
transcribeFaults.at = reach;

await startJobWorkers();
process.stdout.write("ready\n");
process.on("SIGTERM", () => process.exit(0));
