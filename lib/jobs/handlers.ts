import "server-only";
import { deleteChunks } from "@/lib/audio/delete-chunks";
import { deleteRecordingFiles } from "@/lib/audio/delete-recording-files";
import { finalizeStep } from "@/lib/audio/pipeline/finalize-step";
import { failOrphanedStepJobs, requeueStalledSteps } from "@/lib/audio/pipeline/stalled-steps";
import { summarizeStep } from "@/lib/audio/pipeline/summarize-step";
import { transcribeStep } from "@/lib/audio/pipeline/transcribe-step";
import { translateStep } from "@/lib/audio/pipeline/translate-step";
import { sweepStaleChunks } from "@/lib/audio/sweep-stale-chunks";
import { runScheduledBackup } from "@/lib/backup/scheduled-backup";
import { syncInvitations } from "@/lib/calendar/sync-invitations";
import { maintainEmbeddedDatabase } from "@/lib/db/embedded-maintenance";
import { env } from "@/lib/env";
import { sweepIdempotencyKeys } from "@/lib/http/idempotency-sweep";
import { sendQueuedMail } from "@/lib/mail/send-queued-mail";
import { translateMessage } from "@/lib/messages/translation-job";
import { sendNotification } from "@/lib/notifications/send-notification";
import { sweepNotifications } from "@/lib/notifications/sweep-notifications";
import { runPeopleImport } from "@/lib/people/run-people-import";
import { RETENTION_CRON } from "@/lib/retention/next-run";
import { sweepRetention } from "@/lib/retention/sweep-retention";
import { backfillSearchIndex } from "@/lib/search/backfill-index";
import { indexRecordingTranscript } from "@/lib/search/index-recording";
import { searchIndexUpkeep } from "@/lib/search/index-upkeep";
import { deliverWebhook } from "@/lib/webhooks/deliver-webhook";
import { sweepWebhooks } from "@/lib/webhooks/sweep-webhooks";
import { startWorkers, type JobHandlers, type JobSchedule, type PeriodicTask } from "./run-workers";

/**
 * The runner's registry: what each queue's jobs do, the cron schedules and the periodic tasks.
 * It pulls in every job's work, so only the processes that run workers import it: scripts/worker.ts
 * (`npm run worker`, and `npm start`'s worker part), the test setup (tests/helpers/job-workers.ts),
 * the benches and the tests that call a handler (`npm run lint:deps` checks it). Domains import
 * lib/jobs to queue work, never this file.
 *
 * Naming rule: a handler is the function of its domain that does the work, named verb-noun for
 * what it does (deliverWebhook, sweepRetention, finalizeStep) like every domain function, never
 * for the machinery (no "…Job", "handle…"): this registry is what makes it a job. It takes the
 * job's data (and JobInfo when the attempt matters); an arrow here adapts one whose arguments differ.
 */
export const JOB_HANDLERS: JobHandlers = {
  "recording-finalize": finalizeStep,
  "recording-transcribe": transcribeStep,
  "recording-summarize": summarizeStep,
  "recording-translate": translateStep,
  "chunks-delete": async (data) => {
    await deleteChunks(data.districtId, data.recordingId);
    return { deleted: true };
  },
  "chunks-sweep": () => sweepStaleChunks(),
  "recording-files-delete": (data) => deleteRecordingFiles(data.districtId, data.keys),
  "message-translate": translateMessage,
  "mail-send": sendQueuedMail,
  "webhook-deliver": deliverWebhook,
  "webhooks-sweep": () => sweepWebhooks(),
  "idempotency-sweep": sweepIdempotencyKeys,
  "people-import": runPeopleImport,
  "search-index-recording": indexRecordingTranscript,
  "search-backfill": backfillSearchIndex,
  "retention-sweep": () => sweepRetention(),
  backup: runScheduledBackup,
  "notifications-sweep": (data) => sweepNotifications({ districtIds: data.districtIds }),
  "notification-send": sendNotification,
  "calendar-sync": syncInvitations,
};

/** Besides jobs, each worker process hands back the steps of workers that died (safe in many processes at once). */
export const periodicTasks = (): PeriodicTask[] => [
  { name: "requeue stalled steps", everyMs: Math.max(1000, (env().JOB_LEASE_SECONDS * 1000) / 2), run: requeueStalledSteps },
  { name: "fail orphaned step jobs", everyMs: Math.max(1000, (env().JOB_LEASE_SECONDS * 1000) / 2), run: failOrphanedStepJobs },
  // Changed transcripts to their indexing jobs, and the search index's backfill when it is due.
  { name: "search index upkeep", everyMs: 3000, run: searchIndexUpkeep },
  // The embedded database has no autovacuum: its dead rows and planner statistics, as autovacuum would.
  ...(env().EMBEDDED_DATABASE ? [{ name: "embedded database upkeep", everyMs: 60_000, run: maintainEmbeddedDatabase }] : []),
];

/**
 * Cron schedules (UTC), each run once per cluster. Backups on BACKUP_SCHEDULE when BACKUP_DIR is set,
 * else none (a schedule left from an earlier setting is removed).
 */
export const jobSchedules = (): JobSchedule[] => [
  { queue: "chunks-sweep", cron: "*/15 * * * *" },
  { queue: "webhooks-sweep", cron: "23 * * * *" },
  { queue: "idempotency-sweep", cron: "41 * * * *" },
  { queue: "retention-sweep", cron: RETENTION_CRON },
  { queue: "notifications-sweep", cron: "* * * * *" },
  { queue: "backup", cron: env().BACKUP_DIR ? env().BACKUP_SCHEDULE : null },
];

/** Every queue's workers in this process, with the schedules and periodic tasks: what an entry point starts. */
export const startJobWorkers = () => startWorkers(JOB_HANDLERS, { periodic: periodicTasks(), schedules: jobSchedules() });
