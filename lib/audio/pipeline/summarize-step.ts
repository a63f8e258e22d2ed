import "server-only";
import { detectLanguage } from "@/lib/ai/detect-language";
import { toLanguageCode } from "@/lib/ai/languages";
import { summarize } from "@/lib/ai/providers";
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/errors/app-error";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { recordingEventData } from "@/lib/webhooks/event-data";
import { emitEvent } from "@/lib/webhooks/emit-event";
import type { JobData, JobInfo } from "@/lib/jobs/queues";
import { runStep } from "./run-step";
import { finishStep, queueStep } from "./step-state";

/** What summarize was asked with: a transcript text (POST /api/audio/summarize), else the stored one. */
export type SummarizeStepInput = { transcript?: string };

/**
 * The summarize step (job "recording-summarize"): a summary of the transcript, written in the
 * transcript's language (detected from the text; the recording's language when the text is too
 * short to tell). Then in ONE transaction it replaces the old summary (and its translations),
 * the step is done, and the translations into the readers' languages are queued.
 */
export async function summarizeStep(data: JobData["recording-summarize"], job: JobInfo) {
  return runStep("summarize", data, job, async ({ lease, row, recording }) => {
    const d = data.districtId;
    const id = data.recordingId;
    const stored = await db().audioRecording.findFirst({ where: { id, districtId: d }, select: { transcript: true, language: true } });
    const text = (row.input as SummarizeStepInput | null)?.transcript ?? stored?.transcript ?? "";
    if (!text.trim()) throw conflict("There is no transcript to summarize yet.");
    const fallback = stored?.language && stored.language !== "und" ? stored.language : "en";
    const language = toLanguageCode(detectLanguage(text, fallback)) ?? fallback;
    const made = await summarize(text, language);
    await transactionWithJobs(async (tx, enqueue, enqueueMany) => {
      await tx.$executeRaw`delete from translations where district_id = ${d} and source_id = ${id} and source_type = 'summary'`;
      await tx.$executeRaw`
        update audio_recordings set summary = ${made.summary}, summary_language = ${language}, summary_provider = ${made.provider}, summarized_at = now()
         where id = ${id} and district_id = ${d}`;
      if (recording.interview_id) await tx.$executeRaw`update interviews set updated_at = now() where id = ${recording.interview_id} and district_id = ${d}`;
      await finishStep(tx, lease);
      await queueStep(tx, enqueue, data, "translate");
      await emitEvent(tx, { enqueue, enqueueMany }, d, "recording.summarized", () => recordingEventData(tx, d, id));
    });
  });
}
