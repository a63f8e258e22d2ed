import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { invalid, notFound } from "@/lib/errors/app-error";
import type { FormField } from "@/lib/forms/schemas";
import { readFormFields } from "@/lib/forms/read-form-fields";
import { receiveUpload } from "@/lib/http/multipart";
import { newId } from "@/lib/ids/ids.shared";
import { streamedToStorage, uploadDisplayName } from "@/lib/people/person-files";
import { safeFileName } from "@/lib/storage/file-names";
import { storage } from "@/lib/storage/storage";
import { interviewEventData } from "@/lib/webhooks/event-data";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { serializeAttachment, storedFileRecord } from "./file-record";
import { findVisibleInterview } from "./find-interview";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("storage");

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** `field_id` must name a file field of the interview's form. */
function assertFileField(fields: FormField[] | null, fieldId: string | undefined): asserts fieldId is string {
  if (!fieldId) throw invalid("field_id", "Name the file field this attachment answers.");
  const field = fields?.find((f) => f.id === fieldId);
  if (!field || field.type !== "file") throw invalid("field_id", "Not a file field of this interview's form.");
}

/** Locks the interview's row until the transaction ends and returns its form's fields (404 if not in the district). */
async function lockFormFieldsOf(tx: Tx, ctx: Ctx, interviewId: string) {
  const [row] = await tx.$queryRaw<{ fields: unknown }[]>`
    select f.fields from interviews i left join forms f on f.id = i.form_id and f.district_id = i.district_id
     where i.id = ${interviewId} and i.district_id = ${ctx.districtId} for update of i`;
  if (!row) throw notFound("Interview");
  return row.fields === null ? null : readFormFields(row.fields);
}

/**
 * Uploads an attachment for a `file` field of the interview's form (multipart: `file`,
 * `field_id`, optional `name`): bytes streamed to storage under
 * `<district>/interviews/<interview>/<file>/<safe name>`, then, in one transaction with the
 * interview's row locked, the field checked against its form, a row, and its record merged
 * into `responses[field_id]` (in SQL, so concurrent uploads all stay). A `field_id` sent before
 * the file is checked before any byte is stored; one sent after it, once the file is stored
 * (and the bytes deleted if it is refused).
 */
export async function uploadInterviewFile(ctx: Ctx, personId: string, interviewId: string, req: Request) {
  const interview = await findVisibleInterview(ctx, personId, interviewId);
  const id = newId();
  const options = {
    maxBytes: env().MAX_UPLOAD_BYTES,
    ...streamedToStorage((file, fieldsBefore) => {
      if ("field_id" in fieldsBefore) assertFileField(interview.fields, fieldsBefore.field_id);
      return `${ctx.districtId}/interviews/${interviewId}/${id}/${safeFileName(file.fileName || "file")}`;
    }),
  };
  const row = await receiveUpload(req, options, ({ fields, file, stored }) =>
    transactionWithEvents(ctx.districtId, async (tx, emit) => {
      const fieldId = fields.field_id;
      assertFileField(await lockFormFieldsOf(tx, ctx, interviewId), fieldId);
      const row = await tx.interviewFile.create({
        data: { id, districtId: ctx.districtId, interviewId, fieldId, name: uploadDisplayName(fields, file), ...stored },
      });
      await tx.$executeRaw`
        update interviews
           set responses = jsonb_set(responses, ${[fieldId]}::text[],
                 (case when jsonb_typeof(responses -> ${fieldId}) = 'object' then responses -> ${fieldId} else '{}'::jsonb end)
                 || jsonb_build_object(${id}::text, ${JSON.stringify(storedFileRecord(row))}::jsonb)),
               updated_at = now()
         where id = ${interviewId} and district_id = ${ctx.districtId}`;
      await emit("interview.updated", () => interviewEventData(tx, ctx.districtId, interviewId));
      return row;
    }),
  );
  return serializeAttachment(ctx.origin, row);
}

/** Removes the attachment's row and its entry in responses, then its bytes. */
export async function deleteInterviewFile(ctx: Ctx, personId: string, interviewId: string, fileId: string) {
  await findVisibleInterview(ctx, personId, interviewId);
  const where = { id: fileId, interviewId, districtId: ctx.districtId };
  const row = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const row = await tx.interviewFile.findFirst({ where });
    if (!row) throw notFound("File");
    const { count } = await tx.interviewFile.deleteMany({ where });
    if (!count) throw notFound("File"); // deleted meanwhile
    await tx.$executeRaw`
      update interviews set responses = responses #- ${[row.fieldId, fileId]}::text[], updated_at = now()
       where id = ${interviewId} and district_id = ${ctx.districtId}`;
    await emit("interview.updated", () => interviewEventData(tx, ctx.districtId, interviewId));
    return row;
  });
  await storage()
    .delete([row.storageKey])
    .catch((error) => log.error({ err: error }, "could not delete a stored file"));
  return { ok: true as const };
}
