import { randomUUID } from "node:crypto";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors/app-error";
import { fileFromForm } from "@/lib/people/person-files";
import { safeFileName } from "@/lib/storage/file-names";
import { storage } from "@/lib/storage/storage";
import { serializeAttachment, storedFileRecord } from "./file-record";
import { findVisibleInterview } from "./find-interview";

/**
 * Uploads an attachment for a `file` field of the interview's form: bytes to storage under
 * `<district>/interviews/<interview>/<file>/<safe name>`, a row, and its record merged into
 * `responses[field_id]` in the same transaction (in SQL, so concurrent uploads all stay).
 */
export async function uploadInterviewFile(ctx: Ctx, personId: string, interviewId: string, form: FormData) {
  const interview = await findVisibleInterview(ctx, personId, interviewId);
  const fieldId = form.get("field_id");
  if (typeof fieldId !== "string" || !fieldId) throw invalid("field_id", "Name the file field this attachment answers.");
  const field = interview.fields?.find((f) => f.id === fieldId);
  if (!field || field.type !== "file") throw invalid("field_id", "Not a file field of this interview's form.");
  const { file, name } = fileFromForm(form);

  const id = randomUUID();
  const storageKey = `${ctx.districtId}/interviews/${interviewId}/${id}/${safeFileName(file.name || name)}`;
  const contentType = file.type || "application/octet-stream";
  await storage().put(storageKey, new Uint8Array(await file.arrayBuffer()), contentType);
  try {
    const row = await db().$transaction(async (tx) => {
      const row = await tx.interviewFile.create({
        data: { id, districtId: ctx.districtId, interviewId, fieldId, name, storageKey, contentType, size: file.size },
      });
      const added = await tx.$executeRaw`
        update interviews
           set responses = jsonb_set(responses, ${[fieldId]}::text[],
                 (case when jsonb_typeof(responses -> ${fieldId}) = 'object' then responses -> ${fieldId} else '{}'::jsonb end)
                 || jsonb_build_object(${id}::text, ${JSON.stringify(storedFileRecord(row))}::jsonb)),
               updated_at = now()
         where id = ${interviewId} and district_id = ${ctx.districtId}`;
      if (!added) throw notFound("Interview"); // deleted meanwhile
      return row;
    });
    return serializeAttachment(ctx.origin, row);
  } catch (error) {
    await storage().delete([storageKey]).catch(() => {}); // no orphan bytes when the record fails
    throw error;
  }
}

/** Removes the attachment's row and its entry in responses, then its bytes. */
export async function deleteInterviewFile(ctx: Ctx, personId: string, interviewId: string, fileId: string) {
  await findVisibleInterview(ctx, personId, interviewId);
  const row = await db().$transaction(async (tx) => {
    const row = await tx.interviewFile.findFirst({ where: { id: fileId, interviewId, districtId: ctx.districtId } });
    if (!row) throw notFound("File");
    await tx.interviewFile.delete({ where: { id: fileId } });
    await tx.$executeRaw`
      update interviews set responses = responses #- ${[row.fieldId, fileId]}::text[], updated_at = now()
       where id = ${interviewId} and district_id = ${ctx.districtId}`;
    return row;
  });
  await storage().delete([row.storageKey]).catch((error) => console.error("could not delete stored file", error));
  return { ok: true as const };
}
