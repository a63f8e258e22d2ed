/**
 * The form editor's working copy of a form, and the pure helpers around it: ids made from
 * labels, multilingual text edits that keep the other languages, validation before saving,
 * and mapping the API's error paths back onto fields.
 */
import type { ApiErrorDetail } from "@/components/api/api-fetch";
import { foldText } from "@/components/ui/format";
import { isId } from "@/lib/ids/ids.shared";
import { inLanguage, type FieldType, type FormField, type InterviewForm, type Multilingual } from "./form-types";

export type DraftOption = { key: string; text: Multilingual };

export type DraftField = {
  /** Stable React key; never sent. */
  key: string;
  id: string;
  type: FieldType;
  label: Multilingual;
  options: DraftOption[];
  private: boolean;
  /** Each board member answers it on their own scorecard (never on a file field). */
  scorecard: boolean;
  /** Stored on the server already: its id can no longer change. */
  saved: boolean;
  /** The id was typed by hand, so it no longer follows the label. */
  idTouched: boolean;
};

export type Draft = { name: string; fields: DraftField[] };

/** Problems per draft field (by key), per property: label, options, id, type… */
export type FieldErrors = Record<string, Record<string, string>>;

let seq = 0;
export const newKey = () => `k${++seq}${Math.random().toString(36).slice(2, 6)}`;

export function draftFromForm(form: InterviewForm): Draft {
  return {
    name: form.name,
    fields: form.fields.map((f) => ({
      key: newKey(),
      id: f.id,
      type: f.type,
      label: { ...f.label },
      options: (f.options ?? []).map((o) => ({ key: newKey(), text: { ...o } })),
      private: f.p === 1,
      scorecard: f.scorecard === 1,
      saved: true,
      idTouched: true,
    })),
  };
}

/** Trimmed texts, empty languages left out. */
export function cleanText(text: Multilingual): Multilingual {
  const out: Multilingual = {};
  for (const [lang, value] of Object.entries(text)) if (value.trim()) out[lang] = value.trim();
  return out;
}

/** The fields as PATCH expects them, in order. */
export function fieldsForApi(fields: DraftField[]): FormField[] {
  return fields.map((f) => ({
    id: f.id.trim(),
    type: f.type,
    label: cleanText(f.label),
    ...(f.type === "dropdown" ? { options: f.options.map((o) => cleanText(o.text)) } : {}),
    ...(f.private ? { p: 1 as const } : {}),
    ...(f.scorecard && f.type !== "file" ? { scorecard: 1 as const } : {}),
  }));
}

/** A comparable fingerprint (language order does not matter). */
export function fingerprint(draft: Draft): string {
  const sorted = (t: Multilingual) => Object.fromEntries(Object.entries(t).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify({
    name: draft.name.trim(),
    fields: fieldsForApi(draft.fields).map((f) => ({ ...f, label: sorted(f.label), options: f.options?.map(sorted) })),
  });
}

/** Sets one language of a text, keeping the others; an emptied language is dropped. */
export function setText(text: Multilingual, lang: string, value: string): Multilingual {
  const next = { ...text };
  if (value === "") delete next[lang];
  else next[lang] = value;
  return next;
}

/** "Strengths of the candidate" -> "strengths_of_the_candidate". */
function slugify(text: string): string {
  const slug = foldText(text)
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 48)
    .replace(/_+$/, "");
  return slug || "field";
}

/** `base`, or `base_2`, `base_3`… whichever is not taken. */
function uniqueId(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/**
 * The id a new field gets from its label. Ids of the saved form are never reused, even when
 * that field was removed from the draft: a new field must not inherit an old field's answers.
 */
export function idForLabel(label: Multilingual, lang: string, fields: DraftField[], selfKey: string, savedIds: Set<string>): string {
  const taken = new Set(savedIds);
  for (const f of fields) if (f.key !== selfKey) taken.add(f.id);
  return uniqueId(slugify(inLanguage(cleanText(label), lang)), taken);
}

export function newField(type: FieldType, fields: DraftField[], savedIds: Set<string>): DraftField {
  const key = newKey();
  const field: DraftField = {
    key,
    id: "",
    type,
    label: {},
    options: type === "dropdown" ? [{ key: newKey(), text: {} }] : [],
    private: false,
    scorecard: false,
    saved: false,
    idTouched: false,
  };
  field.id = idForLabel({}, "en", fields, key, savedIds);
  return field;
}

const hasText = (t: Multilingual) => Object.values(t).some((v) => v.trim() !== "");

/** The problems validateDraft finds, by message key (in the forms messages, `errors.<key>`). */
export type DraftProblem = "nameRequired" | "labelRequired" | "optionsRequired" | "optionsEmpty" | "idInvalid" | "idTaken";

/** What the API would refuse, found before sending; `say` turns a problem into the reader's words. */
export function validateDraft(draft: Draft, say: (problem: DraftProblem) => string): { name?: string; fields: FieldErrors } {
  const out: { name?: string; fields: FieldErrors } = { fields: {} };
  if (!draft.name.trim()) out.name = say("nameRequired");
  const seen = new Map<string, number>();
  draft.fields.forEach((f) => seen.set(f.id.trim(), (seen.get(f.id.trim()) ?? 0) + 1));
  for (const f of draft.fields) {
    const e: Record<string, string> = {};
    if (!hasText(f.label)) e.label = say("labelRequired");
    if (f.type === "dropdown") {
      if (f.options.length === 0) e.options = say("optionsRequired");
      else if (f.options.some((o) => !hasText(o.text))) e.options = say("optionsEmpty");
    }
    if (!isId(f.id.trim())) e.id = say("idInvalid");
    else if ((seen.get(f.id.trim()) ?? 0) > 1) e.id = say("idTaken");
    if (Object.keys(e).length) out.fields[f.key] = e;
  }
  return out;
}

/**
 * The API's `details` (paths like `name`, `fields.2.options`, `fields.2.label.xx`) spread
 * over the draft: per field where the index matches, else left for a message on the form.
 */
export function mapApiDetails(details: ApiErrorDetail[], fields: DraftField[]): { name?: string; fields: FieldErrors; rest: string[] } {
  const out: { name?: string; fields: FieldErrors; rest: string[] } = { fields: {}, rest: [] };
  for (const d of details) {
    const [head, index, prop] = d.path.split(".");
    const field = head === "fields" && index !== undefined && /^\d+$/.test(index) ? fields[Number(index)] : undefined;
    if (head === "name") out.name ??= d.message;
    else if (field) {
      const key = prop === "options" || prop === "label" || prop === "id" ? prop : "field";
      out.fields[field.key] = { ...out.fields[field.key], [key]: out.fields[field.key]?.[key] ?? d.message };
    } else out.rest.push(d.message);
  }
  return out;
}

/** Every language any label or option of the draft is written in. */
export function languagesOf(fields: DraftField[]): string[] {
  const set = new Set<string>();
  for (const f of fields) {
    Object.keys(f.label).forEach((l) => set.add(l));
    f.options.forEach((o) => Object.keys(o.text).forEach((l) => set.add(l)));
  }
  return [...set];
}
