import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { CreateFormInput } from "./schemas";
import { formSelect, serializeForm } from "./serialize-form";

export async function createForm(ctx: Ctx, input: CreateFormInput) {
  const row = await db().form.create({ data: { districtId: ctx.districtId, name: input.name, fields: input.fields }, select: formSelect });
  return serializeForm(row);
}
