import "server-only";
import { db, type Tx } from "@/lib/db/client";
import type { Recording } from "@/lib/interviews/schemas";
import { fileUrl } from "@/lib/storage/file-names";
import { serializeStep } from "./pipeline/step-events";
import type { StepRow } from "./pipeline/step-state";

const recordingSelect = {
  id: true,
  name: true,
  storageKey: true,
  contentType: true,
  size: true,
  durationMs: true,
  finalizedAt: true,
  language: true,
  transcript: true,
  transcribedAt: true,
  summary: true,
  summaryLanguage: true,
  summarizedAt: true,
  segments: { select: { index: true, start: true, end: true, language: true, text: true }, orderBy: { index: "asc" } },
  steps: true,
} as const;

type TranslationRow = { source_type: string; source_id: string; part: number; language: string; text: string };

const stringRecord = (v: unknown): Record<string, string> =>
  typeof v === "object" && v !== null && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"))
    : {};

const STEP_ORDER = ["finalize", "transcribe", "summarize", "translate"];

/**
 * The interview's `audio` map, built from the recordings' rows (the one place it is made): each
 * finalized recording of the interview with its file URL, transcript and summary (the original
 * under its language, the kept translations under theirs), its timed segments and their
 * translations, and the state of its server-side steps. Three queries at most, one when the
 * interview has no recording.
 */
export function recordingMap(origin: string, districtId: string, interviewId: string, client: Reader = db()): Promise<Record<string, Recording>> {
  return recordingsWhere(origin, districtId, { interviewId, districtId, finalizedAt: { not: null } }, client);
}

/** One finalized recording as it appears in its interview's `audio` map, or undefined. */
export async function recordingRecord(origin: string, districtId: string, recordingId: string, client: Reader = db()): Promise<Recording | undefined> {
  return (await recordingsWhere(origin, districtId, { id: recordingId, districtId, finalizedAt: { not: null } }, client))[recordingId];
}

/** Where the rows are read: the pool, or a transaction (a webhook event's data, made with the change). */
type Reader = Pick<Tx, "audioRecording" | "$queryRaw">;

async function recordingsWhere(
  origin: string,
  districtId: string,
  where: { districtId: string; finalizedAt: { not: null }; interviewId?: string; id?: string },
  client: Reader,
) {
  const rows = await client.audioRecording.findMany({ where, select: recordingSelect, orderBy: { createdAt: "asc" } });
  if (!rows.length) return {};
  const translations = await client.$queryRaw<TranslationRow[]>`
    select source_type, source_id, part, language, text from translations
     where district_id = ${districtId} and source_type in ('transcript', 'summary', 'segment') and source_id = any(${rows.map((r) => r.id)}::text[]) and text is not null`;

  const map: Record<string, Recording> = {};
  for (const r of rows) {
    const own = translations.filter((t) => t.source_id === r.id);
    const segmentTexts: Record<string, string[]> = {};
    for (const t of own.filter((t) => t.source_type === "segment")) {
      segmentTexts[t.language] ??= r.segments.map((s) => s.text);
      if (t.part < r.segments.length) segmentTexts[t.language][t.part] = t.text;
    }
    const transcript: Record<string, string> = {};
    if (r.transcript !== null) {
      transcript[r.language ?? "und"] = r.transcript;
      for (const [language, texts] of Object.entries(segmentTexts)) if (language !== r.language) transcript[language] = texts.join(" ");
      for (const t of own.filter((t) => t.source_type === "transcript")) transcript[t.language] ??= t.text;
    }
    const summary: Record<string, string> = {};
    if (r.summary !== null) {
      summary[r.summaryLanguage ?? "und"] = r.summary;
      for (const t of own.filter((t) => t.source_type === "summary")) summary[t.language] ??= t.text;
    }
    const steps = [...r.steps]
      .sort((a, b) => STEP_ORDER.indexOf(a.step) - STEP_ORDER.indexOf(b.step))
      .map((s) =>
        serializeStep({
          step: s.step as StepRow["step"],
          state: s.state as StepRow["state"],
          progress_done: s.progressDone,
          progress_total: s.progressTotal,
          progress_unit: s.progressUnit,
          attempts: s.attempts,
          error: s.error,
          updated_at: s.updatedAt,
        }),
      );
    map[r.id] = {
      name: stringRecord(r.name),
      url: r.storageKey ? fileUrl(origin, r.storageKey) : null,
      ...(r.transcript !== null ? { transcript } : {}),
      ...(r.summary !== null ? { summary } : {}),
      created_at: (r.finalizedAt ?? new Date()).getTime(),
      ...(r.contentType ? { content_type: r.contentType } : {}),
      ...(r.size !== null ? { size: r.size } : {}),
      ...(r.durationMs !== null ? { duration_ms: r.durationMs } : {}),
      ...(r.language ? { language: r.language } : {}),
      ...(r.transcript !== null ? { segments: r.segments.map((s) => ({ start: s.start, end: s.end, language: s.language, text: s.text })) } : {}),
      ...(Object.keys(segmentTexts).length ? { segment_translations: segmentTexts } : {}),
      ...(r.summaryLanguage ? { summary_language: r.summaryLanguage } : {}),
      ...(r.transcribedAt ? { transcribed_at: r.transcribedAt.getTime() } : {}),
      ...(r.summarizedAt ? { summarized_at: r.summarizedAt.getTime() } : {}),
      steps,
    };
  }
  return map;
}
