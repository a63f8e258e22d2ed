import { toLanguageCode } from "@/lib/ai/languages";
import type { Recording } from "@/lib/interviews/schemas";

/** The original transcript text (under the recording's language). */
export const originalTranscript = (r: Recording) => (r.language && r.transcript?.[r.language]) ?? Object.values(r.transcript ?? {})[0] ?? "";
export const originalSummary = (r: Recording) => (r.summary_language && r.summary?.[r.summary_language]) ?? Object.values(r.summary ?? {})[0] ?? "";

/** The segments in `language`: kept translations over the original timing, or the originals. */
export function segmentsIn(r: Recording, language: string) {
  const texts = r.segment_translations?.[language];
  return (r.segments ?? []).map((s, i) => (texts && texts[i] !== undefined ? { ...s, text: texts[i], language } : s));
}

/** POST /api/audio/transcribe's answer from the stored recording; with `reader`, also the transcript in that language when one is kept. */
export function transcribeAnswer(r: Recording, reader?: string) {
  const to = reader ? (toLanguageCode(reader) ?? reader) : null;
  const translation =
    to && to !== r.language && r.transcript?.[to] !== undefined ? { language: to, transcript: r.transcript[to], segments: segmentsIn(r, to) } : undefined;
  return {
    ok: true as const,
    transcript: originalTranscript(r),
    language: r.language ?? "und",
    segments: r.segments ?? [],
    ...(translation ? { translation } : {}),
  };
}

/** POST /api/audio/summarize's answer from the stored recording (and the summary in `reader`'s language when kept). */
export function summarizeAnswer(r: Recording, reader?: string) {
  const to = reader ? (toLanguageCode(reader) ?? reader) : null;
  const language = r.summary_language ?? Object.keys(r.summary ?? {})[0] ?? "und";
  return {
    ok: true as const,
    summary: originalSummary(r),
    language,
    ...(to && to !== language && r.summary?.[to] !== undefined ? { translation: { language: to, summary: r.summary[to] } } : {}),
  };
}
