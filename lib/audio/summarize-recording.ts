import { detectLanguage } from "@/lib/ai/detect-language";
import { summarize } from "@/lib/ai/providers";
import type { Ctx } from "@/lib/auth/context";
import { findRecordableInterview } from "./recording-access";
import { once, recordingIn, updateRecording } from "./recording-record";
import type { SummarizeInput } from "./schemas";
import { ensureTranslation, languageKey, originalSummary } from "./translate-recording";

/**
 * POST /api/audio/summarize: a summary of `transcript`, written in the transcript's language
 * (detected from the text; the recording's main language when the text is too short to tell),
 * stored on the interview's recording as `summary` (multilingual). Idempotent: a stored summary
 * is returned unless `force: true`. With `language`, also translated into it (cached).
 */
export async function summarizeRecording(ctx: Ctx, input: SummarizeInput) {
  const { personId, interviewId, recordingId } = input;
  const interview = await findRecordableInterview(ctx, personId, interviewId);
  let record = recordingIn(interview.audio, recordingId);
  if (!record.summary || input.force) {
    const fallback = record.language && record.language !== "und" ? record.language : "en";
    const language = languageKey(detectLanguage(input.transcript, fallback));
    const made = await once(`summarize:${ctx.districtId}:${interviewId}:${recordingId}`, () => summarize(input.transcript, language));
    record = await updateRecording(ctx, interviewId, recordingId, (current) => ({
      ...current,
      summary: { [language]: made.summary },
      summary_language: language,
      summary_provider: made.provider,
      summarized_at: Date.now(),
    }));
  }
  const translated = input.language ? await ensureTranslation(ctx, interviewId, recordingId, record, input.language) : record;
  const to = input.language ? languageKey(input.language) : null;
  const summaryLanguage = translated.summary_language ?? languageKey(Object.keys(translated.summary ?? {})[0] ?? "und");
  return {
    ok: true as const,
    summary: originalSummary(translated),
    language: summaryLanguage,
    ...(to && to !== summaryLanguage && translated.summary?.[to] !== undefined ? { translation: { language: to, summary: translated.summary[to] } } : {}),
  };
}
