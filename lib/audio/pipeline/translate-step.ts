import "server-only";
import { toLanguageCode } from "@/lib/ai/languages";
import { db } from "@/lib/db/client";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import type { JobData, JobInfo } from "@/lib/jobs/queues";
import { makeRecordingTranslation } from "../recording-translations";
import { runStep } from "./run-step";
import { finishStep } from "./step-state";

/**
 * The reading languages (primary codes) of everyone who can read the interview: staff (admin
 * and board role kinds), the candidate, and the candidate's mentors; archived people read nothing.
 */
async function readerLanguages(districtId: string, interviewId: string): Promise<string[]> {
  const rows = await db().$queryRaw<{ language: string }[]>`
    select distinct p.language from people p
     where p.district_id = ${districtId} and not p.archived and (
       exists (select 1 from roles r where r.district_id = ${districtId} and r.kind in ('admin', 'board') and r.id in (select jsonb_object_keys(p.roles)))
       or p.id = (select i.person_id from interviews i where i.id = ${interviewId} and i.district_id = ${districtId})
       or p.id in (select m.mentor_id from mentor_assignments m join interviews i on i.person_id = m.candidate_id
                    where i.id = ${interviewId} and i.district_id = ${districtId} and m.district_id = ${districtId}))`;
  return [...new Set(rows.map((r) => toLanguageCode(r.language) ?? "en"))].sort();
}

/**
 * The translate step (job "recording-translate"): the transcript and the summary in every
 * language the interview's readers read, each made once and kept (lib/audio/recording-
 * translations.ts). Progress counts languages. Pairs no translator covers are left out (readers
 * see the original); a provider failure fails the step, which retries.
 */
export async function translateStep(data: JobData["recording-translate"], job: JobInfo) {
  return runStep("translate", data, job, async ({ lease, recording, progress }) => {
    const languages = recording.interview_id ? await readerLanguages(data.districtId, recording.interview_id) : [];
    await progress(0, languages.length, "languages");
    for (const [i, language] of languages.entries()) {
      await makeRecordingTranslation(data.districtId, data.recordingId, language);
      await progress(i + 1, languages.length, "languages");
    }
    await transactionWithJobs(async (tx) => finishStep(tx, lease));
  });
}
