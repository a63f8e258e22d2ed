import type { FormField } from "@/lib/forms/schemas";
import { fileUrl } from "@/lib/storage/file-names";
import { serializeFileRecord } from "./file-record";
import type { InterviewSummary, Recording } from "./schemas";

export type InterviewRow = {
  id: string;
  personId: string;
  districtId: string;
  date: string;
  boardId: string | null;
  formId: string | null;
  profileId: string | null;
  published: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export const interviewListSelect = {
  id: true,
  personId: true,
  districtId: true,
  date: true,
  boardId: true,
  formId: true,
  profileId: true,
  published: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The list shape: an Interview without `responses` and `audio`. */
export function serializeInterviewSummary(i: InterviewRow) {
  return {
    id: i.id,
    person_id: i.personId,
    district_id: i.districtId,
    date: i.date,
    board_id: i.boardId,
    form_id: i.formId,
    profile_id: i.profileId,
    published: i.published ? 1 : 0,
    created_at: i.createdAt.getTime(),
    updated_at: i.updatedAt.getTime(),
  } satisfies InterviewSummary;
}

export type FullInterviewRow = InterviewRow & { responses: unknown; audio: unknown };

export const interviewFullSelect = { ...interviewListSelect, responses: true, audio: true } as const;

const asObject = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const stringRecord = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(asObject(v)).filter((e): e is [string, string] => typeof e[1] === "string"));
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The segments of a transcript, whitelisted field by field (the stored JSON is never echoed as is). */
function serializeSegments(value: unknown) {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((s) => {
    const o = asObject(s);
    if (!isNumber(o.start) || !isNumber(o.end) || typeof o.text !== "string") return [];
    return [{ start: o.start, end: o.end, language: typeof o.language === "string" ? o.language : "und", text: o.text }];
  });
}

/**
 * A recording record (lib/audio/recording-record.ts): the contract's name, url, transcript and
 * summary, plus what the recorder and the reader need (length, languages, timed segments and
 * their cached translations).
 */
export function serializeRecording(origin: string, value: unknown) {
  const r = asObject(value);
  const url = typeof r.url === "string" ? r.url : typeof r.key === "string" ? fileUrl(origin, r.key) : null;
  const segments = serializeSegments(r.segments);
  const translations = Object.fromEntries(
    Object.entries(asObject(r.segment_translations)).flatMap(([lang, texts]) =>
      Array.isArray(texts) && texts.every((t) => typeof t === "string") ? [[lang, texts as string[]]] : [],
    ),
  );
  return {
    name: stringRecord(r.name),
    url,
    ...(r.transcript !== undefined ? { transcript: stringRecord(r.transcript) } : {}),
    ...(r.summary !== undefined ? { summary: stringRecord(r.summary) } : {}),
    ...(isInt(r.created_at) ? { created_at: r.created_at } : {}),
    ...(typeof r.content_type === "string" ? { content_type: r.content_type } : {}),
    ...(isInt(r.size) ? { size: r.size } : {}),
    ...(isInt(r.duration_ms) ? { duration_ms: r.duration_ms } : {}),
    ...(typeof r.language === "string" ? { language: r.language } : {}),
    ...(segments ? { segments } : {}),
    ...(Object.keys(translations).length ? { segment_translations: translations } : {}),
    ...(typeof r.summary_language === "string" ? { summary_language: r.summary_language } : {}),
    ...(isInt(r.transcribed_at) ? { transcribed_at: r.transcribed_at } : {}),
    ...(isInt(r.summarized_at) ? { summarized_at: r.summarized_at } : {}),
  } satisfies Recording;
}

/**
 * The single-interview shape: the list shape plus `responses` and `audio`. File field
 * values become file records with URLs; `responses` must already be stripped for the caller.
 */
export function serializeInterview(origin: string, i: FullInterviewRow, fields: FormField[], responses: Record<string, unknown>) {
  const fileFields = new Set(fields.filter((f) => f.type === "file").map((f) => f.id));
  const out: Record<string, unknown> = {};
  for (const [fieldId, value] of Object.entries(responses)) {
    out[fieldId] = fileFields.has(fieldId)
      ? Object.fromEntries(Object.entries(asObject(value)).map(([fileId, rec]) => [fileId, serializeFileRecord(origin, rec)]))
      : value;
  }
  const audio = Object.fromEntries(Object.entries(asObject(i.audio)).map(([id, rec]) => [id, serializeRecording(origin, rec)]));
  return { ...serializeInterviewSummary(i), responses: out, audio };
}
