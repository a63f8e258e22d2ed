import { randomUUID } from "node:crypto";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { displayName, fileUrl, safeFileName } from "@/lib/storage/file-names";
import { storage } from "@/lib/storage/storage";
import type { PersonFile } from "./schemas";
import { assertCanSeePerson } from "./visibility";

type FileRow = { id: string; name: string; storageKey: string; contentType: string; size: number; createdAt: Date };

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

/** Reads the `file` part (and optional `name`) of a multipart form. */
export function fileFromForm(form: FormData, field = "file") {
  const file = form.get(field);
  if (!(file instanceof File)) {
    throw new AppError("validation_error", "The request is not valid.", [{ path: field, message: "Attach the file in this multipart field." }]);
  }
  if (file.size === 0) throw new AppError("validation_error", "The request is not valid.", [{ path: field, message: "The file is empty." }]);
  const given = form.get("name");
  const name = displayName(typeof given === "string" && given.trim() ? given : file.name || "file");
  return { file, name: name || "file" };
}

export async function uploadPersonFile(ctx: Ctx, personId: string, form: FormData) {
  const person = await db().person.findFirst({ where: { id: personId, districtId: ctx.districtId }, select: { id: true } });
  if (!person) throw notFound("Person");
  const { file, name } = fileFromForm(form);
  const id = randomUUID();
  const storageKey = `${ctx.districtId}/people/${personId}/${id}/${safeFileName(file.name || name)}`;
  const contentType = file.type || "application/octet-stream";
  await storage().put(storageKey, new Uint8Array(await file.arrayBuffer()), contentType);
  try {
    const row = await db().personFile.create({
      data: { id, districtId: ctx.districtId, personId, name, storageKey, contentType, size: file.size },
    });
    return serializePersonFile(ctx, row);
  } catch (error) {
    await storage().delete([storageKey]).catch(() => {}); // no orphan bytes when the record fails
    throw error;
  }
}

export async function deletePersonFile(ctx: Ctx, personId: string, fileId: string) {
  const row = await db().personFile.findFirst({ where: { id: fileId, personId, districtId: ctx.districtId } });
  if (!row) throw notFound("File");
  await db().personFile.delete({ where: { id: fileId } });
  await storage().delete([row.storageKey]).catch((error) => console.error("could not delete stored file", error));
  return { ok: true as const };
}
