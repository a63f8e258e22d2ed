import "server-only";
import { queueFailedStep } from "@/lib/audio/pipeline/queue-failed-step";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { jobBoss } from "./boss";
import { jobTable } from "./job-table";
import type { JobView, ListJobsQuery } from "./schemas";

type JobRow = {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  data: { recordingId?: string; messageId?: string };
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
};

const STATES: Record<ListJobsQuery["state"], string[]> = { failed: ["failed"], active: ["active"], queued: ["created", "retry"] };

const errorOf = (output: unknown): string | null => {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = o?.message ?? o?.value?.message;
  return typeof message === "string" ? message.slice(0, 2000) : null;
};

function view(row: JobRow): JobView {
  return {
    id: row.id,
    queue: row.name,
    state: row.state === "failed" ? "failed" : row.state === "active" ? "active" : "queued",
    attempts: row.retry_count + (row.state === "created" ? 0 : 1),
    retry_limit: row.retry_limit,
    error: row.state === "active" ? null : errorOf(row.output),
    recording_id: row.data?.recordingId ?? null,
    message_id: row.data?.messageId ?? null,
    created_at: row.created_on.getTime(),
    updated_at: (row.completed_on ?? row.started_on ?? row.created_on).getTime(),
  };
}

type FailedStepRow = {
  recording_id: string;
  step: string;
  job_id: string | null;
  attempts: number;
  error: string | null;
  updated_at: Date;
  started_at: Date | null;
};

/**
 * GET /api/jobs: the district's jobs in one state, newest first (at most 200). By default the
 * dead ones: recording steps failed for good (out of retries, or an error another attempt cannot
 * fix, such as no speech-to-text engine), and other jobs out of retries, which an admin may run
 * again (a sign-in or invitation e-mail among them: it carries its person's district). Jobs that
 * belong to no district (the cron sweeps) are the operator's: `npm run admin -- jobs`.
 */
export async function listDistrictJobs(ctx: Ctx, query: ListJobsQuery): Promise<JobView[]> {
  await jobBoss();
  const rows = await db().$queryRaw<JobRow[]>`
    select id::text, name, state::text, retry_count, retry_limit, output, data, created_on, started_on, completed_on
      from ${jobTable()}
     where data->>'districtId' = ${ctx.districtId} and state::text = any(${STATES[query.state]}::text[])
     order by coalesce(completed_on, started_on, created_on) desc limit 200`;
  if (query.state !== "failed") return rows.map(view);
  // A failed step is shown as its step (its last job's id): pg-boss completes a job whose step failed for good.
  const steps = await db().$queryRaw<FailedStepRow[]>`
    select recording_id, step, job_id, attempts, error, updated_at, started_at from recording_steps
     where district_id = ${ctx.districtId} and state = 'failed' order by updated_at desc limit 200`;
  const stepJobs = new Set(steps.map((s) => s.job_id));
  const fromSteps: JobView[] = steps.flatMap((s) =>
    s.job_id
      ? [
          {
            id: s.job_id,
            queue: `recording-${s.step}`,
            state: "failed" as const,
            attempts: s.attempts,
            retry_limit: 0,
            error: s.error,
            recording_id: s.recording_id,
            message_id: null,
            created_at: (s.started_at ?? s.updated_at).getTime(),
            updated_at: s.updated_at.getTime(),
          },
        ]
      : [],
  );
  return [...fromSteps, ...rows.filter((r) => !stepJobs.has(r.id)).map(view)].sort((a, b) => b.updated_at - a.updated_at).slice(0, 200);
}

/**
 * POST /api/jobs/:id/retry: runs a dead job of the district again: a failed recording step is
 * queued again (a new job, the step "queued" at once); another job gets one more attempt. 404 for
 * another district's job, or one that is not dead.
 */
export async function retryDistrictJob(ctx: Ctx, id: string) {
  const [step] = await db().$queryRaw<FailedStepRow[]>`
    select recording_id, step, job_id, attempts, error, updated_at, started_at from recording_steps
     where job_id = ${id} and district_id = ${ctx.districtId} and state = 'failed'`;
  if (step) {
    await queueFailedStep({ districtId: ctx.districtId, recordingId: step.recording_id }, step.step);
    return { ok: true as const };
  }
  const boss = await jobBoss();
  const [row] = await db().$queryRaw<JobRow[]>`
    select id::text, name, state::text, retry_count, retry_limit, output, data, created_on, started_on, completed_on
      from ${jobTable()}
     where id::text = ${id} and data->>'districtId' = ${ctx.districtId} and state = 'failed'`;
  if (!row) throw notFound("Job");
  await boss.retry(row.name, row.id);
  return { ok: true as const };
}

/**
 * `npm run admin -- jobs [--state …]`: the jobs that belong to no district (the cron sweeps), which
 * no district's admin sees, newest first (at most 200).
 */
export async function listClusterJobs(state: ListJobsQuery["state"]): Promise<JobView[]> {
  await jobBoss();
  const rows = await db().$queryRaw<JobRow[]>`
    select id::text, name, state::text, retry_count, retry_limit, output, data, created_on, started_on, completed_on
      from ${jobTable()}
     where data->>'districtId' is null and state::text = any(${STATES[state]}::text[])
     order by coalesce(completed_on, started_on, created_on) desc limit 200`;
  return rows.map(view);
}

/** `npm run admin -- retry-job --id <id>`: one more attempt for a dead job of no district; false when there is none. */
export async function retryClusterJob(id: string): Promise<boolean> {
  const boss = await jobBoss();
  const [row] = await db().$queryRaw<{ name: string }[]>`
    select name from ${jobTable()} where id::text = ${id} and data->>'districtId' is null and state = 'failed'`;
  if (!row) return false;
  await boss.retry(row.name, id);
  return true;
}
