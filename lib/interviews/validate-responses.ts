import { multilingualTextSchema, type FormField } from "@/lib/forms/schemas";
import { AppError, type ErrorDetail } from "@/lib/errors/app-error";
import { storedFileRecord, type AttachmentRow, type StoredFileRecord } from "./file-record";

export type ResponseChanges = {
  /** Non-file fields and their new values, merged into `responses`. */
  set: Record<string, unknown>;
  /** Fields sent as null: removed from `responses`. */
  clear: string[];
  /** File fields sent as objects: entries to (re)write with the server's record, entries to remove. */
  fileFields: { fieldId: string; keep: Record<string, StoredFileRecord>; drop: string[] }[];
  /** Attachments no longer referenced by their field: rows and bytes to delete. */
  droppedFiles: AttachmentRow[];
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks a PATCH's `responses` against the interview's form and the interview's own
 * attachments, and says what to change. Every bad field gets one detail
 * (`responses.<fieldId>`), all reported at once as a 400.
 */
export function validateResponses(fields: FormField[] | null, input: Record<string, unknown>, attachments: AttachmentRow[]): ResponseChanges {
  const changes: ResponseChanges = { set: {}, clear: [], fileFields: [], droppedFiles: [] };
  const details: ErrorDetail[] = [];
  const byId = new Map((fields ?? []).map((f) => [f.id, f]));
  const bad = (fieldId: string, message: string) => details.push({ path: `responses.${fieldId}`, message });

  for (const [fieldId, value] of Object.entries(input)) {
    const field = byId.get(fieldId);
    if (!field) {
      bad(fieldId, fields ? "The interview's form has no field with this id." : "The interview has no form, so it takes no responses.");
      continue;
    }
    const ofField = attachments.filter((a) => a.fieldId === fieldId);
    if (value === null) {
      changes.clear.push(fieldId);
      if (field.type === "file") changes.droppedFiles.push(...ofField);
      continue;
    }
    switch (field.type) {
      case "dropdown": {
        const count = field.options?.length ?? 0;
        if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > count) {
          bad(fieldId, `Use the 1-based index of an option, from 1 to ${count}.`);
        } else changes.set[fieldId] = value;
        break;
      }
      case "text": {
        const parsed = multilingualTextSchema.safeParse(value);
        if (!parsed.success || !isPlainObject(value)) bad(fieldId, 'Use a multilingual text: language code to string, e.g. {"en": "…"}.');
        else changes.set[fieldId] = parsed.data;
        break;
      }
      case "checkbox": {
        if (value !== 0 && value !== 1) bad(fieldId, "Use 0 or 1.");
        else changes.set[fieldId] = value;
        break;
      }
      case "file": {
        if (!isPlainObject(value)) {
          bad(fieldId, "Use an object of file records keyed by the ids of this interview's attachments.");
          break;
        }
        const own = new Map(ofField.map((a) => [a.id, a]));
        const foreign = Object.keys(value).filter((id) => !own.has(id));
        if (foreign.length) {
          bad(fieldId, `Not attachments of this field of this interview: ${foreign.join(", ")}. Upload files with POST …/files first.`);
          break;
        }
        const keep = Object.fromEntries(Object.keys(value).map((id) => [id, storedFileRecord(own.get(id)!)]));
        const dropped = ofField.filter((a) => !(a.id in value));
        changes.fileFields.push({ fieldId, keep, drop: dropped.map((a) => a.id) });
        changes.droppedFiles.push(...dropped);
        break;
      }
    }
  }
  if (details.length) throw new AppError("validation_error", "Some responses do not fit the interview's form.", details);
  return changes;
}
