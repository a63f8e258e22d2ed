import "server-only";
import { toLanguageCode } from "@/lib/ai/languages";
import { translator } from "@/lib/ai/providers";
import { db } from "@/lib/db/client";
import { translateParts } from "@/lib/translations/translate-parts";

/** A translation of a long transcript may take minutes (apertium, or a model over many segments). */
const CLAIM_SECONDS = 15 * 60;
const WAIT_MS = 15 * 60 * 1000;

export type TranslationOutcome = { language: string; transcript: "done" | "none" | "unsupported"; summary: "done" | "none" | "unsupported" };

const code = (language: string | null | undefined) => toLanguageCode(language) ?? "und";

/**
 * Makes, once across every process, and keeps the recording's transcript (each segment from
 * its own language: a recording may change language; or the whole text when it has no segments)
 * and its summary in `language`. What is already in that language, or has no translator for its
 * pair, is left alone and said so. Throws when the provider fails (the caller retries).
 */
export async function makeRecordingTranslation(districtId: string, recordingId: string, language: string): Promise<TranslationOutcome> {
  const to = code(language);
  const rec = await db().audioRecording.findFirst({
    where: { id: recordingId, districtId },
    select: {
      language: true,
      transcript: true,
      summary: true,
      summaryLanguage: true,
      segments: { select: { index: true, language: true, text: true }, orderBy: { index: "asc" } },
    },
  });
  const outcome: TranslationOutcome = { language: to, transcript: "none", summary: "none" };
  if (!rec) return outcome;
  const engine = translator();
  const main = code(rec.language);
  const failures: unknown[] = [];
  const options = { claimSeconds: CLAIM_SECONDS, waitMs: WAIT_MS, onError: (error: unknown) => failures.push(error) };

  if (rec.transcript?.trim()) {
    const groups = new Map<string, { sourceId: string; part: number; text: string }[]>();
    if (rec.segments.length) {
      for (const s of rec.segments) {
        const from = s.language && s.language !== "und" ? code(s.language) : main;
        if (from === "und" || from === to || !s.text.trim()) continue;
        groups.set(from, [...(groups.get(from) ?? []), { sourceId: recordingId, part: s.index, text: s.text }]);
      }
    }
    const wholeText = !rec.segments.length && main !== "und" && main !== to;
    const pairs = rec.segments.length ? [...groups.keys()] : wholeText ? [main] : [];
    const supported = pairs.filter((from) => engine?.supports(from, to));
    outcome.transcript = pairs.length === 0 ? "none" : supported.length ? "done" : "unsupported";
    for (const from of supported) {
      if (rec.segments.length) await translateParts({ districtId, sourceType: "segment", language: to }, groups.get(from)!, from, engine!, options);
      else
        await translateParts(
          { districtId, sourceType: "transcript", language: to },
          [{ sourceId: recordingId, part: 0, text: rec.transcript }],
          from,
          engine!,
          options,
        );
    }
  }
  if (rec.summary?.trim() && rec.summaryLanguage && code(rec.summaryLanguage) !== to) {
    const from = code(rec.summaryLanguage);
    if (engine?.supports(from, to)) {
      await translateParts({ districtId, sourceType: "summary", language: to }, [{ sourceId: recordingId, part: 0, text: rec.summary }], from, engine, options);
      outcome.summary = "done";
    } else outcome.summary = "unsupported";
  }
  if (failures.length) throw failures[0];
  return outcome;
}
