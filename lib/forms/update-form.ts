import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import { readFormFields } from "./read-form-fields";
import type { FormField, UpdateFormInput } from "./schemas";
import { formSelect, serializeForm } from "./serialize-form";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("storage");

/** Fields that disappear, or change type, when `next` replaces `current`: their answers would no longer fit. */
function lostFields(current: FormField[], next: FormField[]): string[] {
  const nextById = new Map(next.map((f) => [f.id, f]));
  return current.filter((f) => nextById.get(f.id)?.type !== f.type).map((f) => f.id);
}

/**
 * Changes only what is sent. Dropping a field that holds answers in some interview is a
 * 409 naming those fields, unless `force: true`: then the answers and attachments of the
 * dropped fields are deleted with it, so no interview keeps values its form cannot show.
 */
export async function updateForm(ctx: Ctx, id: string, input: UpdateFormInput) {
  const { row, orphanKeys } = await db().$transaction(async (tx) => {
    const form = await tx.form.findFirst({ where: { id, districtId: ctx.districtId }, select: { fields: true } });
    if (!form) throw notFound("Form");
    const lost = input.fields ? lostFields(readFormFields(form.fields), input.fields) : [];
    let orphanKeys: string[] = [];
    if (lost.length) {
      const answered = await tx.$queryRaw<{ field_id: string }[]>`
        select distinct e.key as field_id
          from interviews i cross join lateral jsonb_each(i.responses) e
         where i.district_id = ${ctx.districtId} and i.form_id = ${id} and e.key = any(${lost}::text[])
           and e.value not in ('null'::jsonb, '{}'::jsonb)
        union
        select distinct f.field_id from interview_files f join interviews i on i.id = f.interview_id and i.district_id = f.district_id
         where i.district_id = ${ctx.districtId} and i.form_id = ${id} and f.field_id = any(${lost}::text[])`;
      if (answered.length && !input.force) {
        const names = answered.map((a) => a.field_id).sort();
        throw new AppError(
          "conflict",
          `These fields hold answers in interviews: ${names.join(", ")}. Send "force": true to remove them with their answers.`,
          names.map((f) => ({ path: `fields.${f}`, message: "Holds answers in interviews." })),
        );
      }
      if (answered.length) {
        const files = await tx.interviewFile.findMany({
          where: { districtId: ctx.districtId, fieldId: { in: lost }, interview: { formId: id } },
          select: { id: true, storageKey: true },
        });
        await tx.interviewFile.deleteMany({ where: { districtId: ctx.districtId, id: { in: files.map((f) => f.id) } } });
        await tx.$executeRaw`
          update interviews set responses = responses - ${lost}::text[], updated_at = now()
           where district_id = ${ctx.districtId} and form_id = ${id} and responses ?| ${lost}::text[]`;
        orphanKeys = files.map((f) => f.storageKey);
      }
    }
    const row = await tx.form.update({ where: { id, districtId: ctx.districtId }, data: { name: input.name, fields: input.fields }, select: formSelect });
    return { row, orphanKeys };
  });
  // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
  if (orphanKeys.length)
    await storage()
      .delete(orphanKeys)
      .catch((error) => log.error({ err: error }, "could not delete stored files"));
  return serializeForm(row);
}
