import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { readFormFields } from "@/lib/forms/read-form-fields";
import { notFound } from "@/lib/errors/app-error";
import { interviewFullSelect } from "./serialize-interview";
import { visibleInterviewsWhere } from "./visibility";

/**
 * The interview `id` of person `personId`, if the caller may see it, with its form's fields
 * and its attachments. Anything else (other district, other person, unpublished for a
 * candidate…) is 404.
 */
export async function findVisibleInterview(ctx: Ctx, personId: string, id: string) {
  const row = await db().interview.findFirst({
    where: { AND: [visibleInterviewsWhere(ctx), { id, personId }] },
    select: {
      ...interviewFullSelect,
      form: { select: { fields: true } },
      files: { select: { id: true, fieldId: true, name: true, storageKey: true, contentType: true, size: true, createdAt: true } },
    },
  });
  if (!row) throw notFound("Interview");
  return { ...row, fields: row.form ? readFormFields(row.form.fields) : null };
}
