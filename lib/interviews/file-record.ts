import { fileUrl } from "@/lib/storage/file-names";
import type { FileRecord, InterviewAttachment } from "./schemas";

export type AttachmentRow = {
  id: string;
  fieldId: string;
  name: string;
  storageKey: string;
  contentType: string;
  size: number;
  createdAt: Date;
};

/** What a file field's value keeps per file id in `responses` (the URL is made per request). */
export type StoredFileRecord = { name: string; key: string; content_type: string; size: number; created_at: number };

export const storedFileRecord = (f: AttachmentRow): StoredFileRecord => ({
  name: f.name,
  key: f.storageKey,
  content_type: f.contentType,
  size: f.size,
  created_at: f.createdAt.getTime(),
});

/** The file record of the API, inside a file field's value (keyed by file id). */
export function serializeFileRecord(origin: string, value: unknown) {
  const r = (value ?? {}) as Partial<StoredFileRecord>;
  return {
    name: r.name ?? "file",
    url: typeof r.key === "string" ? fileUrl(origin, r.key) : null,
    content_type: r.content_type ?? "application/octet-stream",
    size: r.size ?? 0,
    created_at: r.created_at ?? 0,
  } satisfies FileRecord;
}

/** The response of an upload: the record plus its id and field. */
export const serializeAttachment = (origin: string, f: AttachmentRow) =>
  ({
    id: f.id,
    field_id: f.fieldId,
    ...serializeFileRecord(origin, storedFileRecord(f)),
  }) satisfies InterviewAttachment;
