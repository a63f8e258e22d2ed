import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { invalid } from "@/lib/errors/app-error";

/** A profile's form must be one of the district's: 400 on `form_id` otherwise. */
export async function assertKnownForm(ctx: Ctx, formId: string | null | undefined) {
  if (!formId) return;
  const form = await db().form.findFirst({ where: { id: formId, districtId: ctx.districtId }, select: { id: true } });
  if (!form) throw invalid("form_id", `Unknown form id: ${formId}`);
}
