import "server-only";
import { deleteChunks } from "@/lib/audio/delete-chunks";
import { runScheduledBackup } from "@/lib/backup/scheduled-backup";
import { deleteRecordingFiles } from "@/lib/audio/delete-recording-files";
import { finalizeStep } from "@/lib/audio/pipeline/finalize-step";
import { failOrphanedStepJobs, requeueStalledSteps } from "@/lib/audio/pipeline/stalled-steps";
import { summarizeStep } from "@/lib/audio/pipeline/summarize-step";
import { transcribeStep } from "@/lib/audio/pipeline/transcribe-step";
import { translateStep } from "@/lib/audio/pipeline/translate-step";
import { sweepStaleChunks } from "@/lib/audio/sweep-stale-chunks";
import { env } from "@/lib/env";
import { sweepIdempotencyKeys } from "@/lib/http/idempotency-sweep";
import { sendMailJob } from "@/lib/mail/deliver-mail";
import { translateMessageJob } from "@/lib/messages/translation-job";
import { runPeopleImport } from "@/lib/people/import-job";
import { backfillSearchIndex } from "@/lib/search/backfill-index";
import { indexRecordingTranscript } from "@/lib/search/index-recording";
import { searchIndexUpkeep } from "@/lib/search/index-upkeep";
import { sweepRetention } from "@/lib/retention/sweep-retention";
import { deliverWebhook } from "@/lib/webhooks/deliver-webhook";
import { sweepWebhooks } from "@/lib/webhooks/sweep-webhooks";
import type { JobHandlers, PeriodicTask } from "./run-workers";

/** What each queue's jobs do. */
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
  "message-translate": (data) => translateMessageJob(data),
  "mail-send": (data) => sendMailJob(data),
  "webhook-deliver": deliverWebhook,
  "webhooks-sweep": () => sweepWebhooks(),
  "idempotency-sweep": () => sweepIdempotencyKeys(),
  "people-import": runPeopleImport,
  "search-index-recording": (data) => indexRecordingTranscript(data),
  "search-backfill": (data) => backfillSearchIndex(data),
  "retention-sweep": () => sweepRetention(),
  backup: () => runScheduledBackup(),
};

/** Besides jobs, each worker process hands back the steps of workers that died (safe in many processes at once). */
export const periodicTasks = (): PeriodicTask[] => [
  { name: "requeue stalled steps", everyMs: Math.max(1000, (env().JOB_LEASE_SECONDS * 1000) / 2), run: requeueStalledSteps },
  { name: "fail orphaned step jobs", everyMs: Math.max(1000, (env().JOB_LEASE_SECONDS * 1000) / 2), run: failOrphanedStepJobs },
  // Changed transcripts to their indexing jobs, and the search index's backfill when it is due.
  { name: "search index upkeep", everyMs: 3000, run: searchIndexUpkeep },
];
