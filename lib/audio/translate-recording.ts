import { toLanguageCode } from "@/lib/ai/languages";
import { translator, type Translator } from "@/lib/ai/providers";
import type { Ctx } from "@/lib/auth/context";
import { AppError } from "@/lib/errors/app-error";
import { findVisibleInterview } from "@/lib/interviews/find-interview";
import { once, recordingIn, updateRecording, type StoredRecording, type StoredSegment } from "./recording-record";
import type { TranslateRecordingInput } from "./schemas";

/** The primary subtag translations are kept under ("es-MX" → "es"). */
export const languageKey = (language: string) => toLanguageCode(language) ?? language.toLowerCase();

const same = (a: string | undefined, b: string) => Boolean(a) && languageKey(a!) === languageKey(b);

/** The original transcript text (under the recording's language). */
export const originalTranscript = (r: StoredRecording) => (r.language && r.transcript?.[r.language]) ?? Object.values(r.transcript ?? {})[0] ?? "";
export const originalSummary = (r: StoredRecording) => (r.summary_language && r.summary?.[r.summary_language]) ?? Object.values(r.summary ?? {})[0] ?? "";

/** The segments in `language`: cached translations over the original timing, or the originals. */
export function segmentsIn(r: StoredRecording, language: string): StoredSegment[] {
  const texts = r.segment_translations?.[languageKey(language)];
  return (r.segments ?? []).map((s, i) => (texts && texts[i] !== undefined ? { ...s, text: texts[i], language: languageKey(language) } : s));
}

/**
 * The transcript's segments translated into `to`, each from its own language (a recording may
 * change language), grouped so that each source language is one translator call. Segments
 * already in `to`, or in a language the translator cannot take, stay as they are. null when
 * nothing could be translated.
 */
export async function translateSegments(t: Translator, segments: StoredSegment[], main: string, to: string): Promise<string[] | null> {
  const texts = segments.map((s) => s.text);
  const groups = new Map<string, number[]>();
  segments.forEach((s, i) => {
    const from = languageKey(s.language && s.language !== "und" ? s.language : main);
    if (from === "und" || from === languageKey(to)) return;
    groups.set(from, [...(groups.get(from) ?? []), i]);
  });
  let translated = false;
  for (const [from, indexes] of groups) {
    if (!t.supports(from, to)) continue;
    const out = await t.translate(indexes.map((i) => texts[i]), from, to);
    indexes.forEach((index, k) => (texts[index] = out[k]));
    translated = true;
  }
  return translated ? texts : null;
}

/**
 * Caches the transcript (text and segments) and the summary of a recording in `language`, each
 * made once and kept on the recording (`transcript[lang]`, `segment_translations[lang]`,
 * `summary[lang]`). What is already in that language, or has no translator for its pair, is
 * left alone. Returns the record as it is afterwards.
 */
export async function ensureTranslation(ctx: Ctx, interviewId: string, recordingId: string, record: StoredRecording, language: string): Promise<StoredRecording> {
  const to = languageKey(language);
  const wantsTranscript = originalTranscript(record).trim() !== "" && !record.transcript?.[to] && !(same(record.language, to) && (record.segments ?? []).every((s) => same(s.language, to) || s.language === "und"));
  const wantsSummary = originalSummary(record).trim() !== "" && !record.summary?.[to] && !same(record.summary_language, to);
  if (!wantsTranscript && !wantsSummary) return record;
  const t = translator();
  if (!t) return record;
  return once(`translate:${ctx.districtId}:${interviewId}:${recordingId}:${to}:${record.transcribed_at ?? 0}:${record.summarized_at ?? 0}`, async () => {
    let transcript: { text: string; segments: string[] | null } | null = null;
    if (wantsTranscript) {
      const main = languageKey(record.language ?? "und");
      if (record.segments?.length) {
        const texts = await translateSegments(t, record.segments, main, to);
        if (texts) transcript = { text: texts.join(" "), segments: texts };
      } else if (main !== "und" && t.supports(main, to)) {
        const [text] = await t.translate([originalTranscript(record)], main, to);
        transcript = { text, segments: null };
      }
    }
    let summary: string | null = null;
    if (wantsSummary && record.summary_language && t.supports(record.summary_language, to)) {
      [summary] = await t.translate([originalSummary(record)], record.summary_language, to);
    }
    if (!transcript && summary === null) return record;
    return updateRecording(
      ctx,
      interviewId,
      recordingId,
      (current) => {
        const next = { ...current };
        // Only onto the same transcript and summary it was made from (a forced redo meanwhile wins).
        if (transcript && current.transcribed_at === record.transcribed_at) {
          next.transcript = { ...current.transcript, [to]: transcript.text };
          if (transcript.segments) next.segment_translations = { ...current.segment_translations, [to]: transcript.segments };
        }
        if (summary !== null && current.summarized_at === record.summarized_at) next.summary = { ...current.summary, [to]: summary };
        return next;
      },
      { touch: false },
    );
  });
}

/**
 * POST /api/audio/translate: the recording's transcript and summary in the reader's language,
 * made once per language and cached. For anyone who may see the interview (read access); 503
 * when no translator covers the pair.
 */
export async function translateRecording(ctx: Ctx, input: TranslateRecordingInput) {
  const interview = await findVisibleInterview(ctx, input.personId, input.interviewId);
  const before = recordingIn(interview.audio, input.recordingId);
  const to = languageKey(input.language);
  const record = await ensureTranslation(ctx, input.interviewId, input.recordingId, before, to);
  const has = (value: Record<string, string> | undefined, original: string | undefined) => value?.[to] !== undefined || same(original, to);
  const missing =
    (originalTranscript(record).trim() && !has(record.transcript, record.language)) || (originalSummary(record).trim() && !has(record.summary, record.summary_language));
  if (missing) {
    throw new AppError("ai_unavailable", `No translator is available from ${record.language ?? "the recording's language"} to ${to}: set OPENAI_API_KEY, or install an apertium pair.`);
  }
  return {
    ok: true as const,
    language: to,
    ...(record.transcript ? { transcript: record.transcript[to] ?? originalTranscript(record), segments: segmentsIn(record, to) } : {}),
    ...(record.summary ? { summary: record.summary[to] ?? originalSummary(record) } : {}),
  };
}
