import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/pool";
import { seesAllInterviews } from "@/lib/interviews/visibility";
import { conflict, notFound } from "@/lib/errors/app-error";
import type { CreateFormInput } from "./schemas";
import { formSelect, serializeForm } from "./serialize-form";

/**
 * Candidates and mentors read forms without their private and scorecard fields: even the label
 * of a staff-only field ("Concerns about the candidate") is not theirs to see.
 */
const serializeFor = (ctx: Ctx) => (row: Parameters<typeof serializeForm>[0]) => {
  const form = serializeForm(row);
  return seesAllInterviews(ctx) ? form : { ...form, fields: form.fields.filter((f) => f.p !== 1 && f.scorecard !== 1) };
};

// Reads of every role on every interview page: plain SQL rather than Prisma's query engine.
const FORM_COLUMNS = `id, name, fields, created_at as "createdAt", updated_at as "updatedAt"`;
type FormRow = Parameters<typeof serializeForm>[0];

export async function listForms(ctx: Ctx) {
  const rows = await sqlRows<FormRow>(`select ${FORM_COLUMNS} from forms where district_id = $1 order by name, id`, [ctx.districtId]);
  return rows.map(serializeFor(ctx));
}

export async function getForm(ctx: Ctx, id: string) {
  const [row] = await sqlRows<FormRow>(`select ${FORM_COLUMNS} from forms where id = $1 and district_id = $2`, [id, ctx.districtId]);
  if (!row) throw notFound("Form");
  return serializeFor(ctx)(row);
}

export async function createForm(ctx: Ctx, input: CreateFormInput) {
  const row = await db().form.create({ data: { districtId: ctx.districtId, name: input.name, fields: input.fields }, select: formSelect });
  return serializeForm(row);
}

/** A form that interviews were recorded with stays: their answers only make sense with it. */
export async function deleteForm(ctx: Ctx, id: string) {
  await db().$transaction(async (tx) => {
    const form = await tx.form.findFirst({ where: { id, districtId: ctx.districtId }, select: { id: true } });
    if (!form) throw notFound("Form");
    const used = await tx.interview.count({ where: { districtId: ctx.districtId, formId: id } });
    if (used) throw conflict(`This form is used by ${used} ${used === 1 ? "interview" : "interviews"}; it cannot be deleted.`);
    await tx.form.deleteMany({ where: { id, districtId: ctx.districtId } });
  });
  return { ok: true as const };
}
