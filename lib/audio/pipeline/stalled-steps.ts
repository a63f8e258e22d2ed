import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { jobBoss } from "@/lib/jobs/boss";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { jobTable } from "@/lib/jobs/job-table";
import { STEP_QUEUE, type RecordingStepName } from "@/lib/jobs/queues";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("jobs");

/**
 * Steps whose worker stopped renewing its lease (killed, or its machine gone) go back to the
 * queue: each such step is taken by one UPDATE, so many worker processes may run this at once
 * and each step is handed back once. Its pg-boss job is failed, which retries it with backoff
 * (or, if that job is already gone, a new one is queued). Across all districts: maintenance.
 * Only steps whose job is in this process's queue (JOBS_SCHEMA) are its to hand back: the
 * service has one; the test suite gives each test file its own, with its own settings.
 */
export async function requeueStalledSteps(): Promise<number> {
  const jobs = jobTable();
  const stalled = await db().$queryRaw<{ recording_id: string; district_id: string; step: RecordingStepName; job_id: string | null }[]>`
    -- all districts: handing back steps whose worker died is maintenance
    update recording_steps s
       set state = 'queued', lease_id = null, heartbeat_at = null, updated_at = now(),
           error = 'The worker running this step stopped; it runs again.'
     where s.state = 'running' and s.heartbeat_at < now() - make_interval(secs => ${env().JOB_LEASE_SECONDS})
       and exists (select 1 from ${jobs} j where j.id::text = s.job_id)
    returning s.recording_id, s.district_id, s.step, s.job_id`;
  if (!stalled.length) return 0;
  const boss = await jobBoss();
  for (const { recording_id: recordingId, district_id: districtId, step, job_id: jobId } of stalled) {
    const queue = STEP_QUEUE[step];
    const failed = jobId ? await boss.fail(queue, jobId, { message: "worker stopped" }).catch(() => null) : null;
    if (!failed || !(failed as { affected?: number }).affected) {
      await enqueueJob(queue, { districtId, recordingId }, { singletonKey: recordingId });
    }
    log.warn({ step, recordingId }, "a step was left by a stopped worker; queued again");
  }
  return stalled.length;
}

/**
 * Jobs a worker took but died before it could claim their step (the step still "queued", the
 * pg-boss job "active" for longer than a lease): failed, so that pg-boss retries them, instead of
 * waiting for the job's own expiry (hours, for a transcription). Across all districts: maintenance.
 */
export async function failOrphanedStepJobs(): Promise<number> {
  const jobs = jobTable();
  const orphans = await db().$queryRaw<{ id: string; name: string }[]>`
    -- all districts: jobs whose worker died before taking their step are maintenance
    select j.id::text as id, j.name from ${jobs} j
      join recording_steps s on s.recording_id = j.data->>'recordingId' and 'recording-' || s.step = j.name and s.district_id = j.data->>'districtId'
     where j.state = 'active' and j.name like 'recording-%' and s.state = 'queued'
       and j.started_on < now() - make_interval(secs => ${env().JOB_LEASE_SECONDS})`;
  if (!orphans.length) return 0;
  const boss = await jobBoss();
  for (const { id, name } of orphans) await boss.fail(name, id, { message: "worker stopped before it started the step" }).catch(() => null);
  return orphans.length;
}
