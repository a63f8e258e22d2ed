import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors/app-error";
import { receiveUpload, type FilePart, type UploadOptions } from "@/lib/http/multipart";
import { newId } from "@/lib/ids/ids.shared";
import { displayName, fileUrl, safeFileName } from "@/lib/storage/file-names";
import { storage } from "@/lib/storage/storage";
import type { PersonFile } from "./schemas";
import { assertCanSeePerson } from "./visibility";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("storage");

type FileRow = { id: string; name: string; storageKey: string; contentType: string; size: number; createdAt: Date };

/** An upload's bytes once in storage: what its row records. */
export type StoredUpload = { storageKey: string; contentType: string; size: number };

/**
 * The storing half of an upload: the file is streamed to storage under `keyOf(file)` and
 * deleted again if the upload is refused. `keyOf` may throw to refuse before anything is stored.
 */
export function streamedToStorage(
  keyOf: (file: FilePart, fieldsBefore: Readonly<Record<string, string>>) => string,
): Pick<UploadOptions<StoredUpload>, "store" | "discard"> {
  return {
    store: async (file, body, fieldsBefore) => {
      const storageKey = keyOf(file, fieldsBefore);
      const contentType = file.contentType || "application/octet-stream";
      const { size } = await storage().putStream(storageKey, body, contentType);
      return { storageKey, contentType, size };
    },
    discard: (stored) => storage().delete([stored.storageKey]),
  };
}

/** The display name of an upload: its `name` field when given, else the file's own name. */
export function uploadDisplayName(fields: Readonly<Record<string, string>>, file: FilePart) {
  const given = fields.name?.trim() ? fields.name : file.fileName;
  return displayName(given || "file") || "file";
}

/** The file record of the API: a display name, where to fetch it, and what it is. */
export function serializePersonFile(ctx: Ctx, f: FileRow) {
  return {
    id: f.id,
    name: f.name,
    url: fileUrl(ctx.origin, f.storageKey),
    content_type: f.contentType,
    size: f.size,
    created_at: f.createdAt.getTime(),
  } satisfies PersonFile;
}

export async function listPersonFiles(ctx: Ctx, personId: string) {
  await assertCanSeePerson(ctx, personId);
  const rows = await db().personFile.findMany({ where: { personId, districtId: ctx.districtId }, orderBy: { createdAt: "asc" } });
  return rows.map((f) => serializePersonFile(ctx, f));
}

/** Multipart: `file`, optional `name` (the display name; default: the file's own name). */
export async function uploadPersonFile(ctx: Ctx, personId: string, req: Request) {
  // Checked before any byte is stored, and again with the write.
  const [person] = await sqlRows("select id from people where id = $1 and district_id = $2", [personId, ctx.districtId]);
  if (!person) throw notFound("Person");
  const id = newId();
  const options = {
    maxBytes: env().MAX_UPLOAD_BYTES,
    ...streamedToStorage((file) => `${ctx.districtId}/people/${personId}/${id}/${safeFileName(file.fileName || "file")}`),
  };
  const row = await receiveUpload(req, options, async ({ fields, file, stored }) => {
    // One statement: the record exists only while its person does (deleted meanwhile: 404, the bytes discarded).
    const [created] = await sqlRows<FileRow>(
      `insert into person_files (id, district_id, person_id, name, storage_key, content_type, size)
       select $1, $2, $3, $4, $5, $6, $7 where exists (select 1 from people where id = $3 and district_id = $2)
       returning id, name, storage_key as "storageKey", content_type as "contentType", size, created_at as "createdAt"`,
      [id, ctx.districtId, personId, uploadDisplayName(fields, file), stored.storageKey, stored.contentType, stored.size],
    );
    if (!created) throw notFound("Person");
    return created;
  });
  return serializePersonFile(ctx, row);
}

export async function deletePersonFile(ctx: Ctx, personId: string, fileId: string) {
  const where = { id: fileId, personId, districtId: ctx.districtId };
  const row = await db().$transaction(async (tx) => {
    const row = await tx.personFile.findFirst({ where, select: { storageKey: true } });
    if (!row) throw notFound("File");
    const { count } = await tx.personFile.deleteMany({ where });
    if (!count) throw notFound("File"); // deleted meanwhile
    return row;
  });
  await storage()
    .delete([row.storageKey])
    .catch((error) => log.error({ err: error }, "could not delete a stored file"));
  return { ok: true as const };
}
