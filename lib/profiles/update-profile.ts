import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { assertKnownForm } from "./assert-known-form";
import type { UpdateProfileInput } from "./schemas";
import { profileSelect, serializeProfile } from "./serialize-profile";

export async function updateProfile(ctx: Ctx, id: string, input: UpdateProfileInput) {
  await assertKnownForm(ctx, input.form_id);
  const where = { id, districtId: ctx.districtId };
  const { count } = await db().profile.updateMany({ where, data: { name: input.name, formId: input.form_id } });
  if (!count) throw notFound("Profile");
  return serializeProfile(await db().profile.findFirstOrThrow({ where, select: profileSelect }));
}
