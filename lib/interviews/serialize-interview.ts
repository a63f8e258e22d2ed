import type { FormField } from "@/lib/forms/schemas";
import { fileUrl } from "@/lib/storage/file-names";
import { serializeFileRecord } from "./file-record";
import type { InterviewSummary } from "./schemas";

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

/** A recording record: name, url, and transcript / summary once they exist. */
function serializeRecording(origin: string, value: unknown) {
  const r = asObject(value);
  const url = typeof r.url === "string" ? r.url : typeof r.key === "string" ? fileUrl(origin, r.key) : null;
  return {
    name: asObject(r.name),
    url,
    ...(r.transcript !== undefined ? { transcript: r.transcript } : {}),
    ...(r.summary !== undefined ? { summary: r.summary } : {}),
    ...(typeof r.created_at === "number" ? { created_at: r.created_at } : {}),
  };
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
