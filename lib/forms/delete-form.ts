import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { conflict, notFound } from "@/lib/errors/app-error";

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
