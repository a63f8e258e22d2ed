import "server-only";
import { deleteChunks } from "@/lib/audio/delete-chunks";
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
  "message-translate": (data) => translateMessageJob(data),
  "mail-send": (data) => sendMailJob(data),
  "webhook-deliver": deliverWebhook,
  "webhooks-sweep": () => sweepWebhooks(),
  "idempotency-sweep": () => sweepIdempotencyKeys(),
  "people-import": runPeopleImport,
};

/** Besides jobs, each worker process hands back the steps of workers that died (safe in many processes at once). */
export const periodicTasks = (): PeriodicTask[] => [
  { name: "requeue stalled steps", everyMs: Math.max(1000, (env().JOB_LEASE_SECONDS * 1000) / 2), run: requeueStalledSteps },
  { name: "fail orphaned step jobs", everyMs: Math.max(1000, (env().JOB_LEASE_SECONDS * 1000) / 2), run: failOrphanedStepJobs },
];
