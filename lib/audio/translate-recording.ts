import "server-only";
import { toLanguageCode } from "@/lib/ai/languages";
import type { Ctx } from "@/lib/auth/context";
import { recordCallerEvents } from "@/lib/audit/record-audit-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { findVisibleInterview } from "@/lib/interviews/find-interview";
import { originalSummary, originalTranscript, segmentsIn } from "./recording-answers";
import { recordingRecord } from "./recording-map";
import { makeRecordingTranslation } from "./recording-translations";
import type { TranslateRecordingInput } from "./schemas";

/**
 * POST /api/audio/translate: the recording's transcript and summary in the reader's language,
 * made once per language across every process and kept (the translate step usually made them
 * already). For anyone who may see the interview (read access); 503 when no translator covers
 * the pair.
 */
export async function translateRecording(ctx: Ctx, input: TranslateRecordingInput) {
  await findVisibleInterview(ctx, input.personId, input.interviewId);
  const to = toLanguageCode(input.language) ?? input.language.toLowerCase();
  const before = await recordingRecord(ctx.origin, ctx.districtId, input.recordingId);
  if (!before) throw notFound("Recording");
  const outcome = await makeRecordingTranslation(ctx.districtId, input.recordingId, to);
  if (outcome.transcript === "unsupported" || outcome.summary === "unsupported") {
    throw new AppError(
      "ai_unavailable",
      `No translator is available from ${before.language ?? "the recording's language"} to ${to}: set OPENAI_API_KEY, or install an apertium pair.`,
    );
  }
  const record = (await recordingRecord(ctx.origin, ctx.districtId, input.recordingId))!;
  if (record.transcript) {
    await recordCallerEvents(ctx, [
      {
        action: "transcript.read",
        recordType: "recording",
        recordId: input.recordingId,
        personId: input.personId,
        changes: { interview_id: input.interviewId, language: to },
      },
    ]);
  }
  return {
    ok: true as const,
    language: to,
    ...(record.transcript ? { transcript: record.transcript[to] ?? originalTranscript(record), segments: segmentsIn(record, to) } : {}),
    ...(record.summary ? { summary: record.summary[to] ?? originalSummary(record) } : {}),
  };
}
