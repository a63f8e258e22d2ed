import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/http/errors";
import type { CreateFormInput } from "./schemas";
import { formSelect, serializeForm } from "./serialize-form";

export async function listForms(ctx: Ctx) {
  const rows = await db().form.findMany({ where: { districtId: ctx.districtId }, select: formSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(serializeForm);
}

export async function getForm(ctx: Ctx, id: string) {
  const row = await db().form.findFirst({ where: { id, districtId: ctx.districtId }, select: formSelect });
  if (!row) throw notFound("Form");
  return serializeForm(row);
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
    await tx.form.delete({ where: { id } });
  });
  return { ok: true as const };
}
